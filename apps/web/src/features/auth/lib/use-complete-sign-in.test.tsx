import type { LoginResult } from '@parlay/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useModalStore } from '../../../lib/modal-store';
import { useSessionStore } from '../../../lib/session-store';
import { useAuthFlowStore } from './auth-flow-store';
import { useCompleteSignIn } from './use-complete-sign-in';

function result(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    id: 7,
    account: 'demo',
    nickname: 'Demo',
    type: 0,
    toUpline: '',
    clubLabel: { labelName: 'VIP1', rankLevel: 1 },
    memberLabel: [],
    isFreePlay: false,
    language: null,
    hasMobile: true,
    hasEmail: true,
    previousLoginAt: null,
    lastLoginAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    token: 'x'.repeat(43),
    expiresAt: '2026-01-02T00:00:00.000Z',
    firstTimeLogin: false,
    passwordExpired: false,
    passwordIsDefault: false,
    cpw: false,
    ...overrides,
  };
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe(useCompleteSignIn.name, () => {
  afterEach(() =>
    act(() => {
      useSessionStore.getState().endSession();
      useModalStore.getState().closeModal();
      useAuthFlowStore.getState().setKnownPassword(null);
    }),
  );

  it('stores the token and closes the login dialog', () => {
    act(() => useModalStore.getState().openModal('loginPopupModal', {}));
    const { result: hook } = renderHook(() => useCompleteSignIn(), { wrapper });
    act(() => hook.current(result(), 'username', 'Demo1234!'));
    expect(sessionStorage.getItem('token')).toBe('x'.repeat(43));
    expect(useSessionStore.getState().member?.clubLabel?.labelName).toBe('VIP1');
    expect(useModalStore.getState().current).toBeNull();
    expect(useAuthFlowStore.getState().knownPassword).toBeNull();
  });

  it('opens the change-password dialog for a default password, keeping the typed one in memory only', () => {
    const { result: hook } = renderHook(() => useCompleteSignIn(), { wrapper });
    act(() => hook.current(result({ cpw: true, passwordIsDefault: true }), 'username', 'Demo1234!'));
    expect(useModalStore.getState().current).toEqual({ name: 'changePassModal', payload: { reason: 'default' } });
    expect(sessionStorage.getItem('cpw')).toBe('true');
    expect(useAuthFlowStore.getState().knownPassword).toBe('Demo1234!');
    expect(JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie).not.toContain(
      'Demo1234!',
    );
  });

  it('does not force the change after an SMS sign-in', () => {
    const { result: hook } = renderHook(() => useCompleteSignIn(), { wrapper });
    act(() => hook.current(result({ cpw: true, passwordExpired: true }), 'sms'));
    expect(useModalStore.getState().current).toBeNull();
    expect(sessionStorage.getItem('cpw')).toBe('false');
  });
});
