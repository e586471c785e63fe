// Sign-in and its throttle, free-play guests, request encryption keys. Code outside auth imports this file only.
export { authRoutes } from './auth.routes';
export { AuthService, type AuthenticatorCheck, type ClientInfo, type SignInGuard } from './auth.service';
export { GuestService } from './guest.service';
export { keysBackofficeRoutes } from './keys.bo-routes';
export {
  EncryptionKeyService,
  JWE_CONTENT_ALGORITHM,
  JWE_KEY_ALGORITHM,
  KEY_ROTATION_GRACE_SECONDS,
  MAX_JWE_LENGTH,
  MAX_KEY_ROTATION_GRACE_SECONDS,
} from './keys.service';
