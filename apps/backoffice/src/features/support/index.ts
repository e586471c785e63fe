// The brand's support inbox: members' and visitors' chat conversations. Code outside this feature imports this file
// only.
export { SupportInbox } from './components/support-inbox';
