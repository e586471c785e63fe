import { defineErrors } from './define';

/**
 * Errors of sign-in, registration, recovery, password change, verification and sessions
 * (docs/product/constants.md#messages). English texts the spec quotes are kept word for word.
 */
export const accountErrors = defineErrors({
  /** Unknown account or wrong password; the same answer for both, so it tells nothing about the account. `value.captchaRequired` asks for the harder proof of work next time. */
  WRONG_ACCOUNT_OR_PASSWORD: {
    status: 400,
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'wrong account or password',
  },
  /** Username or password left empty. */
  CREDENTIALS_REQUIRED: {
    status: 422,
    ko: '아이디와 비밀번호를 입력해 주세요.',
    en: 'Please enter username and password',
  },
  /** Too many failed sign-ins from this IP (decision 0025): wait `value.retryAfterSeconds` before the next try. */
  ACCOUNT_LOCKED: {
    status: 403,
    ko: '로그인 실패가 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.',
    en: 'Too many failed sign-ins. Please try again in {minutes} min.',
  },
  /** The account is closed or suspended by the operator. */
  ACCOUNT_DISABLED: {
    status: 403,
    ko: '사용할 수 없는 계정입니다. 고객센터에 문의해 주세요.',
    en: 'This account is not available, please contact customer service.',
  },
  /** The account may not sign in to the player site. */
  NON_MEMBER_LOGIN: {
    status: 403,
    ko: '회원 계정이 아니면 로그인할 수 없습니다.',
    en: 'Non-member account unable to login',
  },
  /** A non-agent tried the agent area. */
  NOT_AGENT: { status: 403, ko: '에이전트가 아니면 로그인할 수 없습니다.', en: 'Non-agents cannot log in' },
  /**
   * After failed sign-ins (or with the brand's captcha rule, at registration) the attempt needs a harder
   * proof of work and carried only the behaviour check: fetch a challenge with POST
   * /wps/verification/altcha, solve it and send its payload as `altcha` (decision 0030). There is no
   * image captcha any more. `value.captchaRequired` is true.
   */
  CAPTCHA_REQUIRED: {
    status: 400,
    ko: '추가 보안 확인이 필요합니다. 다시 시도해 주세요.',
    en: 'An extra security check is needed. Please try again.',
  },
  /**
   * The harder proof of work sent is easier than the attempt now needs (failures were counted since it
   * was fetched): fetch and solve a new one, as for CAPTCHA_REQUIRED. `value.captchaRequired` is true.
   */
  CAPTCHA_INVALID: {
    status: 400,
    ko: '보안 확인이 만료되었습니다. 다시 시도해 주세요.',
    en: 'The security check has expired. Please try again.',
  },
  /** The behaviour check (proof of work) is missing, wrong, expired or already used. */
  VERIFICATION_INCOMPLETE: {
    status: 400,
    ko: '먼저 인증을 완료해 주세요.',
    en: 'Please complete verification first',
  },
  /** Password recovery by e-mail: no account has this username and e-mail (the spec asks for this message). */
  USERNAME_OR_EMAIL_NOT_FOUND: {
    status: 404,
    ko: '아이디 또는 이메일이 존재하지 않습니다.',
    en: 'Username/Email does not exist',
  },
  /** The username is taken on this brand. */
  ACCOUNT_EXISTS: { status: 409, ko: '이미 사용 중인 아이디입니다.', en: 'This username is already taken.' },
  /** The mobile number is bound to another account on this brand. */
  MOBILE_EXISTS: {
    status: 409,
    ko: '이미 등록된 휴대폰 번호입니다.',
    en: 'This mobile number is already registered.',
  },
  /** A registration field breaks its rule; `value` = { field, patternId, min, max }. */
  FIELD_INVALID: { status: 422, ko: '{detailKo}', en: '{detailEn}' },
  /** A field the brand requires is empty; `value.field` names it. */
  FIELD_REQUIRED: { status: 422, ko: '{detailKo}', en: '{detailEn}' },
  /** Password and its confirmation differ. */
  PASSWORD_CONFIRMATION_MISMATCH: {
    status: 422,
    ko: '두 번 입력한 비밀번호가 일치하지 않습니다.',
    en: 'The two passwords are inconsistent',
  },
  /** The current password given for a change is wrong. */
  OLD_PASSWORD_WRONG: { status: 400, ko: '현재 비밀번호가 올바르지 않습니다.', en: 'The old password is incorrect.' },
  /** The new password equals the current one. */
  PASSWORD_UNCHANGED: {
    status: 422,
    ko: '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
    en: 'The new password must differ from the current one.',
  },
  /** Real name (payee name) format. */
  REAL_NAME_INVALID: { status: 422, ko: '실명 형식이 올바르지 않습니다.', en: 'Invalid real name format' },
  /** The affiliate or referral code is unknown on this brand. */
  INVITATION_CODE_ERROR: { status: 422, ko: '초대 코드가 올바르지 않습니다.', en: 'Invalid invitation code' },
  /** The birthday says the player is younger than {age}. */
  AGE_NOT_CONFIRMED: {
    status: 422,
    ko: '만 {age}세 이상임을 확인해 주세요.',
    en: 'Please confirm you are {age} years old',
  },
  /** Phone verification: the number is not a valid mobile number. */
  PHONE_INVALID: { status: 422, ko: '휴대폰 번호 형식이 올바르지 않습니다.', en: 'Invalid phone number format' },
  /** Phone verification: no number given. */
  PHONE_MISSING: { status: 422, ko: '휴대폰 번호를 입력해 주세요.', en: 'Missing phone number' },
  /** Phone verification: too many codes asked; `value.retryAfterSeconds` (300). */
  SMS_TOO_MANY_REQUESTS: {
    status: 429,
    ko: '요청이 너무 많습니다. 5분 후에 다시 시도해 주세요.',
    en: 'Too many requests, please try again after 5 minutes',
  },
  /** Phone verification: the provider failed for an unknown reason. */
  SMS_UNKNOWN_ERROR: { status: 503, ko: '알 수 없는 오류입니다.', en: 'Unknown error' },
  /** Phone verification: the provider's quota is used up. */
  SMS_QUOTA_EXCEEDED: {
    status: 503,
    ko: '할당량이 부족합니다. 고객센터에 문의해 주세요.',
    en: 'Quota not sufficient, please contact customer service',
  },
  /** A verification code (SMS or e-mail) is wrong or was already used. */
  VERIFICATION_CODE_INVALID: { status: 400, ko: '인증번호가 올바르지 않습니다.', en: 'Invalid verification code' },
  /** No verification code given. */
  VERIFICATION_CODE_MISSING: { status: 422, ko: '인증번호를 입력해 주세요.', en: 'Missing verification code' },
  /** The verification code has expired. */
  VERIFICATION_CODE_EXPIRED: {
    status: 400,
    ko: '인증번호가 만료되었습니다. 다시 받아 주세요.',
    en: 'The code has expired, please send again',
  },
  /** The captcha check of the phone flow failed (invalid input or a domain not on the list). */
  CAPTCHA_CHECK_FAILED: {
    status: 400,
    ko: '보안 확인에 실패했습니다 (잘못된 입력 또는 허용되지 않은 도메인).',
    en: 'Captcha check failed (invalid input or non-whitelisted domain)',
  },
  /** The brand has this function switched off. */
  FUNCTION_NOT_ENABLED: {
    status: 403,
    ko: '사용할 수 없는 기능입니다. 고객센터에 문의해 주세요.',
    en: 'Function not enabled, please contact customer service',
  },
  /** This call takes an encrypted (JWE) body and got a plain one. */
  ENCRYPTION_REQUIRED: {
    status: 400,
    ko: '암호화된 요청만 받을 수 있습니다. 페이지를 새로고침해 주세요.',
    en: 'This request must be encrypted. Please reload the page.',
  },
  /** The JWE body is forged, damaged or made with a key that is no longer accepted. */
  ENCRYPTED_BODY_INVALID: {
    status: 400,
    ko: '암호화된 요청을 해독할 수 없습니다. 페이지를 새로고침해 주세요.',
    en: 'The encrypted request could not be read. Please reload the page.',
  },
  /** Sign-in from an IP this member has not used: a second check is needed; `value` = { challengeId, methods }. */
  LOGIN_VERIFICATION_REQUIRED: {
    status: 403,
    ko: '등록되지 않은 IP에서 로그인했습니다. 추가 인증을 완료해 주세요.',
    en: 'You are signing in from an unregistered IP. Please complete the extra verification.',
  },
  /** The second check failed: wrong answer, unknown method or used challenge. */
  LOGIN_VERIFICATION_FAILED: {
    status: 400,
    ko: '추가 인증에 실패했습니다.',
    en: 'The extra verification failed.',
  },
  /**
   * Too many failed second checks on this account, over every challenge and IP: no second check until
   * `value.retryAfterSeconds` have passed (sign-ins from the member's known IPs need none).
   */
  LOGIN_VERIFICATION_LOCKED: {
    status: 403,
    ko: '추가 인증 실패가 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.',
    en: 'Too many failed verifications. Please try again in {minutes} min.',
  },
  /** The second-check challenge has expired or was used up; sign in again. */
  LOGIN_CHALLENGE_EXPIRED: {
    status: 400,
    ko: '인증 시간이 지났습니다. 다시 로그인해 주세요.',
    en: 'The verification has expired, please sign in again.',
  },
  /** The password-reset link from the e-mail is wrong, used or expired. */
  RESET_TOKEN_INVALID: {
    status: 400,
    ko: '비밀번호 재설정 링크가 올바르지 않거나 만료되었습니다.',
    en: 'The password reset link is invalid or has expired.',
  },
  /**
   * The brand has no site address configured (`npm run admin -- brand site-url`), so it cannot send a link:
   * links are built from that address, never from the request (decision 0026). Nothing was sent or stored.
   */
  BRAND_SITE_URL_MISSING: {
    status: 503,
    ko: '이 사이트는 아직 링크가 담긴 메일을 보낼 수 없습니다. 고객센터에 문의해 주세요.',
    en: 'This site cannot send e-mails with links yet. Please contact customer service.',
  },
  /** The e-mail could not be sent. */
  EMAIL_SEND_FAILED: {
    status: 503,
    ko: '이메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The e-mail could not be sent, please try again later.',
  },
  /** The avatar is not one of the offered images or a valid image. */
  AVATAR_INVALID: { status: 422, ko: '사용할 수 없는 아바타입니다.', en: 'This avatar cannot be used.' },
  /** A nickname outside NICKNAME_LIMITS or with other characters than letters, digits, spaces, `_`, `-`, `.`. */
  NICKNAME_INVALID: {
    status: 422,
    ko: '닉네임은 2~20자의 문자, 숫자, 공백, _ - . 만 쓸 수 있으며 문자나 숫자로 시작하고 끝나야 합니다.',
    en: 'A nickname has 2 to 20 letters, digits, spaces, _, - or ., and starts and ends with a letter or digit.',
  },
  /** An operator command named an account the brand does not have (or a free-play guest). */
  MEMBER_NOT_FOUND: { status: 404, ko: '회원을 찾을 수 없습니다: {account}', en: 'No member {account} on this brand.' },
  /** An operator gave a temporary password that is too short, too long or has spaces. */
  TEMPORARY_PASSWORD_INVALID: {
    status: 422,
    ko: '임시 비밀번호는 공백 없이 8~64자여야 합니다.',
    en: 'A temporary password has 8 to 64 characters and no spaces.',
  },
});
