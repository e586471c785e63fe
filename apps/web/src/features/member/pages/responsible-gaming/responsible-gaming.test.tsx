import {
  PROTECTION_CALLS,
  PROTECTION_LIMITS,
  ProtectionBlockResponseSchema,
  ProtectionSettingsResponseSchema,
  type ProtectionLimit,
  type ProtectionSettings,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionEndStore } from '../../../../lib/session-end';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import ResponsibleGamingPage from './index';

function settingsWith(
  changes: Partial<Record<ProtectionLimit['key'], Partial<ProtectionLimit>>> = {},
): ProtectionSettings {
  return {
    limits: PROTECTION_LIMITS.map((key) => ({
      key,
      value: null,
      usedMinor: key === 'sessionMinutes' || key === 'realityCheckMinutes' ? null : 0,
      pending: null,
      ...changes[key],
    })),
    block: null,
    changeDelayHours: 24,
  };
}

const limitRow = (key: string) => document.querySelector<HTMLElement>(`[data-limit="${key}"]`)!;

describe('ResponsibleGamingPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows each limit with its use and a raise waiting with its time', async () => {
    server.use(
      http.get(PROTECTION_CALLS.settings.path, () =>
        ok(
          ProtectionSettingsResponseSchema,
          settingsWith({
            lossDaily: {
              value: 50_000,
              usedMinor: 12_000,
              pending: { value: 80_000, effectiveAt: '2026-11-28T03:00:00.000Z' },
            },
          }),
        ),
      ),
    );
    renderWithShell(<ResponsibleGamingPage />);
    expect(await screen.findByRole('heading', { name: 'Loss limits' })).toBeVisible();
    const row = limitRow('lossDaily');
    expect(row.querySelector('strong')).toHaveTextContent(/50,000/);
    expect(within(row).getByText(/Used .*12,000 of .*50,000/)).toBeVisible();
    expect(within(row).getByText(/Rises to .*80,000 on/)).toBeVisible();
    expect(within(limitRow('depositDaily')).getByText('No limit')).toBeVisible();
  });

  it('sends a new limit in minor units and says when it applies', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get(PROTECTION_CALLS.settings.path, () => ok(ProtectionSettingsResponseSchema, settingsWith())),
      http.post(PROTECTION_CALLS.setLimit.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(ProtectionSettingsResponseSchema, settingsWith({ depositWeekly: { value: 30_000 } }));
      }),
    );
    renderWithShell(<ResponsibleGamingPage />);
    await screen.findByRole('heading', { name: 'Deposit limits' });
    const row = limitRow('depositWeekly');
    await user.click(within(row).getByRole('button', { name: 'Set' }));
    await user.type(within(row).getByLabelText('New limit for Per week'), '30000');
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(limitRow('depositWeekly')).findByRole('status')).toHaveTextContent('Saved. It applies now.');
    expect(sent).toEqual([{ key: 'depositWeekly', value: 30_000 }]);
    // The notice reads in the language chosen after the save.
    await act(() => i18n.changeLanguage('ko'));
    expect(within(limitRow('depositWeekly')).getByRole('status')).toHaveTextContent('저장되었습니다. 바로 적용됩니다.');
  });

  it('asks before a self-exclusion, saying it cannot be undone, then signs out', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get(PROTECTION_CALLS.settings.path, () => ok(ProtectionSettingsResponseSchema, settingsWith())),
      http.post(PROTECTION_CALLS.selfExclude.path, async ({ request }) => {
        sent.push(await request.json());
        return ok(ProtectionBlockResponseSchema, {
          kind: 'selfExclusion',
          startedAt: '2026-11-27T00:00:00.000Z',
          until: '2027-05-27T00:00:00.000Z',
        });
      }),
    );
    renderWithShell(<ResponsibleGamingPage />);
    await screen.findByText('Self-exclusion');
    await user.selectOptions(screen.getByLabelText('Months'), '12');
    const starts = screen.getAllByRole('button', { name: 'Start' });
    await user.click(starts[1]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Exclude yourself for 12 months?' });
    expect(within(dialog).getByText(/cannot be undone or shortened/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(sent).toEqual([]);
    await user.click(starts[1]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, start now' }));
    await expect.poll(() => useSessionStore.getState().token).toBeNull();
    expect(sent).toEqual([{ months: 12 }]);
    // Told why, whether or not the server's socket closed first.
    expect(useSessionEndStore.getState().reason).toBe('selfExclusion');
    useSessionEndStore.getState().clear();
  });

  it('says so when the limits cannot be read', async () => {
    server.use(http.get(PROTECTION_CALLS.settings.path, () => fail('SYSTEM_ERROR')));
    renderWithShell(<ResponsibleGamingPage />);
    expect(await screen.findByText('Your limits could not be loaded.')).toBeVisible();
  });
});
