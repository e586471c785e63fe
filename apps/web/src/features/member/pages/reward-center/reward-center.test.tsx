import {
  APPLICATION_CALLS,
  BONUS_CALLS,
  BonusListResponseSchema,
  ClaimMissionResponseSchema,
  ClaimRaffleResponseSchema,
  ClaimRebatesResponseSchema,
  MemberApplicationsResponseSchema,
  MemberRebatesResponseSchema,
  MISSION_CALLS,
  MissionSummaryResponseSchema,
  RAFFLE_CALLS,
  RaffleListResponseSchema,
  REBATE_CALLS,
  type MemberRebates,
  type MissionSummary,
  type RaffleItem,
  type RaffleList,
} from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n/index';
import { useSessionStore } from '../../../../lib/session-store';
import { ok } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import RewardCenterPage from './index';

const REBATES: MemberRebates = {
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  enabled: true,
  period: 'weekly',
  autoPay: false,
  rankLevel: 1,
  rankName: 'Bronze',
  rates: {},
  current: {
    periodStart: '2026-11-23',
    periodEnd: '2026-11-29',
    endsAt: '2026-11-29T15:00:00.000Z',
    validBetMinor: 0,
    rebateMinor: 0,
    categories: [],
  },
  settling: [],
  claimable: [],
  claimableMinor: 0,
  paid: [],
};

const MISSION: MissionSummary['items'][number] = {
  id: 7,
  code: 'DAILY10',
  title: 'Play 10 rounds',
  summary: '',
  goal: 'rounds',
  gameType: null,
  target: 10,
  progress: 10,
  period: 'daily',
  periodStart: '2026-11-28',
  periodEnd: '2026-11-28',
  rewardMinor: 1_000,
  state: 'claim',
  startsAt: null,
  endsAt: null,
  claimedAt: null,
};

const SUMMARY: MissionSummary = {
  readyCount: 1,
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  items: [MISSION, { ...MISSION, id: 8, code: 'WEEKLY', title: 'Wager 100,000', state: 'in_process' }],
};

const EMPTY_BONUSES = {
  currency: 'KRW',
  currencyExponent: 0,
  lockedMinor: 0,
  wageringLeftMinor: 0,
  bonusBalanceMinor: 0,
  items: [],
  nextCursor: null,
};
const EMPTY_APPLICATIONS = { currency: 'KRW', currencyExponent: 0, items: [] };
const NO_RAFFLES: RaffleList = { currency: 'KRW', currencyExponent: 0, items: [] };

const RAFFLE: RaffleItem = {
  id: 41,
  code: 'WEEKLY-RAFFLE',
  category: 'raffle',
  title: 'Weekly raffle',
  summary: '',
  saleStartsAt: '2026-11-23T15:00:00.000Z',
  saleEndsAt: '2026-11-30T15:00:00.000Z',
  drawAt: '2026-11-30T15:10:00.000Z',
  rules: { depositStepMinor: 10_000, betStepMinor: 10_000, maxTicketsPerMember: 50 },
  prizes: [{ rank: 1, amountMinor: 100_000 }],
  seedHash: 'a'.repeat(64),
  status: 'open',
  drawnAt: null,
  state: 'join',
  tickets: 4,
  joinedAt: null,
  prize: null,
};

function answerAll(options: { rebates?: MemberRebates; missions?: MissionSummary; raffles?: RaffleList } = {}) {
  server.use(
    http.get(REBATE_CALLS.summary.path, () => ok(MemberRebatesResponseSchema, options.rebates ?? REBATES)),
    http.get(MISSION_CALLS.summary.path, () =>
      ok(MissionSummaryResponseSchema, options.missions ?? { ...SUMMARY, readyCount: 0, items: [] }),
    ),
    http.get(BONUS_CALLS.list.path, () => ok(BonusListResponseSchema, EMPTY_BONUSES)),
    http.get(APPLICATION_CALLS.list.path, () => ok(MemberApplicationsResponseSchema, EMPTY_APPLICATIONS)),
    http.get(RAFFLE_CALLS.list.path, () => ok(RaffleListResponseSchema, options.raffles ?? NO_RAFFLES)),
  );
}

