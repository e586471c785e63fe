// The support chat: members' and visitors' conversations with the brand's operators. Code outside support imports
// this file only.
export { supportRoutes } from './support.routes';
export { supportBackofficeRoutes } from './support.bo-routes';
export { SupportService, type SupportCaller, type SupportPublisher } from './support.service';
export type { SupportDelivery, SupportSink } from './support.hub';
