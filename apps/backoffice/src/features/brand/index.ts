// A brand's settings for the back office. Code outside this feature imports this file only.
export { BrandSettingsPage } from './components/brand-settings';
