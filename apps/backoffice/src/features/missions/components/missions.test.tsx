import { ERRORS, type BoMission, type BoMissionPage } from '@parlay/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/index';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const DAILY: BoMission = {
  id: 1,
  code: 'DAILY10',
  titleKo: '오늘 10라운드 플레이',
  titleEn: 'Play 10 rounds today',
  summaryKo: '',
  summaryEn: 'Any game counts.',
  goal: 'rounds',
  gameType: null,
  target: 10,
  period: 'daily',
  rewardMinor: 1_000,
  startsAt: null,
  endsAt: null,
  active: true,
  version: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  current: { periodStart: '2026-11-28', inProgress: 12, completed: 5, claimed: 3, rewardPaidMinor: 3_000 },
};
const SLOTS: BoMission = {
  ...DAILY,
  id: 2,
  code: 'SLOTS100K',
  titleKo: '이번 주 슬롯 100,000 베팅',
  titleEn: 'Wager 100,000 on slots this week',
  summaryEn: '',
  goal: 'wager',
  gameType: 'RNG',
  target: 100_000,
  period: 'weekly',
  rewardMinor: 5_000,
  current: { periodStart: '2026-11-23', inProgress: 1, completed: 0, claimed: 0, rewardPaidMinor: 0 },
};

const PAGE: BoMissionPage = {
  items: [SLOTS, DAILY],
  nextCursor: null,
  currency: 'KRW',
  currencyExponent: 0,
  timeZone: 'Asia/Seoul',
};

