/**
 * The rules of the back office's sign-in throttle, apart from the database (docs/decisions/0032-back-office-
 * operators-and-audit.md). As for members (decision 0025) every attempt is counted before it is checked, and
 * failures slow the login and IP they come from: nothing locks an operator out for good. Operators have no
 * proof of work to ask for, so there are waits only.
 */

/** Failures are counted over this window, from a key's first failure. */
export const OPERATOR_THROTTLE_WINDOW_SECONDS = 60 * 60;
/** The first wait, doubled at each further failure ... */
export const OPERATOR_FIRST_WAIT_SECONDS = 60;
/** ... up to this. */
export const OPERATOR_MAX_WAIT_SECONDS = 15 * 60;
/** Wrong codes a challenge takes before it ends: the password step is taken again (and counted again). */
export const CHALLENGE_MAX_FAILURES = 5;

/** What a key counts, and from which failure on its next attempt waits. */
export const THROTTLE_RULES = {
  /** A login's passwords from one IP. */
  password: { waitFrom: 5 },
  /** One IP's passwords, whatever the login (spraying). */
  ip: { waitFrom: 20 },
  /** An operator's codes (TOTP or recovery) from one IP. */
  code: { waitFrom: 5 },
  /**
   * An operator's TOTP codes from every IP: with the password, codes could be guessed from many IPs. Only
   * TOTP codes wait on it; a recovery code (50 random bits) still signs the owner in meanwhile.
   */
  totp: { waitFrom: 10 },
} as const;
export type ThrottleRule = keyof typeof THROTTLE_RULES;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const passwordKeys = (login: string, ip: string): ThrottleKey[] => [
  { key: `p:${login}@${ip}`, rule: 'password' },
  { key: `ip:${ip}`, rule: 'ip' },
];
export const totpKeys = (operatorId: number, ip: string): ThrottleKey[] => [
  { key: `t:${operatorId}@${ip}`, rule: 'code' },
  { key: `t:${operatorId}`, rule: 'totp' },
];
export const recoveryKeys = (operatorId: number, ip: string): ThrottleKey[] => [
  { key: `t:${operatorId}@${ip}`, rule: 'code' },
];

/** How long a key waits after its `failures`-th failure, or null while it needs none. */
export function waitSeconds(failures: number, rule: ThrottleRule): number | null {
  const from = THROTTLE_RULES[rule].waitFrom;
  if (failures < from) return null;
  return Math.min(OPERATOR_FIRST_WAIT_SECONDS * 2 ** (failures - from), OPERATOR_MAX_WAIT_SECONDS);
}
