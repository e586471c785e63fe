import {
  ClaimRebatesResponseSchema,
  MemberRebatesResponseSchema,
  REBATE_CALLS,
  type MemberRebates,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { fail, ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import ManualRebatePage from './index';

const SUMMARY: MemberRebates = {
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  enabled: true,
  period: 'weekly',
  autoPay: false,
  rankLevel: 2,
  rankName: 'Gold',
  rates: { LIVE: 30, RNG: 40, SPORTS: 20 },
  current: {
    periodStart: '2026-11-23',
    periodEnd: '2026-11-29',
    endsAt: '2026-11-29T15:00:00.000Z',
    validBetMinor: 150_000,
    rebateMinor: 510,
    categories: [
      { gameType: 'RNG', validBetMinor: 100_000, rebateMinor: 400 },
      { gameType: 'LIVE', validBetMinor: 50_000, rebateMinor: 110 },
    ],
  },
  settling: [],
  claimable: [
    {
      periodStart: '2026-11-09',
      periodEnd: '2026-11-15',
      endsAt: '2026-11-15T15:00:00.000Z',
      validBetMinor: 200_000,
      rebateMinor: 700,
      categories: [],
    },
    {
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      endsAt: '2026-11-22T15:00:00.000Z',
      validBetMinor: 300_000,
      rebateMinor: 1_100,
      categories: [],
    },
  ],
  claimableMinor: 1_800,
  paid: [],
};

const PAID: MemberRebates = {
  ...SUMMARY,
  claimable: [],
  claimableMinor: 0,
  paid: [
    {
      id: 2,
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      validBetMinor: 300_000,
      amountMinor: 1_100,
      way: 'claim',
      paidAt: '2026-11-28T03:00:00.000Z',
    },
    {
      id: 1,
      periodStart: '2026-11-09',
      periodEnd: '2026-11-15',
      validBetMinor: 200_000,
      amountMinor: 700,
      way: 'claim',
      paidAt: '2026-11-28T03:00:00.000Z',
    },
  ],
};

describe('ManualRebatePage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the accruing period by game type and claims the finished ones once, with one request id', async () => {
    const user = userEvent.setup();
    let answer = SUMMARY;
    const bodies: { requestId: string }[] = [];
    server.use(
      http.get(REBATE_CALLS.summary.path, () => ok(MemberRebatesResponseSchema, answer)),
      http.post(REBATE_CALLS.claim.path, async ({ request }) => {
        bodies.push((await request.json()) as { requestId: string });
        answer = PAID;
        return ok(ClaimRebatesResponseSchema, { paid: PAID.paid, amountMinor: 1_800, balanceMinor: 51_800 });
      }),
    );
    renderWithShell(<ManualRebatePage />);
    expect(await screen.findByText('Your level: Gold')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cashback' })).toBeInTheDocument();
    expect(screen.getByTestId('rebate-accrued')).toHaveTextContent('₩510');
    const current = screen.getByRole('table', { name: 'This period so far' });
    const rows = within(current).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Slots0.4%₩100,000₩400',
      'Live0.3%₩50,000₩110',
      'Sports0.2%₩0₩0',
    ]);
    const periods = screen.getByRole('table', { name: 'Finished periods to claim' });
    expect(within(periods).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Claim ₩1,800' }));
    expect(await screen.findByRole('status')).toHaveTextContent('₩1,800 cashback was added to your balance.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.requestId).toMatch(/^web-/);
    const paid = await screen.findByRole('table', { name: 'Cashback paid, newest first' });
    expect(within(paid).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Claim' })).toBeDisabled();
    expect(screen.getByText(/Nothing to claim yet/)).toBeInTheDocument();
  });

  it("shows the server's refusal, and a period still settling with the time it opens", async () => {
    const user = userEvent.setup();
    server.use(
      http.get(REBATE_CALLS.summary.path, () =>
        ok(MemberRebatesResponseSchema, {
          ...SUMMARY,
          settling: [{ ...SUMMARY.claimable[1]!, claimableFrom: '2026-11-22T15:10:00.000Z' }],
          claimable: [SUMMARY.claimable[0]!],
          claimableMinor: 700,
        }),
      ),
      http.post(REBATE_CALLS.claim.path, () => fail('REBATE_NOTHING_TO_CLAIM')),
    );
    renderWithShell(<ManualRebatePage />);
    expect(await screen.findByText(/is being tallied: you can claim ₩1,100 from Nov 23, 00:10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim ₩700' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no cashback to claim now.');
  });

  it('says when the brand pays automatically or has paused cashback, in Korean too', async () => {
    server.use(
      http.get(REBATE_CALLS.summary.path, () =>
        ok(MemberRebatesResponseSchema, { ...SUMMARY, autoPay: true, enabled: false }),
      ),
    );
    await i18n.changeLanguage('ko');
    renderWithShell(<ManualRebatePage />);
    expect(await screen.findByText(/일시 중지/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '캐시백' })).toBeInTheDocument();
    expect(screen.getByText(/자동으로 지급/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /받기/ })).toBeEnabled();
  });
});
