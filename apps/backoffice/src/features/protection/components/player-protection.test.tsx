import {
  BACKOFFICE_CALLS,
  PlayerProtectionResponseSchema,
  PROTECTION_LIMITS,
  ProtectionBlockResponseSchema,
  type PlayerProfile,
  type PlayerProtection,
  type RoleName,
} from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, ok } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const PROFILE: PlayerProfile = {
  id: 42,
  account: 'demo',
  nickname: 'Demo',
  status: 'active',
  agentType: 0,
  countryDialingCode: '82',
  mobileNum: '1012345678',
  email: 'demo@parlay.example',
  registeredAt: '2026-11-01T08:00:00.000Z',
  lastLoginAt: '2026-11-26T08:00:00.000Z',
  lastLoginIp: '203.0.113.9',
  fullname: 'Demo Player',
  payeeName: null,
  language: 'KO',
  rankLevel: 1,
  labels: [],
  inviteCode: null,
  upline: null,
  registerMethod: 'mobile',
  registerIp: '203.0.113.9',
  registerDomain: 'localhost',
  previousLoginAt: null,
  statusReason: null,
  statusChangedAt: null,
  passwordIsDefault: false,
  passwordChangedAt: '2026-11-01T08:00:00.000Z',
  passwordExpired: false,
  forcePasswordChange: false,
  failedSignIns: 0,
  signInWaitUntil: null,
  hasAuthenticator: false,
  isFreePlay: false,
  expiresAt: null,
  currency: 'KRW',
  currencyExponent: 0,
};

function protection(blocked = false): PlayerProtection {
  return {
    currency: 'KRW',
    currencyExponent: 0,
    settings: {
      limits: PROTECTION_LIMITS.map((key) => ({
        key,
        value: key === 'lossDaily' ? 50_000 : null,
        usedMinor: key === 'sessionMinutes' || key === 'realityCheckMinutes' ? null : key === 'lossDaily' ? 12_000 : 0,
        pending: key === 'lossDaily' ? { value: 80_000, effectiveAt: '2026-11-28T03:00:00.000Z' } : null,
      })),
      block: blocked
        ? { kind: 'selfExclusion', startedAt: '2026-11-27T03:00:00.000Z', until: '2027-05-27T03:00:00.000Z' }
        : null,
      changeDelayHours: 24,
    },
    history: [
      {
        id: 2,
        at: '2026-11-27T03:00:00.000Z',
        key: 'lossDaily',
        action: 'raiseRequested',
        before: 50_000,
        after: 80_000,
        effectiveAt: '2026-11-28T03:00:00.000Z',
        actor: 'member',
      },
    ],
  };
}

function answerPlayer(roles: RoleName[], blocks: unknown[] = []) {
  let blocked = false;
  server.use(
    answer('session', buildSession({ roles })),
    answer('player', PROFILE),
    answer('playerBalances', {
      sumBalance: 0,
      currency: 'KRW',
      wallets: [{ walletCode: 'MAIN', displayName: 'Main', balanceMinor: 0 }],
      inPlayMinor: 0,
      openRounds: 0,
    }),
    answer('playerLedger', { items: [], nextCursor: null }),
    http.get(`*${BACKOFFICE_CALLS.playerProtection.path.replace(':brand', 'parlay').replace(':playerId', '42')}`, () =>
      ok(PlayerProtectionResponseSchema, protection(blocked)),
    ),
    http.post(
      `*${BACKOFFICE_CALLS.blockPlayerProtection.path.replace(':brand', 'parlay').replace(':playerId', '42')}`,
      async ({ request }) => {
        blocks.push(await request.json());
        blocked = true;
        return ok(ProtectionBlockResponseSchema, protection(true).settings.block!);
      },
    ),
  );
}

describe('PlayerProtection', () => {
  it("shows the player's limits, the raise waiting and the history to a reader, with no way to change them", async () => {
    answerPlayer(['finance']);
    renderApp('/brands/parlay/players/42');
    const section = await screen.findByRole('region', { name: 'Responsible gaming' });
    await userEvent.click(within(section).getByRole('button', { name: 'Show' }));
    const [row] = await within(section).findAllByRole('row', { name: /^Losses per day/ });
    expect(row).toHaveTextContent('₩50,000');
    expect(row).toHaveTextContent('₩12,000');
    expect(row).toHaveTextContent(/₩80,000 from/);
    expect(within(section).getByText('Can play')).toBeVisible();
    expect(within(section).getByText(/raise asked/)).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Add and sign out' })).toBeNull();
  });

  it('lets an operator who changes players add a self-exclusion after a confirmation', async () => {
    const user = userEvent.setup();
    const blocks: unknown[] = [];
    answerPlayer(['risk'], blocks);
    renderApp('/brands/parlay/players/42');
    const section = await screen.findByRole('region', { name: 'Responsible gaming' });
    await user.click(within(section).getByRole('button', { name: 'Show' }));
    await within(section).findByRole('heading', { name: 'Changes' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Add' }), 'selfExclusion');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'For' }), '12');
    await user.click(within(section).getByRole('button', { name: 'Add and sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude this player for 12 months?' });
    expect(within(dialog).getByText(/Nobody can end it early or shorten it/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add and sign out' }));
    await expect.poll(() => blocks).toEqual([{ kind: 'selfExclusion', months: 12 }]);
    expect(await within(section).findByText(/Self-excluded until/)).toBeVisible();
  });
});
