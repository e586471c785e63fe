// The accounts' calls (docs/product/calls.md: session and sign-in, verification, member and password,
// registration), exported together as ACCOUNT_CALLS. Zod-free: the site's start-up code imports them.
import type { ApiCall } from '../call';

export const login = { method: 'POST', path: '/wps/session/login' } as const satisfies ApiCall;
/** The code of the new-IP check, to the member's bound mobile or e-mail. */
export const loginChallengeCode = {
  method: 'POST',
  path: '/wps/session/login/verification/code',
} as const satisfies ApiCall;
/** The answer to the new-IP check, which signs in. */
export const loginChallenge = { method: 'POST', path: '/wps/session/login/verification' } as const satisfies ApiCall;
export const freePlay = { method: 'POST', path: '/wps/session/login/freeplay' } as const satisfies ApiCall;
/** A free-play guest's practice balance (decision 0072); null for an account that has none. */
export const practiceBalance = { method: 'GET', path: '/wps/session/practice-balance' } as const satisfies ApiCall;
export const logout = { method: 'DELETE', path: '/wps/session/logout' } as const satisfies ApiCall;

/** The behaviour check (an ALTCHA challenge). */
export const altcha = { method: 'GET', path: '/wps/verification/altcha' } as const satisfies ApiCall;
/** The challenge of one sign-in or registration, harder after failures (decision 0030). */
export const altchaFor = { method: 'POST', path: '/wps/verification/altcha' } as const satisfies ApiCall;
export const loginSms = { method: 'POST', path: '/wps/verification/sms/noLogin' } as const satisfies ApiCall;
export const registerSms = { method: 'POST', path: '/wps/verification/sms/register' } as const satisfies ApiCall;
/** The outbox's messages: served only with DEV_OUTBOX_API on, never in production. */
export const devOutbox = { method: 'GET', path: '/wps/dev/outbox' } as const satisfies ApiCall;
/**
 * Moves the settlement's clock forward and runs it at once: served only with DEV_CLOCK_API on, never in production
 * (docs/decisions/0068; journeys and demos: a 5-minute period settled without waiting 5 minutes).
 */
export const devSettlementClock = { method: 'POST', path: '/wps/dev/settlement-clock' } as const satisfies ApiCall;

export const memberInfo = { method: 'GET', path: '/wps/member/info' } as const satisfies ApiCall;
export const memberLanguage = { method: 'PUT', path: '/wps/member/language' } as const satisfies ApiCall;
/** The member's avatar and the static avatars on offer. */
export const avatars = { method: 'GET', path: '/wps/member/info/icon' } as const satisfies ApiCall;
export const changeAvatar = { method: 'PUT', path: '/wps/member/info/icon' } as const satisfies ApiCall;
export const playerAvatar = { method: 'GET', path: '/wps/relay/MCSFE_getPlayerAvatar' } as const satisfies ApiCall;
/** An uploaded avatar: the body is the PNG or JPEG itself (checked by its bytes, re-encoded). */
export const uploadAvatar = { method: 'PUT', path: '/wps/member/info/icon/upload' } as const satisfies ApiCall;
/** The member's nickname, as the site shows it. */
export const changeNickname = { method: 'PUT', path: '/wps/member/info/nickname' } as const satisfies ApiCall;
export const changePassword = { method: 'POST', path: '/wps/member/password' } as const satisfies ApiCall;
/** A new password by an SMS code; signs the member in. */
export const phoneRecovery = { method: 'POST', path: '/wps/member/password/verification' } as const satisfies ApiCall;
/** A one-use reset link by e-mail. */
export const emailRecovery = { method: 'POST', path: '/wps/member/password/email' } as const satisfies ApiCall;
export const emailReset = { method: 'POST', path: '/wps/member/password/email/reset' } as const satisfies ApiCall;

export const register = { method: 'PUT', path: '/wps/member/register' } as const satisfies ApiCall;
export const registerByMobile = { method: 'PUT', path: '/wps/member/register/mobile' } as const satisfies ApiCall;
export const affiliate = { method: 'GET', path: '/wps/agent/affiliate' } as const satisfies ApiCall;
export const registerSettings = { method: 'GET', path: '/wps/system/setting/register' } as const satisfies ApiCall;
