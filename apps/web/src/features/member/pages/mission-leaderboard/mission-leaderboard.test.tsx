import {
  ClaimMissionResponseSchema,
  ERRORS,
  MISSION_CALLS,
  MissionSummaryResponseSchema,
  type MissionItem,
  type MissionSummary,
} from '@parlay/contract';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n/index';
import { useMemberCentreStore } from '../../../../lib/member-centre-store';
import { useSessionStore } from '../../../../lib/session-store';
import { storeLanguage } from '../../../../lib/storage';
import { fail, offline, ok, silentRealtime } from '../../../../test/api';
import { renderWithShell } from '../../../../test/render-with-shell';
import { server } from '../../../../test/server';
import { MemberCentrePanel } from '../../components/member-centre-panel';
import { periodEndsAt, splitTimeLeft, startOfDay } from './components/format';
import MissionLeaderboardPage from './index';

// 19:30 in Seoul on Saturday 28 November: the day's missions end at midnight, in 4 h 30 min.
const NOW = new Date('2026-11-28T10:30:00.000Z');

const DAILY: MissionItem = {
  id: 1,
  code: 'DAILY10',
  title: 'Play 10 rounds today',
  summary: 'Any game counts.',
  goal: 'rounds',
  gameType: null,
  target: 10,
  progress: 7,
  period: 'daily',
  periodStart: '2026-11-28',
  periodEnd: '2026-11-28',
  rewardMinor: 1_000,
  state: 'in_process',
  startsAt: null,
  endsAt: null,
  claimedAt: null,
};
const SLOTS: MissionItem = {
  ...DAILY,
  id: 2,
  code: 'SLOTS100K',
  title: 'Wager 100,000 on slots this week',
  summary: '',
  goal: 'wager',
  gameType: 'RNG',
  target: 100_000,
  progress: 40_000,
  period: 'weekly',
  periodStart: '2026-11-23',
  periodEnd: '2026-11-29',
  rewardMinor: 5_000,
};
const SIGNIN: MissionItem = {
  ...DAILY,
  id: 3,
  code: 'SIGNIN3',
  title: 'Sign in 3 days in a row',
  summary: '',
  goal: 'signin',
  target: 3,
  progress: 2,
  period: 'campaign',
  periodStart: '2026-11-20',
  periodEnd: '2026-12-20',
  rewardMinor: 2_000,
  state: 'signed',
  startsAt: '2026-11-19T15:00:00.000Z',
  endsAt: '2026-12-20T15:00:00.000Z',
};
const SOON: MissionItem = {
  ...DAILY,
  id: 4,
  code: 'XMAS',
  title: 'Christmas deposit',
  summary: '',
  goal: 'deposit',
  target: 50_000,
  progress: 0,
  period: 'campaign',
  periodStart: '2026-12-24',
  periodEnd: null,
  state: 'coming_soon',
  startsAt: '2026-12-24T00:00:00.000Z',
};
const ENDED: MissionItem = {
  ...DAILY,
  id: 5,
  code: 'AUTUMN',
  title: 'Autumn rounds',
  summary: '',
  period: 'campaign',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  progress: 3,
  state: 'close',
  startsAt: '2026-09-30T15:00:00.000Z',
  endsAt: '2026-10-31T15:00:00.000Z',
};
const READY: MissionItem = { ...DAILY, progress: 10, state: 'claim' };
const CLAIMED: MissionItem = { ...READY, state: 'claimed', claimedAt: '2026-11-28T10:31:00.000Z' };

const summaryOf = (items: MissionItem[]): MissionSummary => ({
  readyCount: items.filter((item) => item.state === 'claim').length,
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
  items,
});

const answerSummary = (summary: MissionSummary) =>
  http.get(MISSION_CALLS.summary.path, () => ok(MissionSummaryResponseSchema, summary));

