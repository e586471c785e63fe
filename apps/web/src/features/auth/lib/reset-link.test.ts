import { RESET_PASSWORD_QUERY } from '@parlay/contract';
import { describe, expect, it, vi } from 'vitest';
import { RESET_QUERY, takeResetTokenFrom } from './reset-link';

describe(takeResetTokenFrom.name, () => {
  it('uses the query name of the contract', () => {
    expect(RESET_QUERY).toBe(RESET_PASSWORD_QUERY);
  });

  it('takes the token and leaves the rest of the address', () => {
    const history = { state: { idx: 0 }, replaceState: vi.fn() };
    const token = takeResetTokenFrom({ href: 'https://site.test/index?a=1&resetPasswordToken=abc_DEF-123#x' }, history);
    expect(token).toBe('abc_DEF-123');
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/index?a=1#x');
  });

  it('leaves an address without a token alone', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(takeResetTokenFrom({ href: 'https://site.test/?referralCode=r1' }, history)).toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('treats an empty token as none, but still clears it from the address', () => {
    const history = { state: null, replaceState: vi.fn() };
    expect(takeResetTokenFrom({ href: 'https://site.test/?resetPasswordToken=' }, history)).toBeNull();
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/');
  });
});