describe('RewardCenterPage', () => {
  beforeEach(async () => {
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    useSessionStore.getState().endSession();
  });

  it('says honestly when nothing is ready, in English and Korean', async () => {
    answerAll();
    renderWithShell(<RewardCenterPage />);
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
    expect(screen.getByTestId('reward-ready-count')).toHaveTextContent('Nothing to claim right now.');
    cleanup();
    await i18n.changeLanguage('ko');
    renderWithShell(<RewardCenterPage />);
    expect(await screen.findByText('아직 리워드가 없습니다')).toBeInTheDocument();
  });

  it('claims the cashback ready and a mission ready, each by its own call', async () => {
    const user = userEvent.setup();
    let rebates: MemberRebates = { ...REBATES, claimableMinor: 2_500 };
    let missions = SUMMARY;
    const claimed: number[] = [];
    server.use(
      http.get(BONUS_CALLS.list.path, () => ok(BonusListResponseSchema, EMPTY_BONUSES)),
      http.get(APPLICATION_CALLS.list.path, () => ok(MemberApplicationsResponseSchema, EMPTY_APPLICATIONS)),
      http.get(RAFFLE_CALLS.list.path, () => ok(RaffleListResponseSchema, NO_RAFFLES)),
      http.get(REBATE_CALLS.summary.path, () => ok(MemberRebatesResponseSchema, rebates)),
      http.get(MISSION_CALLS.summary.path, () => ok(MissionSummaryResponseSchema, missions)),
      http.post(REBATE_CALLS.claim.path, () => {
        rebates = { ...REBATES, claimableMinor: 0 };
        return ok(ClaimRebatesResponseSchema, { paid: [], amountMinor: 2_500, balanceMinor: 10_000 });
      }),
      http.post(MISSION_CALLS.claim.path, async ({ request }) => {
        claimed.push(((await request.json()) as { missionId: number }).missionId);
        missions = { ...SUMMARY, readyCount: 0, items: [{ ...MISSION, state: 'claimed' }] };
        return ok(ClaimMissionResponseSchema, {
          mission: { ...MISSION, state: 'claimed' },
          amountMinor: 1_000,
          balanceMinor: 11_000,
        });
      }),
    );
    renderWithShell(<RewardCenterPage />);
    expect(await screen.findByTestId('reward-ready-count')).toHaveTextContent('2 rewards ready to claim now.');
    const cashback = screen.getByTestId('reward-cashback');
    expect(cashback).toHaveTextContent('₩2,500');
    // Only the mission in state claim is offered, not the one in process.
    expect(screen.queryByText('Wager 100,000')).not.toBeInTheDocument();
    await user.click(within(cashback).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByRole('status')).toHaveTextContent('₩2,500 cashback paid to your balance.');
    await expect.poll(() => screen.queryByTestId('reward-cashback')).toBeNull();

    const mission = screen.getByTestId('reward-mission-DAILY10');
    await user.click(within(mission).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Play 10 rounds: ₩1,000 paid to your balance.')).toBeInTheDocument();
    expect(claimed).toEqual([7]);
  });

  it('offers to join a raffle the member holds tickets in, then shows it joined, and lists a prize won', async () => {
    const user = userEvent.setup();
    const drawn: RaffleItem = {
      ...RAFFLE,
      id: 40,
      code: 'AUTUMN-RAFFLE',
      title: 'Autumn raffle',
      status: 'drawn',
      state: 'issued',
      prize: { rank: 2, amountMinor: 20_000 },
    };
    let raffles: RaffleList = { ...NO_RAFFLES, items: [RAFFLE, drawn] };
    const joined: number[] = [];
    answerAll();
    server.use(
      http.get(RAFFLE_CALLS.list.path, () => ok(RaffleListResponseSchema, raffles)),
      http.post(RAFFLE_CALLS.claim.path, async ({ request }) => {
        joined.push(((await request.json()) as { raffleId: number }).raffleId);
        const after: RaffleItem = { ...RAFFLE, state: 'joined', joinedAt: '2026-11-28T12:00:00.000Z' };
        raffles = { ...NO_RAFFLES, items: [after, drawn] };
        return ok(ClaimRaffleResponseSchema, { raffle: after, joinedNow: true });
      }),
    );
    renderWithShell(<RewardCenterPage />);
    expect(await screen.findByTestId('reward-ready-count')).toHaveTextContent('1 reward ready to claim now.');
    expect(screen.getByTestId('reward-raffle-AUTUMN-RAFFLE')).toHaveTextContent('You won prize #2: ₩20,000');
    const open = screen.getByTestId('reward-raffle-WEEKLY-RAFFLE');
    expect(open).toHaveTextContent('You hold 4 tickets: join to be in the draw');
    await user.click(within(open).getByRole('button', { name: 'Join' }));
    await expect
      .poll(() => screen.getByTestId('reward-raffle-WEEKLY-RAFFLE').textContent)
      .toContain('Joined with 4 tickets so far');
    expect(joined).toEqual([41]);
    expect(screen.getByTestId('reward-ready-count')).toHaveTextContent('Nothing to claim right now.');
  });
});
