import {
  REFERRAL_CALLS,
  ReferralMembersResponseSchema,
  ReferralSummaryResponseSchema,
  type ReferralMembers,
  type ReferralSummary,
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
import ReferralPage from './index';

const LINK = 'http://localhost:8080/register?referralCode=DEMO0001';
const NO_REWARDS: ReferralSummary['rewards'] = {
  enabled: false,
  minDepositMinor: 0,
  minTurnoverMinor: 0,
  inviterRewardMinor: 0,
  invitedRewardMinor: 0,
  earnedMinor: 0,
  currency: 'KRW',
  currencyExponent: 0,
};
const SUMMARY: ReferralSummary = {
  code: 'DEMO0001',
  link: LINK,
  counts: { total: 3, thisMonth: 2, played: 1 },
  rewards: NO_REWARDS,
};
const COUNTING = { depositMinor: 0, turnoverMinor: 0, status: 'counting', rewardMinor: null, paidAt: null } as const;

function answerSummary(value: ReferralSummary) {
  return http.get(REFERRAL_CALLS.summary.path, () => ok(ReferralSummaryResponseSchema, value));
}

/** The members call: each cursor's page; records the cursors asked for. */
function answerMembers(pages: Record<string, ReferralMembers>, asked: (string | null)[] = []) {
  return http.get(REFERRAL_CALLS.members.path, ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor');
    asked.push(cursor);
    return ok(ReferralMembersResponseSchema, pages[cursor ?? ''] ?? { list: [], nextCursor: null });
  });
}

describe('ReferralPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('shows the code, the link and the counts, and copies the link with a confirmation', async () => {
    const user = userEvent.setup();
    server.use(
      answerSummary(SUMMARY),
      answerMembers({
        '': {
          list: [
            { account: 'fr****1', registeredAt: '2026-11-20T03:00:00.000Z', hasPlayed: true, progress: COUNTING },
            { account: 'fr****2', registeredAt: '2026-10-30T03:00:00.000Z', hasPlayed: false, progress: COUNTING },
          ],
          nextCursor: null,
        },
      }),
    );
    renderWithShell(<ReferralPage />);
    expect(await screen.findByLabelText('Your invite code')).toHaveValue('DEMO0001');
    expect(screen.getByLabelText('Your invite link')).toHaveValue(LINK);
    const counts = screen.getByText('Friends joined').closest('div')!;
    expect(within(counts).getByText('3')).toBeVisible();
    expect(within(screen.getByText('This month').closest('div')!).getByText('2')).toBeVisible();
    expect(within(screen.getByText('Have played').closest('div')!).getByText('1')).toBeVisible();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['fr****1', 'fr****2']);
    expect(within(rows[0]!).getByText('Played')).toBeVisible();
    expect(within(rows[1]!).getByText('Not yet')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Copied');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('DEMO0001');
  });

  it('says so honestly when no one has joined, and offers no link registration would not take', async () => {
    server.use(
      answerSummary({ ...SUMMARY, link: null, counts: { total: 0, thisMonth: 0, played: 0 } }),
      answerMembers({}),
    );
    renderWithShell(<ReferralPage />);
    expect(await screen.findByText('No one has joined with your code yet')).toBeVisible();
    expect(screen.getByLabelText('Your invite code')).toHaveValue('DEMO0001');
    expect(screen.getByText('An invite link is not available on this site at the moment.')).toBeVisible();
    expect(screen.queryByLabelText('Your invite link')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads the next page by the cursor the last one gave', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    server.use(
      answerSummary(SUMMARY),
      answerMembers(
        {
          '': {
            list: [
              { account: 'ne****1', registeredAt: '2026-11-20T03:00:00.000Z', hasPlayed: false, progress: COUNTING },
            ],
            nextCursor: 'k1',
          },
          k1: {
            list: [
              { account: 'ol****9', registeredAt: '2026-09-01T03:00:00.000Z', hasPlayed: true, progress: COUNTING },
            ],
            nextCursor: null,
          },
        },
        asked,
      ),
    );
    renderWithShell(<ReferralPage />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('ol****9')).toBeVisible();
    expect(screen.getByText('ne****1')).toBeVisible();
    expect(asked).toEqual([null, 'k1']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("shows the server's refusal with a way to try again", async () => {
    server.use(
      http.get(REFERRAL_CALLS.summary.path, () => fail('FUNCTION_NOT_ENABLED')),
      answerMembers({}),
    );
    renderWithShell(<ReferralPage />);
    expect(await screen.findByText('Your invitations could not be loaded')).toBeVisible();
    expect(screen.getByText('Function not enabled, please contact customer service')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it("shows the brand's referral reward, what was earned, and each friend's way to it", async () => {
    server.use(
      answerSummary({
        ...SUMMARY,
        rewards: {
          ...NO_REWARDS,
          enabled: true,
          minDepositMinor: 100_000,
          minTurnoverMinor: 300_000,
          inviterRewardMinor: 30_000,
          invitedRewardMinor: 10_000,
          earnedMinor: 30_000,
        },
      }),
      answerMembers({
        '': {
          list: [
            {
              account: 'pa****d',
              registeredAt: '2026-11-20T03:00:00.000Z',
              hasPlayed: true,
              progress: {
                ...COUNTING,
                depositMinor: 100_000,
                turnoverMinor: 450_000,
                status: 'paid',
                rewardMinor: 30_000,
              },
            },
            {
              account: 'ha****f',
              registeredAt: '2026-11-19T03:00:00.000Z',
              hasPlayed: true,
              progress: { ...COUNTING, depositMinor: 50_000, turnoverMinor: 75_000 },
            },
            {
              account: 're****w',
              registeredAt: '2026-11-18T03:00:00.000Z',
              hasPlayed: true,
              progress: {
                ...COUNTING,
                depositMinor: 100_000,
                turnoverMinor: 300_000,
                status: 'held',
                rewardMinor: 30_000,
              },
            },
          ],
          nextCursor: null,
        },
      }),
    );
    renderWithShell(<ReferralPage />);
    const rewards = await screen.findByRole('region', { name: 'Referral reward' });
    expect(rewards).toHaveTextContent('Earn ₩30,000 for each friend who deposits ₩100,000 and plays ₩300,000');
    expect(rewards).toHaveTextContent('Your friend gets ₩10,000 too.');
    expect(within(rewards).getByTestId('referral-earned')).toHaveTextContent('₩30,000');

    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Rewarded ₩30,000')).toBeVisible();
    expect(within(rows[0]!).getByText('Qualified')).toBeVisible();
    const bars = within(rows[1]!).getAllByRole('progressbar');
    expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.getAttribute('aria-valuenow')])).toEqual([
      ['Deposits', '50'],
      ['Valid bets', '25'],
    ]);
    expect(within(rows[1]!).getByText('₩50,000 / ₩100,000')).toBeVisible();
    expect(within(rows[1]!).getByText('In progress')).toBeVisible();
    expect(within(rows[2]!).getByText('Under review')).toBeVisible();
  });
});
