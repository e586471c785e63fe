import { defineErrors } from './define';

/**
 * Errors of the security centre (docs/product/member-centre.md#security-centre): sessions, known IPs, authenticator,
 * payment password.
 */
export const securityErrors = defineErrors({
  /** Not a live session of the caller (another member's, ended, or unknown): nothing ended. */
  SECURITY_SESSION_NOT_FOUND: {
    status: 404,
    ko: '로그인 세션을 찾을 수 없습니다.',
    en: 'No such session is signed in.',
  },
  /** The session making the call: signing it out is the ordinary sign-out. */
  SECURITY_SESSION_CURRENT: {
    status: 409,
    ko: '현재 사용 중인 세션입니다. 로그아웃을 이용해 주세요.',
    en: 'This is the session you are using; use sign out instead.',
  },
  /** Not one of the caller's known IPs: nothing removed. */
  SECURITY_IP_NOT_FOUND: {
    status: 404,
    ko: '등록된 IP를 찾을 수 없습니다.',
    en: 'This IP is not registered.',
  },
  /** Forgetting the last known IP would turn the new-IP check off (the next sign-in's IP would be trusted as the first). */
  SECURITY_LAST_KNOWN_IP: {
    status: 409,
    ko: '마지막 등록 IP는 삭제할 수 없습니다.',
    en: 'The last registered IP cannot be removed.',
  },
  /** An authenticator is enrolled already: remove it first. */
  AUTHENTICATOR_ALREADY_ENROLLED: {
    status: 409,
    ko: '이미 인증 앱이 등록되어 있습니다.',
    en: 'An authenticator is already set up.',
  },
  /** No enrolment waits for its code (never started, or older than 10 minutes): start again. */
  AUTHENTICATOR_ENROLMENT_EXPIRED: {
    status: 409,
    ko: '인증 앱 등록 시간이 지났습니다. 다시 시작해 주세요.',
    en: 'The authenticator set-up has expired. Please start again.',
  },
  /** No authenticator is enrolled. */
  AUTHENTICATOR_NOT_ENROLLED: {
    status: 409,
    ko: '등록된 인증 앱이 없습니다.',
    en: 'No authenticator is set up.',
  },
  /** A wrong, used or expired authenticator or recovery code. */
  AUTHENTICATOR_CODE_INVALID: {
    status: 400,
    ko: '인증 코드가 올바르지 않습니다.',
    en: 'The authenticator code is not valid.',
  },
  /** Too many wrong codes: wait `value.retryAfterSeconds`. */
  AUTHENTICATOR_CODE_WAIT: {
    status: 429,
    ko: '잘못된 코드가 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.',
    en: 'Too many wrong codes. Please try again in {minutes} min.',
  },
  /** The member has no payment password: set one first. */
  PAYMENT_PASSWORD_NOT_SET: {
    status: 409,
    ko: '결제 비밀번호가 설정되어 있지 않습니다. 먼저 설정해 주세요.',
    en: 'No payment password is set. Please set one first.',
  },
  /** A payment password is set already: change it with the current one, or reset it with a code. */
  PAYMENT_PASSWORD_ALREADY_SET: {
    status: 409,
    ko: '이미 결제 비밀번호가 설정되어 있습니다.',
    en: 'A payment password is already set.',
  },
  /** A payment password is exactly 6 digits. */
  PAYMENT_PASSWORD_FORMAT: {
    status: 400,
    ko: '결제 비밀번호는 숫자 6자리입니다.',
    en: 'The payment password must be 6 digits.',
  },
  /** The payment password may not be the login password. */
  PAYMENT_PASSWORD_SAME_AS_LOGIN: {
    status: 400,
    ko: '결제 비밀번호는 로그인 비밀번호와 달라야 합니다.',
    en: 'The payment password must differ from the login password.',
  },
  /** The new payment password is the current one. */
  PAYMENT_PASSWORD_UNCHANGED: {
    status: 400,
    ko: '새 결제 비밀번호는 현재 결제 비밀번호와 달라야 합니다.',
    en: 'The new payment password must differ from the current one.',
  },
  /** Setting the first payment password needs the login password, and it was wrong (counted as a wrong try). */
  PAYMENT_PASSWORD_LOGIN_WRONG: {
    status: 400,
    ko: '로그인 비밀번호가 올바르지 않습니다.',
    en: 'The login password is incorrect.',
  },
  /** A wrong payment password; `value.attemptsLeft` tries remain before the lock. */
  PAYMENT_PASSWORD_WRONG: {
    status: 400,
    ko: '결제 비밀번호가 올바르지 않습니다. 남은 시도 횟수: {attemptsLeft}회',
    en: 'The payment password is incorrect. {attemptsLeft} tries left.',
  },
  /**
   * Too many wrong payment passwords: locked until `value.lockedUntil` (ISO; `value.retryAfterSeconds`). A reset by
   * code ends the lock.
   */
  PAYMENT_PASSWORD_LOCKED: {
    status: 429,
    ko: '결제 비밀번호를 여러 번 잘못 입력해 잠겼습니다. {minutes}분 후에 다시 시도하거나 인증번호로 재설정해 주세요.',
    en: 'Too many wrong payment passwords: it is locked. Try again in {minutes} min, or reset it with a code.',
  },
  /** No mobile (sms) or e-mail bound to the account for the reset code. */
  PAYMENT_PASSWORD_NO_CONTACT: {
    status: 409,
    ko: '인증번호를 받을 휴대폰 번호나 이메일이 등록되어 있지 않습니다.',
    en: 'No mobile number or e-mail is bound to receive the code.',
  },
});
