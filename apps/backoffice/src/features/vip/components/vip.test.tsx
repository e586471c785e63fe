import type { BoVipLevel, BoVipLevels } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildLevel(rankLevel: number, name: string, overrides: Partial<BoVipLevel> = {}): BoVipLevel {
  return {
    rankLevel,
    name,
    reach: { validBetMinor: rankLevel * 1_000_000, depositMinor: rankLevel * 100_000 },
    keep: { validBetMinor: rankLevel * 500_000, depositMinor: 0 },
    benefits: {
      rebateBp: { LIVE: 20 },
      withdrawal: { dailyCount: 3, dailyMaxMinor: 5_000_000, singleMaxMinor: null },
      upgradeBonusMinor: rankLevel * 10_000,
      birthdayBonusMinor: 0,
      monthlyBonusMinor: 0,
    },
    memberCount: 4,
    updatedAt: '2026-11-27T10:00:00.000Z',
    version: 2,
    ...overrides,
  };
}

const LEVELS: BoVipLevels = {
  currency: 'KRW',
  currencyExponent: 0,
  settings: { periodDays: 30, downgradeGraceDays: 30, version: 1 },
  levels: [buildLevel(0, 'Bronze'), buildLevel(1, 'Silver')],
};

describe('the VIP levels page', () => {
  it('shows the levels and saves an edit in major units with the version it opened', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      answer('session', buildSession({ roles: ['owner'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('vipLevels', LEVELS),
      answer('updateVipLevel', async ({ request }) => {
        bodies.push(await request.json());
        return buildLevel(1, 'Silver Star', { version: 3 });
      }),
    );
    renderApp('/brands/parlay/vip');
    const table = await screen.findByRole('table', { name: 'VIP levels, lowest first' });
    expect(within(table).getByText('Silver')).toBeVisible();
    expect(within(table).getByText('Bets ₩1,000,000')).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'Edit Silver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Level 1: Silver' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Silver Star');
    await user.click(within(dialog).getByRole('button', { name: 'Save level' }));
    expect(await screen.findByText('Silver Star saved')).toBeVisible();
    expect(bodies).toEqual([
      {
        name: 'Silver Star',
        reach: { validBetMinor: 1_000_000, depositMinor: 100_000 },
        keep: { validBetMinor: 500_000, depositMinor: 0 },
        benefits: {
          rebateBp: { LIVE: 20 },
          withdrawal: { dailyCount: 3, dailyMaxMinor: 5_000_000, singleMaxMinor: null },
          upgradeBonusMinor: 10_000,
          birthdayBonusMinor: 0,
          monthlyBonusMinor: 0,
        },
        version: 2,
      },
    ]);
  });

  it('shows read-only operators the levels without the add, edit and save controls', async () => {
    server.use(
      answer('session', buildSession({ roles: ['readOnly'], brands: [{ code: 'parlay', name: 'Parlay' }] })),
      answer('vipLevels', LEVELS),
    );
    renderApp('/brands/parlay/vip');
    const table = await screen.findByRole('table', { name: 'VIP levels, lowest first' });
    expect(within(table).getByText('Bronze')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add level' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Silver' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Rolling period (days)' })).toBeDisabled();
  });
});
