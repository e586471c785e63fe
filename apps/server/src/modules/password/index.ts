// Password change, and recovery by phone and by e-mail. Code outside password imports this file only.
export { passwordRoutes } from './password.routes';
export { PasswordService } from './password.service';
