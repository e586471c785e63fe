// The audit trail's search. Code outside this feature imports this file only.
export { AuditTrail, type OperatorOption } from './components/audit-trail';
