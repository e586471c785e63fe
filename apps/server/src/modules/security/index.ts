// The security centre: the member's sign-ins, sessions, known IPs and authenticator. Code outside security imports
// this file only.
export { MemberAuthenticatorService, memberTotpSealContext } from './authenticator.service';
export { securityRoutes } from './security.routes';
export { SecurityService } from './security.service';
