// A brand's IP allow-list for the back office. Code outside this feature imports this file only.
export { IpAllowListEditor } from './components/ip-allow-list-editor';
