// Player protection: limits, time-outs, self-exclusion and the reality check (decision 0042). Code outside
// protection imports this file only.
export { protectionBackofficeRoutes } from './protection.bo-routes';
export { protectionRoutes } from './protection.routes';
export { formatLocal, ProtectionService, type ProtectionOwner } from './protection.service';
