import { describe, expect, it } from 'vitest';
import {
  delaySeconds,
  judgeAttempt,
  PAIR_DELAY_AFTER_FAILURES,
  requiredCheckLevel,
  signInKeys,
  type SignInCounts,
} from './auth.throttle';

const NOW = new Date('2030-01-01T00:00:00Z');
const counts = (pair: number, ip: number, account: number, waits: Partial<Record<'pair' | 'ip', Date>> = {}) =>
  ({
    pair: { failures: pair, waitUntil: waits.pair ?? null },
    ip: { failures: ip, waitUntil: waits.ip ?? null },
    account: { failures: account, waitUntil: null },
  }) satisfies SignInCounts;

describe('sign-in throttle rules', () => {
  describe(delaySeconds.name, () => {
    it('waits one minute after the fifth failure, doubling at each further one up to fifteen', () => {
      const waits = [4, 5, 6, 7, 8, 9, 10, 40].map((failures) => delaySeconds(failures, PAIR_DELAY_AFTER_FAILURES));
      expect(waits).toEqual([null, 60, 120, 240, 480, 900, 900, 900]);
    });
  });

  describe(requiredCheckLevel.name, () => {
    it('asks for level 1 after two failures of the pair or five of the IP, from any IP', () => {
      expect(requiredCheckLevel(counts(1, 4, 0), true)).toBe(0);
      expect(requiredCheckLevel(counts(2, 0, 0), true)).toBe(1);
      expect(requiredCheckLevel(counts(0, 5, 0), true)).toBe(1);
    });

    it('asks one level more for each further failure, the highest count deciding, up to the cap', () => {
      expect([2, 3, 4, 5, 9].map((pair) => requiredCheckLevel(counts(pair, 0, 0), true))).toEqual([1, 2, 3, 3, 3]);
      expect(requiredCheckLevel(counts(3, 6, 0), true)).toBe(2);
      expect(requiredCheckLevel(counts(2, 7, 0), true)).toBe(3);
    });

    it('counts failures on the account from other IPs only from an IP the member has never used', () => {
      expect(requiredCheckLevel(counts(0, 0, 5), false)).toBe(1);
      expect(requiredCheckLevel(counts(0, 0, 6), false)).toBe(2);
      expect(requiredCheckLevel(counts(0, 0, 50), true)).toBe(0);
      expect(requiredCheckLevel(counts(0, 0, 4), false)).toBe(0);
    });
  });

  describe(judgeAttempt.name, () => {
    it('makes an attempt wait for the later of the pair and the IP, before anything else', () => {
      const pair = new Date(NOW.getTime() + 60_000);
      const ip = new Date(NOW.getTime() + 120_000);
      const verdict = judgeAttempt(counts(9, 30, 9, { pair, ip }), { checkLevel: 3, isKnownIp: true, now: NOW });
      expect(verdict).toEqual({ kind: 'wait', until: ip });
    });

    it('refuses an attempt whose proof of work is easier than its counts ask, without counting it', () => {
      expect(judgeAttempt(counts(2, 0, 0), { checkLevel: 0, isKnownIp: true, now: NOW })).toEqual({
        kind: 'captcha',
        required: 1,
      });
      expect(judgeAttempt(counts(4, 0, 0), { checkLevel: 2, isKnownIp: true, now: NOW })).toEqual({
        kind: 'captcha',
        required: 3,
      });
      expect(judgeAttempt(counts(4, 0, 0), { checkLevel: 3, isKnownIp: true, now: NOW }).kind).toBe('check');
    });

    it('counts an attempt it lets through, with the waits its failure will start', () => {
      const verdict = judgeAttempt(counts(4, 19, 7), { checkLevel: 3, isKnownIp: false, now: NOW });
      expect(verdict).toEqual({
        kind: 'check',
        counts: counts(5, 20, 8, { pair: new Date(NOW.getTime() + 60_000), ip: new Date(NOW.getTime() + 60_000) }),
        waits: { pair: 60, ip: 60 },
      });
    });
  });

  it('keys an attempt by its account and IP, its IP, and its account', () => {
    expect(signInKeys('u:demo', '203.0.113.9')).toEqual({
      pair: 'p:u:demo@203.0.113.9',
      ip: 'ip:203.0.113.9',
      account: 'u:demo',
    });
  });
});
