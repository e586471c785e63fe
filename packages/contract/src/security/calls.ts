// The security centre's calls (docs/product/calls.md#security-centre), exported together as SECURITY_CALLS:
// the member's sign-ins, sessions, known IPs and authenticator. Zod-free: the site's start-up code may import them.
import type { ApiCall } from '../call';

/** What protects the account: the new-IP check's methods, the authenticator, this session. */
export const overview = { method: 'GET', path: '/wps/member/security' } as const satisfies ApiCall;
/** The member's sign-ins, newest first (keyset by id). */
export const signIns = { method: 'GET', path: '/wps/member/security/sign-ins' } as const satisfies ApiCall;
/** The member's live sessions. */
export const sessions = { method: 'GET', path: '/wps/member/security/sessions' } as const satisfies ApiCall;
/** Ends one of the member's sessions. */
export const signOutSession = {
  method: 'POST',
  path: '/wps/member/security/sessions/sign-out',
} as const satisfies ApiCall;
/** Ends every session of the member but this one. */
export const signOutOthers = {
  method: 'POST',
  path: '/wps/member/security/sessions/sign-out-others',
} as const satisfies ApiCall;
/** The IPs the new-IP check trusts, each with the device last seen there. */
export const knownIps = { method: 'GET', path: '/wps/member/security/ips' } as const satisfies ApiCall;
/** Forgets a known IP: the next sign-in from it asks for the extra verification. */
export const removeKnownIp = { method: 'POST', path: '/wps/member/security/ips/remove' } as const satisfies ApiCall;
/** Starts enrolling an authenticator: a new secret and its otpauth:// URI for the QR code. */
export const startAuthenticator = {
  method: 'POST',
  path: '/wps/member/security/authenticator/enrolment',
} as const satisfies ApiCall;
/** Confirms the enrolment with a code of the authenticator; answers the recovery codes, shown this once. */
export const confirmAuthenticator = {
  method: 'POST',
  path: '/wps/member/security/authenticator',
} as const satisfies ApiCall;
/** Removes the authenticator, with one of its codes or a recovery code. */
export const removeAuthenticator = {
  method: 'POST',
  path: '/wps/member/security/authenticator/remove',
} as const satisfies ApiCall;
/** Whether a payment password is set, until when it is locked, and where a reset code can be sent. */
export const paymentPassword = {
  method: 'GET',
  path: '/wps/member/security/payment-password',
} as const satisfies ApiCall;
/** Sets the first payment password, with the login password. */
export const setPaymentPassword = {
  method: 'POST',
  path: '/wps/member/security/payment-password',
} as const satisfies ApiCall;
/** Changes the payment password, with the current one. */
export const changePaymentPassword = {
  method: 'POST',
  path: '/wps/member/security/payment-password/change',
} as const satisfies ApiCall;
/** Sends a one-time code to the member's bound mobile or e-mail, for a payment password reset. */
export const sendPaymentPasswordCode = {
  method: 'POST',
  path: '/wps/member/security/payment-password/reset/code',
} as const satisfies ApiCall;
/** Sets a new payment password with the code sent; a lock ends with it. */
export const resetPaymentPassword = {
  method: 'POST',
  path: '/wps/member/security/payment-password/reset',
} as const satisfies ApiCall;
