// Registration, the brand's account rules, affiliate codes. Code outside registration imports this file only.
export { registrationRoutes } from './registration.routes';
export { createInviteCode, RegistrationService, uniqueViolation, violationError } from './registration.service';
