import { defineErrors } from './define';

/** Errors of binding or changing the mobile number and e-mail (docs/product/member-centre.md#mobile-number-and-e-mail). */
export const contactErrors = defineErrors({
  /** No open change of this member by that id: never started, expired, finished, replaced, or another member's. */
  CONTACT_CHANGE_EXPIRED: {
    status: 409,
    ko: '변경 시간이 지났거나 이미 끝난 요청입니다. 처음부터 다시 시작해 주세요.',
    en: 'This change has expired or is already closed. Please start again.',
  },
  /** A step out of order: the bound contact is proved first, then the new one is named, then proved. */
  CONTACT_CHANGE_STEP: {
    status: 409,
    ko: '이전 단계를 먼저 완료해 주세요.',
    en: 'Please finish the previous step first.',
  },
  /** Binding a first mobile number or e-mail needs the login password. */
  CONTACT_PASSWORD_REQUIRED: {
    status: 422,
    ko: '로그인 비밀번호를 입력해 주세요.',
    en: 'Please enter your login password.',
  },
  /** The login password given to bind a first mobile number or e-mail is wrong. */
  CONTACT_PASSWORD_WRONG: {
    status: 400,
    ko: '로그인 비밀번호가 올바르지 않습니다.',
    en: 'The login password is not correct.',
  },
  /** The new mobile number or e-mail is the one already bound. */
  CONTACT_UNCHANGED: {
    status: 409,
    ko: '현재 등록된 정보와 같습니다.',
    en: 'This is the one already bound to your account.',
  },
  /** The e-mail is bound to another account on this brand. */
  EMAIL_EXISTS: {
    status: 409,
    ko: '이미 등록된 이메일입니다.',
    en: 'This e-mail is already registered.',
  },
});
