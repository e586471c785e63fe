// Operators of the back office: their accounts, roles and brands, two-step sign-in and sessions, invitations,
// brands' IP allow-lists, and the demo operators. Code outside operators imports this file only.
export { IpAllowListService } from './ip-allow-list.service';
export { operatorsBackofficeRoutes } from './operators.bo-routes';
export { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, DEMO_TOTP_SECRET } from './demo-operators';
export { seedDemoOperators } from './operators.seed';
export { OperatorService, type BrandScope, type Invitation, type InvitationDelivery } from './operators.service';
export { readSessionCookie } from './session-cookie';
export { OperatorSignInService, type ClientInfo, type SignedInOperator } from './sign-in.service';
