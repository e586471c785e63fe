// The append-only audit trail: what admin services record with each change, and its search. Code outside
// audit imports this file only.
export { actorText, AuditService, type Actor, type AuditRecord, type AuditScope } from './audit.service';
export { auditBackofficeRoutes } from './audit.bo-routes';
