// The security centre: the member's sign-ins, sessions, known IPs, authenticator and payment password. Code outside
// security imports this file only.
export { MemberAuthenticatorService, memberTotpSealContext } from './authenticator.service';
export { ContactBindingService } from './contact-binding.service';
export { contactRoutes } from './contact.routes';
export { PaymentPasswordService, type PaymentPasswordOwner } from './payment-password.service';
export { securityRoutes } from './security.routes';
export { SecurityService } from './security.service';
