import {
  ERRORS,
  type BoMemberBonus,
  type BoMemberBonusPage,
  type BoPromotion,
  type BoPromotionPage,
} from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const WELCOME: BoPromotion = {
  id: 1,
  code: 'WELCOME100',
  kind: 'deposit_bonus',
  category: 'bonus',
  titleKo: '첫 충전 100% 보너스',
  titleEn: '100% first deposit bonus',
  summaryKo: '',
  summaryEn: '',
  rules: {
    percentBp: 10_000,
    maxBonusMinor: 300_000,
    fixedMinor: null,
    minDepositMinor: 10_000,
    wageringMultiplier: 10,
    contributionBp: { RNG: 10_000, LIVE: 1_000 },
    expiryDays: 30,
  },
  audience: 'new',
  startsAt: null,
  endsAt: null,
  active: true,
  version: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const PROMOTIONS: BoPromotionPage = { items: [WELCOME], nextCursor: null, currency: 'KRW', currencyExponent: 0 };
/** The brand's bonus money setting, which the promotions page shows under its list (bonus-settings.test.tsx). */
const LOCKED = answer('bonusSettings', { balanceMode: 'locked', version: 0, updatedAt: null, updatedBy: null });

function buildBonus(overrides: Partial<BoMemberBonus> = {}): BoMemberBonus {
  return {
    id: 5,
    memberId: 3,
    account: 'demo',
    promotionId: 2,
    promotionCode: 'SIGNUP5000',
    source: 'signup',
    depositOrderNo: null,
    amountMinor: 5_000,
    wageringRequiredMinor: 15_000,
    wageringDoneMinor: 6_000,
    progressPercent: 40,
    status: 'active',
    balanceMode: 'locked',
    takenBackMinor: null,
    cancelReason: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    expiresAt: '2026-12-04T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const bonusPage = (items: BoMemberBonus[]): BoMemberBonusPage => ({
  items,
  nextCursor: null,
  currency: 'KRW',
  currencyExponent: 0,
});

const signedIn = (roles: ('admin' | 'finance' | 'readOnly' | 'support')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe('the bonus promotions', () => {
  it('lists the rules in words, and adds a sign-up bonus from the form with its amounts in minor units', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('promotions', PROMOTIONS),
      LOCKED,
      answer('createPromotion', async ({ request }) => {
        const body = (await request.json()) as BoPromotion;
        bodies.push(body);
        return { ...WELCOME, ...body, id: 9, version: 0 };
      }),
    );
    renderApp('/brands/parlay/bonuses/promotions');
    const table = await screen.findByRole('table', { name: 'Bonus promotions' });
    const row = within(table).getByRole('row', { name: /WELCOME100/ });
    expect(row).toHaveTextContent('100% up to ₩300,000, deposit from ₩10,000, wager 10×, expires in 30 days');
    expect(row).toHaveTextContent('Live 10%, Slots 100%');
    expect(row).toHaveTextContent('New members (no deposit yet)');

    await user.click(screen.getByRole('button', { name: 'Add a promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bonus promotion' });
    await user.type(within(dialog).getByLabelText(/^Code/), 'welcome 2');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'signup_bonus');
    await user.type(within(dialog).getByLabelText(/^Bonus \(KRW\)/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Every rule broken is said under its field, in the operator's language; nothing is sent.
    expect(within(dialog).getByText('2 to 40 letters, digits, - or _.', { selector: '[role=alert]' })).toBeVisible();
    expect(within(dialog).getAllByText('1 to 120 characters.')).toHaveLength(2);
    expect(within(dialog).getByText('An amount above 0.')).toBeVisible();
    expect(bodies).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Code/));
    await user.type(within(dialog).getByLabelText(/^Code/), 'spring5');
    await user.type(within(dialog).getByLabelText(/^Title \(Korean\)/), '봄 가입 보너스');
    await user.type(within(dialog).getByLabelText(/^Title \(English\)/), 'Spring sign-up bonus');
    await user.clear(within(dialog).getByLabelText(/^Bonus \(KRW\)/));
    await user.type(within(dialog).getByLabelText(/^Bonus \(KRW\)/), '5,000');
    await user.clear(within(dialog).getByLabelText(/^Wager it/));
    await user.type(within(dialog).getByLabelText(/^Wager it/), '3');
    await user.clear(within(dialog).getByLabelText('Live'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SPRING5 is saved.')).toBeVisible();
    expect(bodies).toEqual([
      expect.objectContaining({
        code: 'SPRING5',
        kind: 'signup_bonus',
        titleKo: '봄 가입 보너스',
        audience: 'all',
        rules: {
          percentBp: null,
          maxBonusMinor: null,
          fixedMinor: 5_000,
          minDepositMinor: 0,
          wageringMultiplier: 3,
          contributionBp: { ELOTT: 2_000, LOTT: 2_000, SPORTS: 5_000, FISH: 10_000, RNG: 10_000, PVP: 5_000 },
          expiryDays: 30,
        },
      }),
    ]);
  });

  it('saves an edit with the version opened, and switches a promotion off after a confirmation', async () => {
    const user = userEvent.setup();
    const updates: unknown[] = [];
    const switched: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('promotions', PROMOTIONS),
      LOCKED,
      answer('updatePromotion', async ({ request }) => {
        updates.push(await request.json());
        return { ...WELCOME, version: 3 };
      }),
      answer('deactivatePromotion', async ({ request }) => {
        switched.push(await request.json());
        return { ...WELCOME, active: false, version: 3 };
      }),
    );
    renderApp('/brands/parlay/bonuses/promotions');
    const table = await screen.findByRole('table', { name: 'Bonus promotions' });
    await user.click(within(table).getByRole('button', { name: 'Edit WELCOME100' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME100' });
    expect(within(dialog).getByLabelText(/^Share of the deposit \(%\)/)).toHaveValue('100');
    const cap = within(dialog).getByLabelText('At most (KRW)');
    expect(cap).toHaveValue('300000');
    await user.clear(cap);
    await user.type(cap, '500000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('WELCOME100 is saved.')).toBeVisible();
    expect(updates).toEqual([
      expect.objectContaining({
        version: 2,
        rules: expect.objectContaining({ percentBp: 10_000, maxBonusMinor: 500_000, minDepositMinor: 10_000 }),
      }),
    ]);

    await user.click(within(table).getByRole('button', { name: 'Switch off WELCOME100' }));
    const confirm = await screen.findByRole('dialog', { name: 'Switch off WELCOME100?' });
    await user.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('WELCOME100 is switched off: no new bonus is paid.')).toBeVisible();
    expect(switched).toEqual([{ version: 2 }]);
  });

  it('shows no add, edit or switch-off to a role without brand.write', async () => {
    server.use(signedIn(['readOnly']), answer('promotions', PROMOTIONS), LOCKED);
    renderApp('/brands/parlay/bonuses/promotions');
    const table = await screen.findByRole('table', { name: 'Bonus promotions' });
    expect(within(table).getByText('WELCOME100')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a promotion' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Edit|Switch off/ })).toBeNull();
  });
});

describe("the members' bonuses", () => {
  it('shows the wagering progress, filters by status and login, and cancels an active bonus with a reason', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const reasons: unknown[] = [];
    server.use(
      signedIn(['finance']),
      answer('memberBonuses', ({ url }) => {
        asked.push(url.search);
        return bonusPage([buildBonus()]);
      }),
      answer('cancelBonus', async ({ request, params }) => {
        reasons.push({ id: params['bonusId'], ...((await request.json()) as object) });
        return buildBonus({ status: 'cancelled', takenBackMinor: 5_000, cancelReason: 'Duplicate account' });
      }),
    );
    renderApp('/brands/parlay/bonuses/members');
    const table = await screen.findByRole('table', { name: "Members' bonuses" });
    const row = within(table).getByRole('row', { name: /SIGNUP5000/ });
    expect(row).toHaveTextContent('₩6,000 / ₩15,000');
    expect(row).toHaveTextContent('40%');
    expect(within(row).getByRole('progressbar', { name: 'Wagering of SIGNUP5000 for demo' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    await user.type(screen.getByLabelText('Member login'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByRole('table', { name: "Members' bonuses" });
    expect(asked.at(-1)).toContain('status=active');
    expect(asked.at(-1)).toContain('account=demo');

    await user.click(screen.getByRole('button', { name: 'Cancel SIGNUP5000 of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel SIGNUP5000 of demo?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel the bonus' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Duplicate account');
    await user.click(confirm);
    expect(await screen.findByText('SIGNUP5000 of demo is cancelled: ₩5,000 taken back.')).toBeVisible();
    expect(reasons).toEqual([{ id: '5', reason: 'Duplicate account' }]);
  });

  it("says the server's refusal and keeps the dialog; a role without players.money sees no cancel", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['finance']),
      answer('memberBonuses', bonusPage([buildBonus()])),
      answer('cancelBonus', () => fail('BONUS_NOT_ACTIVE')),
    );
    const { unmount } = renderApp('/brands/parlay/bonuses/members');
    await user.click(await screen.findByRole('button', { name: 'Cancel SIGNUP5000 of demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel SIGNUP5000 of demo?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Abuse');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the bonus' }));
    expect(await screen.findByText(ERRORS.BONUS_NOT_ACTIVE.en)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Cancel SIGNUP5000 of demo?' })).toBeVisible();
    unmount();

    server.use(signedIn(['support']), answer('memberBonuses', bonusPage([buildBonus()])));
    renderApp('/brands/parlay/bonuses/members');
    const table = await screen.findByRole('table', { name: "Members' bonuses" });
    expect(within(table).getByRole('progressbar')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});