const signedIn = (roles: ('admin' | 'finance' | 'readOnly' | 'support')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the missions page', () => {
  it("lists each mission's goal in words, period, reward and this period's counts, and filters on and off", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      signedIn(['admin']),
      answer('missions', ({ url }) => {
        asked.push(url.search);
        return PAGE;
      }),
    );
    renderApp('/brands/parlay/missions');
    const table = await screen.findByRole('table', { name: 'Missions' });
    const daily = within(table).getByRole('row', { name: /DAILY10/ });
    expect(daily).toHaveTextContent('Play 10 rounds today');
    expect(daily).toHaveTextContent('Play 10 rounds');
    expect(daily).toHaveTextContent('Daily');
    expect(daily).toHaveTextContent('₩1,000');
    expect(daily).toHaveTextContent('Always');
    expect(within(daily).getByTestId('mission-counts')).toHaveTextContent(
      '12 in progress5 completed3 claimed₩3,000 paid',
    );
    expect(daily).toHaveTextContent('On');
    const slots = within(table).getByRole('row', { name: /SLOTS100K/ });
    expect(slots).toHaveTextContent('Wager ₩100,000 on slots');
    expect(slots).toHaveTextContent('Weekly (from Monday)');

    expect(asked).toEqual(['?limit=20']);
    await user.click(screen.getByRole('button', { name: 'Off' }));
    await screen.findByRole('table', { name: 'Missions' });
    expect(asked.at(-1)).toBe('?limit=20&active=false');
    expect(screen.getByRole('button', { name: 'Off' })).toHaveAttribute('aria-current', 'page');

    // In Korean, the goal reads in Korean.
    await act(() => changeLanguage('KO'));
    const koRow = within(await screen.findByRole('table', { name: '미션' })).getByRole('row', { name: /SLOTS100K/ });
    expect(koRow).toHaveTextContent('슬롯에서 ₩100,000 베팅');
    expect(koRow).toHaveTextContent('진행 중 1명');
    await act(() => changeLanguage('EN'));
  });

  it('adds a weekly wager mission from the form, in minor units, after saying every rule broken', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('missions', PAGE),
      answer('createMission', async ({ request }) => {
        const body = (await request.json()) as BoMission;
        bodies.push(body);
        return { ...SLOTS, ...body, id: 9, version: 0 };
      }),
    );
    renderApp('/brands/parlay/missions');
    await screen.findByRole('table', { name: 'Missions' });
    await user.click(screen.getByRole('button', { name: 'Add a mission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mission' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'live 2');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'campaign');
    await user.type(within(dialog).getByLabelText(/^Rounds to play/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Every rule broken is said under its field; nothing is sent.
    expect(within(dialog).getByText('2 to 40 letters, digits, - or _.', { selector: '[role=alert]' })).toBeVisible();
    expect(within(dialog).getByText('A whole number from 1 to 1,000,000,000,000.')).toBeVisible();
    expect(within(dialog).getByText('An amount above 0.')).toBeVisible();
    expect(within(dialog).getAllByText('1 to 120 characters.')).toHaveLength(2);
    expect(within(dialog).getByText('A campaign needs a start.')).toBeVisible();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), 'live50k');
    await user.selectOptions(within(dialog).getByLabelText('Goal'), 'wager');
    await user.type(within(dialog).getByLabelText(/^Amount to reach \(KRW\)/), '50,000');
    await user.selectOptions(within(dialog).getByLabelText('Counts on'), 'LIVE');
    await user.selectOptions(within(dialog).getByLabelText('Period'), 'weekly');
    await user.type(within(dialog).getByLabelText(/^Reward \(KRW\)/), '2,500');
    await user.type(within(dialog).getByLabelText(/^Title \(Korean\)/), '라이브 50,000 베팅');
    await user.type(within(dialog).getByLabelText(/^Title \(English\)/), 'Wager 50,000 on live');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('LIVE50K is saved.')).toBeVisible();
    expect(bodies).toEqual([
      {
        code: 'LIVE50K',
        goal: 'wager',
        gameType: 'LIVE',
        target: 50_000,
        period: 'weekly',
        rewardMinor: 2_500,
        titleKo: '라이브 50,000 베팅',
        titleEn: 'Wager 50,000 on live',
        summaryKo: '',
        summaryEn: '',
        startsAt: null,
        endsAt: null,
        active: true,
      },
    ]);
  });

  it('saves an edit with the version opened, says a refusal, and switches a mission off after a confirmation', async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    const switched: unknown[] = [];
    let refuse = true;
    server.use(
      signedIn(['admin']),
      answer('missions', PAGE),
      answer('updateMission', async ({ request, params }) => {
        if (refuse) return fail('MISSION_INVALID');
        updates.push({ id: params['missionId'], ...((await request.json()) as object) });
        return { ...DAILY, target: 20, version: 3 };
      }),
      answer('deactivateMission', async ({ request }) => {
        switched.push(await request.json());
        return { ...DAILY, active: false, version: 3 };
      }),
    );
    renderApp('/brands/parlay/missions');
    const table = await screen.findByRole('table', { name: 'Missions' });
    await user.click(within(table).getByRole('button', { name: 'Edit DAILY10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DAILY10' });
    // The code and goal are fixed once saved; a rounds goal may be limited to a game type.
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Goal')).toHaveValue('Rounds played');
    const target = within(dialog).getByLabelText(/^Rounds to play/);
    expect(target).toHaveValue('10');
    await user.clear(target);
    await user.type(target, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(ERRORS.MISSION_INVALID.en)).toBeVisible();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('DAILY10 is saved.')).toBeVisible();
    expect(updates).toEqual([
      expect.objectContaining({ id: '1', version: 2, target: 20, rewardMinor: 1_000, gameType: null, period: 'daily' }),
    ]);

    await user.click(within(table).getByRole('button', { name: 'Switch off DAILY10' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off DAILY10?' });
    await user.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('DAILY10 is switched off: members no longer see it.')).toBeVisible();
    expect(switched).toEqual([{ version: 2 }]);
  });

  it('shows no add, edit or switch-off to a role without brand.write, and says when there are none', async () => {
    server.use(signedIn(['readOnly']), answer('missions', PAGE));
    const { unmount } = renderApp('/brands/parlay/missions');
    const table = await screen.findByRole('table', { name: 'Missions' });
    expect(within(table).getByText('DAILY10')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a mission' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit|Switch off/ })).toBeNull();
    unmount();

    server.use(answer('missions', { ...PAGE, items: [] }));
    renderApp('/brands/parlay/missions');
    expect(await screen.findByText('No missions')).toBeVisible();
  });
});
