// The member's mailbox, operators' messages and feedback. Code outside messages imports this file only.
export { messagesRoutes } from './messages.routes';
export { messagesBackofficeRoutes } from './messages.bo-routes';
export { MessagesService, type MessageRecipient, type UnreadPublisher } from './messages.service';
export { OperatorMessageService } from './operator-messages.service';
export { FeedbackService } from './feedback.service';
export type { TemplateKey, TemplateParams } from './templates';