describe('MissionLeaderboardPage', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    useSessionStore.getState().startSession({ token: 'token-1', isAgent: 0, account: 'demo' });
    storeLanguage('EN');
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useSessionStore.getState().endSession();
    useMemberCentreStore.setState({ page: null });
    localStorage.clear();
  });

  it('shows each mission with its progress, period, time left, reward and state; Claim only on a completed one', async () => {
    server.use(answerSummary(summaryOf([READY, SLOTS, SIGNIN, SOON, ENDED])));
    renderWithShell(<MissionLeaderboardPage />);
    const cards = await screen.findAllByTestId('mission');
    expect(cards.map((card) => card.getAttribute('data-state'))).toEqual([
      'claim',
      'in_process',
      'signed',
      'coming_soon',
      'close',
    ]);
    const [daily, slots, signin, soon, ended] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(within(daily).getByRole('heading', { name: 'Play 10 rounds today' })).toBeInTheDocument();
    expect(daily).toHaveTextContent('Any game counts.');
    expect(within(daily).getByTestId('mission-state')).toHaveTextContent('Ready to claim');
    expect(daily).toHaveTextContent('Rounds played');
    expect(within(daily).getByTestId('mission-progress')).toHaveTextContent('10 / 10');
    expect(within(daily).getByRole('progressbar', { name: 'Progress of Play 10 rounds today' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(daily).toHaveTextContent(/Period\s*Today, Nov 28/);
    expect(within(daily).getByTestId('mission-time-left')).toHaveTextContent('4h 30m');
    expect(within(daily).getByTestId('mission-reward')).toHaveTextContent('₩1,000');
    expect(within(daily).getByRole('button', { name: 'Claim ₩1,000' })).toBeEnabled();

    // A wager goal counts money, of its game type only; the week ends Sunday at midnight in Seoul.
    expect(slots).toHaveTextContent('Valid bets · Slots');
    expect(within(slots).getByTestId('mission-progress')).toHaveTextContent('₩40,000 / ₩100,000');
    expect(within(slots).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(slots).toHaveTextContent('This week, Nov 23 – Nov 29');
    expect(within(slots).getByTestId('mission-time-left')).toHaveTextContent('1d 4h');
    expect(within(slots).getByTestId('mission-state')).toHaveTextContent('In progress');

    expect(within(signin).getByTestId('mission-state')).toHaveTextContent('Signed in today');
    expect(within(signin).getByTestId('mission-progress')).toHaveTextContent('2 / 3');
    expect(signin).toHaveTextContent('Days signed in a row');
    expect(soon).toHaveTextContent('Coming soon');
    expect(soon).toHaveTextContent(/Starts\s*Dec 24, 09:00/);
    expect(soon).toHaveTextContent('From Dec 24');
    expect(ended).toHaveTextContent('Closed');
    expect(ended).toHaveTextContent(/Ended\s*Nov 1, 00:00/);
    for (const card of [slots, signin, soon, ended]) expect(within(card).queryByRole('button')).toBeNull();

    // In Korean, the same cards in Korean.
    storeLanguage('KO');
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByRole('heading', { name: '미션', level: 2 })).toBeInTheDocument();
    const [koDaily, koSlots] = screen.getAllByTestId('mission') as [HTMLElement, HTMLElement];
    expect(within(koDaily).getByTestId('mission-state')).toHaveTextContent('받을 수 있음');
    expect(within(koDaily).getByRole('button', { name: '₩1,000 받기' })).toBeInTheDocument();
    expect(within(koDaily).getByTestId('mission-time-left')).toHaveTextContent('4시간 30분');
    expect(koSlots).toHaveTextContent('유효 베팅 · 슬롯');
  });

  it('claims a completed mission once, says what was paid, and reads the list and the menu badge again', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let items = [READY, SLOTS];
    server.use(offline(), silentRealtime());
    server.use(
      http.get(MISSION_CALLS.summary.path, () => ok(MissionSummaryResponseSchema, summaryOf(items))),
      http.post(MISSION_CALLS.claim.path, async ({ request }) => {
        sent.push(await request.json());
        items = [CLAIMED, SLOTS];
        return ok(ClaimMissionResponseSchema, { mission: CLAIMED, amountMinor: 1_000, balanceMinor: 51_000 });
      }),
    );
    useSessionStore.getState().setMember({ id: 7, account: 'demo', type: 1 });
    renderWithShell(<MemberCentrePanel />, { route: '/index?mc=missionLeaderboard' });
    act(() => useMemberCentreStore.setState({ page: 'missionLeaderboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Member centre' });
    const entry = within(dialog).getByRole('button', { name: /^Missions/ });
    // The menu's badge: one mission ready to claim.
    await within(entry).findByText('1 new');
    const [daily] = (await within(dialog).findAllByTestId('mission')) as [HTMLElement];

    await user.click(within(daily).getByRole('button', { name: 'Claim ₩1,000' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '₩1,000 for “Play 10 rounds today” was added to your balance.',
    );
    expect(sent).toEqual([{ missionId: 1 }]);
    const [after] = (await within(dialog).findAllByTestId('mission')) as [HTMLElement];
    await within(after).findByText('Claimed');
    expect(within(after).queryByRole('button', { name: /Claim/ })).toBeNull();
    expect(within(entry).queryByText(/new/)).toBeNull();
  });

  it("shows the server's refusal of a claim and reads the list again", async () => {
    const user = userEvent.setup();
    let reads = 0;
    server.use(
      http.get(MISSION_CALLS.summary.path, () => {
        reads += 1;
        return ok(MissionSummaryResponseSchema, summaryOf([reads === 1 ? READY : CLAIMED]));
      }),
      http.post(MISSION_CALLS.claim.path, () => fail('MISSION_ALREADY_CLAIMED')),
    );
    renderWithShell(<MissionLeaderboardPage />);
    const [daily] = (await screen.findAllByTestId('mission')) as [HTMLElement];
    await user.click(within(daily).getByRole('button', { name: 'Claim ₩1,000' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERRORS.MISSION_ALREADY_CLAIMED.en);
    await within(screen.getByTestId('mission')).findByText('Claimed');
    expect(reads).toBe(2);
  });

  it('says honestly that there are no missions, in English and Korean', async () => {
    server.use(answerSummary(summaryOf([])));
    renderWithShell(<MissionLeaderboardPage />);
    expect(await screen.findByText('No missions right now')).toBeInTheDocument();
    expect(screen.queryByTestId('mission')).toBeNull();
    await act(() => i18n.changeLanguage('ko'));
    expect(await screen.findByText('진행 중인 미션이 없습니다')).toBeInTheDocument();
  });

  it('offers to try again when the missions could not be read', async () => {
    const user = userEvent.setup();
    let fails = true;
    server.use(
      http.get(MISSION_CALLS.summary.path, () =>
        fails ? fail('SERVICE_UNAVAILABLE') : ok(MissionSummaryResponseSchema, summaryOf([SLOTS])),
      ),
    );
    renderWithShell(<MissionLeaderboardPage />);
    expect(await screen.findByText('Your missions could not be loaded.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: SLOTS.title })).toBeInTheDocument();
  });
});

describe('the period a mission counts in', () => {
  it("ends at midnight of the brand's day after its last day, or at the mission's end when that is sooner", () => {
    expect(new Date(periodEndsAt(DAILY, 'Asia/Seoul')!).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(new Date(periodEndsAt(SLOTS, 'UTC')!).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    const cut = { ...DAILY, endsAt: '2026-11-28T12:00:00.000Z' };
    expect(new Date(periodEndsAt(cut, 'Asia/Seoul')!).toISOString()).toBe('2026-11-28T12:00:00.000Z');
    expect(periodEndsAt(SOON, 'Asia/Seoul')).toBeNull();
  });

  it('finds the start of a day in a time zone with summer time, on either side of the change', () => {
    expect(new Date(startOfDay('2026-07-01', 'America/New_York')).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(new Date(startOfDay('2026-11-02', 'America/New_York')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // The day after the clocks went back (1 November 2026).
    expect(new Date(startOfDay('2026-11-01', 'America/New_York')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('writes the time left in whole days, hours and minutes, at least a minute while any is left', () => {
    expect(splitTimeLeft(((26 * 60 + 5) * 60 + 30) * 1000)).toEqual({ days: 1, hours: 2, minutes: 5 });
    expect(splitTimeLeft(10_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(splitTimeLeft(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
