// The member's mailbox. Code outside messages imports this file only.
export { messagesRoutes } from './messages.routes';
export { MessagesService } from './messages.service';
