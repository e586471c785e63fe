// The back office's calls (docs/decisions/0032-back-office-operators-and-audit.md), exported as
// BACKOFFICE_CALLS. Every path starts with BACKOFFICE_PATH_PREFIX; a brand-scoped call carries the brand's
// merchant code as `:brand`. Zod-free: the back office's start-up code imports them. Each feature with
// operator pages adds its calls here.
import type { ApiCall } from '../call';

// The operator's own session. Signing in takes two steps: the password, then a code of the authenticator
// (or a recovery code); the first sign-in enrols the authenticator instead.
/** Step 1: login and password. Answers the next step and its challenge. */
export const signIn = { method: 'POST', path: '/bo/api/session/sign-in' } as const satisfies ApiCall;
/** Step 2: a 6-digit code of the authenticator. Sets the session cookie. */
export const signInTotp = { method: 'POST', path: '/bo/api/session/sign-in/totp' } as const satisfies ApiCall;
/** Step 2 without the authenticator: a recovery code, good once. Sets the session cookie. */
export const signInRecovery = {
  method: 'POST',
  path: '/bo/api/session/sign-in/recovery',
} as const satisfies ApiCall;
/** Step 2 of the first sign-in: the first code of the authenticator just enrolled. Sets the cookie. */
export const enrolTotp = { method: 'POST', path: '/bo/api/session/sign-in/enrolment' } as const satisfies ApiCall;
/** Who is signed in: roles, permissions, brands, when the session ends. */
export const session = { method: 'GET', path: '/bo/api/session' } as const satisfies ApiCall;
export const signOut = { method: 'DELETE', path: '/bo/api/session' } as const satisfies ApiCall;
/** Ends every session of the operator, this one included. */
export const signOutEverywhere = { method: 'DELETE', path: '/bo/api/sessions' } as const satisfies ApiCall;
/** New recovery codes (the old ones stop working), confirmed by a code of the authenticator. */
export const renewRecoveryCodes = {
  method: 'POST',
  path: '/bo/api/session/recovery-codes',
} as const satisfies ApiCall;

// Invitations: a one-time link by e-mail; the invited operator chooses a password, then signs in.
/** What an invitation is for (login, name, brands), before it is accepted. */
export const invitation = { method: 'POST', path: '/bo/api/invitation' } as const satisfies ApiCall;
export const acceptInvitation = { method: 'POST', path: '/bo/api/invitation/accept' } as const satisfies ApiCall;

// Operators and their roles (not brand-scoped: each operator sees and changes only operators of its brands).
export const operators = { method: 'GET', path: '/bo/api/operators' } as const satisfies ApiCall;
export const operator = { method: 'GET', path: '/bo/api/operators/:operatorId' } as const satisfies ApiCall;
/** Creates the operator and e-mails the invitation. */
export const inviteOperator = { method: 'POST', path: '/bo/api/operators' } as const satisfies ApiCall;
/** A new invitation link for an operator who has not accepted one yet (the old link stops working). */
export const reinviteOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/invitation',
} as const satisfies ApiCall;
export const suspendOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/suspend',
} as const satisfies ApiCall;
export const reactivateOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/reactivate',
} as const satisfies ApiCall;
export const setOperatorRoles = {
  method: 'PUT',
  path: '/bo/api/operators/:operatorId/roles',
} as const satisfies ApiCall;
export const setOperatorBrands = {
  method: 'PUT',
  path: '/bo/api/operators/:operatorId/brands',
} as const satisfies ApiCall;
/** The operator enrols a new authenticator at the next sign-in (a lost phone); every session ends. */
export const resetOperatorTotp = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/totp-reset',
} as const satisfies ApiCall;
export const endOperatorSessions = {
  method: 'DELETE',
  path: '/bo/api/operators/:operatorId/sessions',
} as const satisfies ApiCall;

// A brand's IP allow-list: when it has entries, every brand-scoped call for the brand must come from one.
export const ipAllowList = { method: 'GET', path: '/bo/api/brands/:brand/ip-allow-list' } as const satisfies ApiCall;
export const setIpAllowList = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/ip-allow-list',
} as const satisfies ApiCall;

/** The audit trail: every write through the back office or the CLI, newest first. */
export const audit = { method: 'GET', path: '/bo/api/audit' } as const satisfies ApiCall;

// A brand's dashboard and daily reports, read from the settlement feed's aggregates
// (docs/decisions/0034-settlement-feed.md).
/** The brand's figures over a period (today, 7 or 30 days, custom): totals, series, by category and vendor. */
export const dashboard = { method: 'GET', path: '/bo/api/brands/:brand/dashboard' } as const satisfies ApiCall;
/** A page of daily rows by brand, vendor, category or game, newest day first. */
export const dailyReport = { method: 'GET', path: '/bo/api/brands/:brand/reports/daily' } as const satisfies ApiCall;
/** Every daily row of a period as CSV (text/csv), streamed as it is read. */
export const dailyReportExport = {
  method: 'GET',
  path: '/bo/api/brands/:brand/reports/daily/export',
} as const satisfies ApiCall;
