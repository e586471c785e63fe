// A brand's messages to members' mailboxes and its feedback inbox. Code outside this feature imports this file only.
export { MessagesConsole } from './components/messages-console';
export { FeedbackInbox } from './components/feedback-inbox';
