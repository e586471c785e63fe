import { MAX_CHECK_LEVEL } from '../verification/index';

/**
 * The rules of sign-in throttling (decision 0025), apart from the database: what an attempt needs given
 * the failures counted so far, and how long a key waits after a failure. Nothing here locks an account:
 * failures slow the IP they come from, and failures from many IPs ask unknown IPs for the harder proof
 * of work that replaced the image captcha (decision 0030; the error codes still say CAPTCHA).
 */

/** Failures are counted over this window, from a key's first failure. */
export const THROTTLE_WINDOW_SECONDS = 60 * 60;
/** One account from one IP: the harder proof of work after this many failures ... */
export const PAIR_CAPTCHA_AFTER_FAILURES = 2;
/** ... and a wait before each attempt from this many on. */
export const PAIR_DELAY_AFTER_FAILURES = 5;
/** One IP across accounts (spraying): the harder proof of work after this many failures ... */
export const IP_CAPTCHA_AFTER_FAILURES = 5;
/** ... and a wait from this many on. */
export const IP_DELAY_AFTER_FAILURES = 20;
/** One account across IPs: the harder proof of work for IPs the member has never signed in from, never a lock. */
export const ACCOUNT_CAPTCHA_AFTER_FAILURES = 5;
/** The first wait, doubled at each further failure ... */
export const FIRST_DELAY_SECONDS = 60;
/** ... up to this. */
export const MAX_DELAY_SECONDS = 15 * 60;

/** Failures of the new-IP second check, per account over every challenge and IP, before it locks ... */
export const SECOND_CHECK_LOCK_AFTER_FAILURES = 5;
/** ... over this window ... */
export const SECOND_CHECK_WINDOW_SECONDS = 60 * 60;
/** ... for this long. */
export const SECOND_CHECK_LOCK_SECONDS = 60 * 60;

/** A key's count: failures in its window (attempts being checked count too) and until when it waits. */
export interface ThrottleCount {
  failures: number;
  waitUntil: Date | null;
}

/** The three counts a sign-in attempt is judged by. */
export interface SignInCounts {
  /** This account (username or mobile) from this IP. */
  pair: ThrottleCount;
  /** This IP, whatever the account. */
  ip: ThrottleCount;
  /** This account, whatever the IP. */
  account: ThrottleCount;
}

export interface ThrottleKeys {
  pair: string;
  ip: string;
  account: string;
}

/** The login_throttle keys of an attempt; `accountKey` is `u:<username>` or `m:<mobile>`. */
export function signInKeys(accountKey: string, ip: string): ThrottleKeys {
  return { pair: `p:${accountKey}@${ip}`, ip: `ip:${ip}`, account: accountKey };
}

/** The key counting failures of the new-IP second check of one member. */
export function secondCheckKey(memberId: number): string {
  return `c:${memberId}`;
}

/** How long a key waits after its `failures`-th failure, or null while it needs no wait. */
export function delaySeconds(failures: number, delayAfter: number): number | null {
  if (failures < delayAfter) return null;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** (failures - delayAfter), MAX_DELAY_SECONDS);
}

/**
 * The level of proof of work the next attempt must carry (0: the behaviour check alone). Level 1 from
 * the failures that ask for the harder check, one level more for each failure past them, up to
 * MAX_CHECK_LEVEL (decision 0030). Failures from other IPs on this account count only from an IP the
 * member has never signed in from, so they never slow the owner at home.
 */
export function requiredCheckLevel(counts: SignInCounts, isKnownIp: boolean): number {
  const pastThreshold = Math.max(
    counts.pair.failures - PAIR_CAPTCHA_AFTER_FAILURES,
    counts.ip.failures - IP_CAPTCHA_AFTER_FAILURES,
    isKnownIp ? -1 : counts.account.failures - ACCOUNT_CAPTCHA_AFTER_FAILURES,
  );
  return pastThreshold < 0 ? 0 : Math.min(1 + pastThreshold, MAX_CHECK_LEVEL);
}

export type Verdict =
  /** Too soon after the last failures of this account from this IP, or of this IP. */
  | { kind: 'wait'; until: Date }
  /** The attempt's proof of work is easier than its counts ask for (`required`). */
  | { kind: 'captcha'; required: number }
  /** The password may be checked; the attempt is counted first, with the waits it starts. */
  | { kind: 'check'; counts: SignInCounts; waits: { pair: number | null; ip: number | null } };

/**
 * What an attempt may do, from the counts before it (a `waitUntil` is one still running by the database's
 * clock) and the level of the proof of work it carries. `now` dates the waits this attempt starts.
 */
export function judgeAttempt(
  counts: SignInCounts,
  options: { checkLevel: number; isKnownIp: boolean; now: Date },
): Verdict {
  const wait = laterWait(counts);
  if (wait) return { kind: 'wait', until: wait };
  const required = requiredCheckLevel(counts, options.isKnownIp);
  if (options.checkLevel < required) return { kind: 'captcha', required };
  const pairFailures = counts.pair.failures + 1;
  const ipFailures = counts.ip.failures + 1;
  const pairWait = delaySeconds(pairFailures, PAIR_DELAY_AFTER_FAILURES);
  const ipWait = delaySeconds(ipFailures, IP_DELAY_AFTER_FAILURES);
  const until = (seconds: number | null) =>
    seconds === null ? null : new Date(options.now.getTime() + seconds * 1000);
  return {
    kind: 'check',
    counts: {
      pair: { failures: pairFailures, waitUntil: until(pairWait) },
      ip: { failures: ipFailures, waitUntil: until(ipWait) },
      account: { failures: counts.account.failures + 1, waitUntil: null },
    },
    waits: { pair: pairWait, ip: ipWait },
  };
}

/** The later of the pair's and the IP's waits, if any. */
export function laterWait(counts: SignInCounts): Date | null {
  const waits = [counts.pair.waitUntil, counts.ip.waitUntil].filter((until): until is Date => until !== null);
  return waits.length === 0 ? null : new Date(Math.max(...waits.map((until) => until.getTime())));
}
