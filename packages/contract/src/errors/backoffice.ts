import { defineErrors } from './define';

/** Errors of the back office: operators' sign-in and sessions, permissions, brands, invitations, edits. */
export const backofficeErrors = defineErrors({
  /** A back-office call without a live operator session (none, ended, idle for 30 minutes, or past 12 hours). */
  BO_NOT_SIGNED_IN: {
    status: 401,
    ko: '로그인이 필요합니다. 다시 로그인해 주세요.',
    en: 'Please sign in again.',
  },
  /** The operator's roles do not grant the permission the call needs. */
  BO_PERMISSION_DENIED: {
    status: 403,
    ko: '이 작업을 할 권한이 없습니다.',
    en: 'You do not have permission to do this.',
  },
  /** The brand of the call is not one the operator may act on (or does not exist). */
  BO_BRAND_DENIED: {
    status: 403,
    ko: '이 브랜드에 대한 권한이 없습니다.',
    en: 'You may not act on this brand.',
  },
  /** The brand has an IP allow-list and the call came from another address; `value.ip` is the caller's. */
  BO_IP_NOT_ALLOWED: {
    status: 403,
    ko: '이 브랜드는 현재 IP({ip})에서의 접근을 허용하지 않습니다.',
    en: 'This brand does not allow access from your IP ({ip}).',
  },
  /** A write that did not come from a page of the back office (its Origin or Sec-Fetch-Site). */
  BO_ORIGIN_REFUSED: {
    status: 403,
    ko: '백오피스 화면에서만 변경할 수 있습니다.',
    en: 'Changes can only be made from the back office.',
  },
  /** Unknown login or wrong password; one answer for both. */
  BO_WRONG_CREDENTIALS: {
    status: 400,
    ko: '아이디 또는 비밀번호가 올바르지 않습니다.',
    en: 'Wrong login or password.',
  },
  /** Too many failed sign-in steps for this login from this IP: wait `value.retryAfterSeconds`. Never a lock. */
  BO_SIGN_IN_WAIT: {
    status: 429,
    ko: '로그인 실패가 너무 많습니다. {minutes}분 후에 다시 시도해 주세요.',
    en: 'Too many failed sign-ins. Please try again in {minutes} min.',
  },
  /** The sign-in's challenge is unknown, used, or older than 5 minutes: start again with the password. */
  BO_SIGN_IN_EXPIRED: {
    status: 400,
    ko: '로그인 시간이 지났습니다. 처음부터 다시 시도해 주세요.',
    en: 'The sign-in has expired. Please start again.',
  },
  /** The authenticator's code is wrong, or was already used. */
  BO_TOTP_INVALID: {
    status: 400,
    ko: '인증 코드가 올바르지 않습니다.',
    en: 'The authenticator code is not valid.',
  },
  /** The recovery code is wrong or already used. */
  BO_RECOVERY_CODE_INVALID: {
    status: 400,
    ko: '복구 코드가 올바르지 않거나 이미 사용되었습니다.',
    en: 'The recovery code is not valid or has been used.',
  },
  /** The step does not fit the challenge: enrolment for an operator who has an authenticator, or the reverse. */
  BO_SIGN_IN_STEP_INVALID: {
    status: 400,
    ko: '잘못된 로그인 단계입니다. 처음부터 다시 시도해 주세요.',
    en: 'This sign-in step does not apply. Please start again.',
  },
  /** The operator is suspended and may not sign in. */
  BO_OPERATOR_SUSPENDED: {
    status: 403,
    ko: '정지된 운영자 계정입니다.',
    en: 'This operator account is suspended.',
  },
  /** No operator with this id, or not one of the caller's brands. */
  BO_OPERATOR_NOT_FOUND: { status: 404, ko: '운영자를 찾을 수 없습니다.', en: 'Operator not found.' },
  /** The login or the e-mail is taken by another operator; `value.field` says which. */
  BO_OPERATOR_EXISTS: {
    status: 409,
    ko: '이미 사용 중인 아이디 또는 이메일입니다.',
    en: 'This login or e-mail is already in use.',
  },
  /** The invitation link is unknown, used, replaced or expired. */
  BO_INVITATION_INVALID: {
    status: 400,
    ko: '초대 링크가 유효하지 않거나 만료되었습니다.',
    en: 'The invitation link is not valid or has expired.',
  },
  /** The operator has accepted an invitation already: nothing to send again. */
  BO_INVITATION_ACCEPTED: {
    status: 409,
    ko: '이미 초대를 수락한 운영자입니다.',
    en: 'This operator has already accepted the invitation.',
  },
  /** The password is the login, or too short or long. */
  BO_PASSWORD_WEAK: {
    status: 422,
    ko: '비밀번호는 {min}자 이상이어야 하며 아이디와 달라야 합니다.',
    en: 'The password must have at least {min} characters and differ from the login.',
  },
  /** The change would leave no active owner. */
  BO_LAST_OWNER: {
    status: 409,
    ko: '마지막 소유자는 정지하거나 소유자 역할을 제거할 수 없습니다.',
    en: 'The last owner can be neither suspended nor lose the owner role.',
  },
  /** Only an owner gives or takes the owner role, or changes an owner. */
  BO_OWNER_ONLY: {
    status: 403,
    ko: '소유자만 할 수 있는 작업입니다.',
    en: 'Only an owner can do this.',
  },
  /** An operator may not suspend, or change the roles or brands of, itself. */
  BO_NOT_ON_YOURSELF: {
    status: 409,
    ko: '자신의 계정에는 할 수 없는 작업입니다.',
    en: 'You cannot do this to your own account.',
  },
  /** Someone saved this since the editor opened it (its version moved on): reload, then change it again. */
  BO_CHANGED_SINCE_OPENED: {
    status: 409,
    ko: '화면을 연 뒤 다른 사람이 변경했습니다. 새로 고친 뒤 다시 시도해 주세요.',
    en: 'This was changed since you opened it. Reload it and try again.',
  },
  /** An allow-list entry is not an IP address or CIDR range; `value.entry` names it. */
  BO_IP_ENTRY_INVALID: {
    status: 422,
    ko: '올바른 IP 주소 또는 CIDR 범위가 아닙니다: {entry}',
    en: 'Not an IP address or CIDR range: {entry}',
  },
  /** No player with this member ID on the brand of the call. */
  BO_PLAYER_NOT_FOUND: {
    status: 404,
    ko: '이 브랜드에서 회원을 찾을 수 없습니다.',
    en: 'No such player on this brand.',
  },
  /** The session has ended already, or is not one of this player's. */
  BO_PLAYER_SESSION_NOT_FOUND: {
    status: 404,
    ko: '이미 종료되었거나 이 회원의 세션이 아닙니다.',
    en: "This session has ended, or is not the player's.",
  },
  /** The new allow-list would not allow the caller's own IP (`value.ip`): the caller would lock itself out. */
  BO_IP_LIST_EXCLUDES_YOU: {
    status: 409,
    ko: '현재 IP({ip})가 목록에 없어 저장하면 접근할 수 없게 됩니다.',
    en: 'Your own IP ({ip}) is not in the list: saving it would lock you out.',
  },
  /**
   * A change to what every brand shares (vendors' feeds, the house games' default limits, the request-encryption
   * keys): only an operator of every brand may make it.
   */
  BO_PLATFORM_ONLY: {
    status: 403,
    ko: '모든 브랜드가 함께 쓰는 설정은 전체 브랜드 운영자만 바꿀 수 있습니다.',
    en: 'Only an operator of every brand can change what all brands share.',
  },
  /** No lottery game of this code (issue 38). */
  BO_LOTTERY_GAME_NOT_FOUND: {
    status: 404,
    ko: '해당 복권 게임이 없습니다.',
    en: 'No such lottery game.',
  },
  // The lottery vendor's refusals of an operator's action on a draw (apps/house-games/src/errors.ts), as the
  // back office says them.
  BO_LOTTERY_DRAW_NOT_FOUND: { status: 404, ko: '회차를 찾을 수 없습니다.', en: 'The draw was not found.' },
  BO_LOTTERY_DRAW_VOID: { status: 409, ko: '무효 처리된 회차입니다.', en: 'This draw is void.' },
  BO_LOTTERY_DRAW_PAID: {
    status: 409,
    ko: '이미 정산이 시작된 회차는 무효 처리할 수 없습니다.',
    en: 'Payouts of this draw have been made; it can no longer be voided.',
  },
  BO_LOTTERY_NOT_VN_GAME: {
    status: 400,
    ko: '베트남 지역 추첨 게임이 아닙니다.',
    en: 'This game is not a Vietnamese regional draw.',
  },
  BO_LOTTERY_NOT_SEA_GAME: {
    status: 400,
    ko: 'SEA 4D 추첨 게임이 아닙니다.',
    en: 'This game is not a SEA 4D draw.',
  },
  BO_LOTTERY_VN_NOT_DRAWN_YET: {
    status: 409,
    ko: '아직 추첨 시각이 지나지 않은 회차입니다.',
    en: 'This draw has not taken place yet.',
  },
  BO_LOTTERY_VN_RESULT_INVALID: {
    status: 422,
    ko: '입력한 당첨 번호의 형식이 올바르지 않습니다.',
    en: 'The result entered is not valid.',
  },
  BO_LOTTERY_VN_RESULT_MISMATCH: {
    status: 422,
    ko: '입력한 결과의 지역, 회사 또는 날짜가 회차와 다릅니다.',
    en: "The result's region, company or date is not the draw's.",
  },
  BO_LOTTERY_VN_RESULT_PUBLISHED: {
    status: 409,
    ko: '이미 발표된 결과는 변경할 수 없습니다. 필요하면 회차를 무효 처리하세요.',
    en: 'The result is published and cannot be changed; the draw can only be voided.',
  },
  BO_LOTTERY_VN_NO_ENTRY: {
    status: 409,
    ko: '확인할 입력 결과가 없습니다.',
    en: 'No result has been entered for this draw.',
  },
  BO_LOTTERY_VN_SAME_OPERATOR: {
    status: 409,
    ko: '결과를 입력한 운영자는 확인할 수 없습니다. 다른 운영자가 확인해야 합니다.',
    en: 'The operator who entered the result cannot confirm it; another operator must.',
  },
  BO_LOTTERY_VN_ENTRY_CHANGED: {
    status: 409,
    ko: '확인하려는 결과가 입력된 결과와 다릅니다. 다시 불러와 확인하세요.',
    en: 'The result to confirm differs from the one entered. Reload and check it again.',
  },
});
