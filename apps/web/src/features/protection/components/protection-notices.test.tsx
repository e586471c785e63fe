import { PROTECTION_CALLS, RealityCheckResponseSchema, type RealityCheck } from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { addKoreanTexts } from '../../../i18n/index';
import texts from '../../../i18n/locales/ko/member-protection.json';
import { useMemberCentreStore } from '../../../lib/member-centre-store';
import { noteSessionEnd, useSessionEndStore } from '../../../lib/session-end';
import { useSessionStore } from '../../../lib/session-store';
import { ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { ProtectionNotices, untilNextCheck } from './protection-notices';

addKoreanTexts('member-protection', texts);
const MINUTE = 60_000;

function check(overrides: Partial<RealityCheck> = {}): RealityCheck {
  return {
    intervalMinutes: 30,
    sessionStartedAt: new Date(Date.now() - 29 * MINUTE).toISOString(),
    playedSeconds: 30 * 60,
    stakeMinor: 1_000,
    winMinor: 400,
    netMinor: -600,
    sessionEndsAt: null,
    ...overrides,
  };
}

describe('ProtectionNotices', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useSessionStore.getState().endSession();
    useSessionEndStore.getState().clear();
    useMemberCentreStore.getState().closeMemberCentre();
  });

  it('waits for the next multiple of the interval since sign-in', () => {
    const start = '2026-11-27T10:00:00.000Z';
    const at = (iso: string) => new Date(iso).getTime();
    expect(untilNextCheck(start, 30, at('2026-11-27T10:29:00.000Z'))).toBe(MINUTE);
    expect(untilNextCheck(start, 30, at('2026-11-27T10:30:00.000Z'))).toBe(30 * MINUTE);
    expect(untilNextCheck(start, 30, at('2026-11-27T11:05:00.000Z'))).toBe(25 * MINUTE);
  });

  it("shows the server's time played and result at the interval, and opens the betting record", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    server.use(
      http.get(PROTECTION_CALLS.realityCheck.path, () => {
        asked += 1;
        return ok(RealityCheckResponseSchema, check());
      }),
    );
    renderWithShell(<ProtectionNotices />);
    await vi.waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(asked).toBe(2);
    expect(within(dialog).getByText('You have been playing for 30 minutes in this session.')).toBeVisible();
    expect(within(dialog).getByText(/Your result this session: −₩600\./)).toBeVisible();
    within(dialog).getByRole('button', { name: 'Betting record' }).click();
    await vi.waitFor(() => expect(useMemberCentreStore.getState().page).toBe('personalHistoryCopy'));
  });

  it('asks nothing more of a member without an interval', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    server.use(
      http.get(PROTECTION_CALLS.realityCheck.path, () => {
        asked += 1;
        return ok(RealityCheckResponseSchema, check({ intervalMinutes: null }));
      }),
    );
    renderWithShell(<ProtectionNotices />);
    await vi.waitFor(() => expect(asked).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(120 * MINUTE));
    expect(asked).toBe(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says why protection signed the member out', async () => {
    server.use(http.get(PROTECTION_CALLS.realityCheck.path, () => ok(RealityCheckResponseSchema, check())));
    useSessionStore.getState().endSession();
    renderWithShell(<ProtectionNotices />);
    act(() => noteSessionEnd({ reason: 'sessionLimit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'You have been signed out' });
    expect(within(dialog).getByText(/reached the time limit you set/)).toBeVisible();
    act(() => noteSessionEnd({ reason: 'somethingElse' }));
    expect(useSessionEndStore.getState().reason).toBe('sessionLimit');
  });
});
