// The ALTCHA proof of work, SMS and e-mail codes, the outbox. Code outside verification imports this file only.
export { checkShape, MAX_CHECK_LEVEL } from './altcha-levels';
export { AltchaService, harderCheckRefusal, setHarderCheckCost } from './altcha.service';
export { CodeService, maskEmail, maskMobile, smsTarget } from './code.service';
export { verificationRoutes } from './verification.routes';
