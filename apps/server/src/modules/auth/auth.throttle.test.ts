import { describe, expect, it } from 'vitest';
import {
  delaySeconds,
  judgeAttempt,
  needsCaptcha,
  PAIR_DELAY_AFTER_FAILURES,
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

  describe(needsCaptcha.name, () => {
    it('asks after two failures of the pair or five of the IP, from any IP', () => {
      expect(needsCaptcha(counts(1, 4, 0), true)).toBe(false);
      expect(needsCaptcha(counts(2, 0, 0), true)).toBe(true);
      expect(needsCaptcha(counts(0, 5, 0), true)).toBe(true);
    });

    it('asks for failures on the account from other IPs only from an IP the member has never used', () => {
      expect(needsCaptcha(counts(0, 0, 5), false)).toBe(true);
      expect(needsCaptcha(counts(0, 0, 50), true)).toBe(false);
      expect(needsCaptcha(counts(0, 0, 4), false)).toBe(false);
    });
  });

  describe(judgeAttempt.name, () => {
    it('makes an attempt wait for the later of the pair and the IP, before anything else', () => {
      const pair = new Date(NOW.getTime() + 60_000);
      const ip = new Date(NOW.getTime() + 120_000);
      const verdict = judgeAttempt(counts(9, 30, 9, { pair, ip }), { captchaPassed: true, isKnownIp: true, now: NOW });
      expect(verdict).toEqual({ kind: 'wait', until: ip });
    });

    it('refuses an attempt that needs the captcha and has none, without counting it', () => {
      expect(judgeAttempt(counts(2, 0, 0), { captchaPassed: false, isKnownIp: true, now: NOW })).toEqual({
        kind: 'captcha',
      });
    });

    it('counts an attempt it lets through, with the waits its failure will start', () => {
      const verdict = judgeAttempt(counts(4, 19, 7), { captchaPassed: true, isKnownIp: false, now: NOW });
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
