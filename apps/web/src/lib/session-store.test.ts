import { beforeEach, describe, expect, it } from 'vitest';
import { canSeeAgentArea, isRealAccount, useSessionStore } from './session-store';

describe('session store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useSessionStore.getState().endSession();
  });

  it('keeps the token, isAgent and account under the spec keys', () => {
    useSessionStore.getState().startSession({ token: 'abc', isAgent: 41, account: 'player1' });
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('isAgent')).toBe('41');
    expect(sessionStorage.getItem('account')).toBe('player1');
    expect(useSessionStore.getState().isSignedIn).toBe(true);
  });

  it('clears the session on logout but restores the brand merchant', () => {
    useSessionStore.getState().setBrand('Parlay Demo', 'PARLAY');
    useSessionStore.getState().startSession({ token: 'abc', isAgent: 0, account: 'player1' });
    useSessionStore.getState().endSession();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('merchantCode')).toBe('PARLAY');
    expect(useSessionStore.getState()).toMatchObject({ isSignedIn: false, token: null, merchantCode: 'PARLAY' });
  });
});

describe(isRealAccount.name, () => {
  it('treats type 4 as a trial account and every other type as real', () => {
    expect(isRealAccount(4)).toBe(false);
    expect(isRealAccount(0)).toBe(true);
    expect(isRealAccount(41)).toBe(true);
  });
});

describe(canSeeAgentArea.name, () => {
  it('shows the agent area to types 1, 2, 41 and 42 only', () => {
    expect([0, 1, 2, 3, 4, 41, 42, 43].filter(canSeeAgentArea)).toEqual([1, 2, 41, 42]);
    expect(canSeeAgentArea(null)).toBe(false);
  });
});
