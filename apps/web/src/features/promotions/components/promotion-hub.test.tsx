import { PROMOTION_CALLS, PromotionHubResponseSchema, type HubPromotion, type PromotionHub } from '@parlay/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index';
import { ok } from '../../../test/api';
import { renderWithShell } from '../../../test/render-with-shell';
import { server } from '../../../test/server';
import { PromotionHubSection } from './promotion-hub';

const BASE: HubPromotion = {
  id: 1,
  code: 'WELCOME100',
  kind: 'deposit_bonus',
  category: 'bonus',
  title: '100% first deposit bonus',
  summary: 'Get 100% of your first deposit.',
  startsAt: null,
  endsAt: '2026-12-31T15:00:00.000Z',
  audience: 'new',
  state: 'join',
  action: 'deposit',
  rules: {
    percentBp: 10_000,
    maxBonusMinor: 300_000,
    fixedMinor: null,
    minDepositMinor: 10_000,
    wageringMultiplier: 10,
    expiryDays: 30,
  },
};

const HUB: PromotionHub = {
  currency: 'KRW',
  currencyExponent: 0,
  categories: ['bonus', 'raffle'],
  items: [
    BASE,
    {
      ...BASE,
      id: 2,
      code: 'SIGNUP5000',
      kind: 'signup_bonus',
      title: 'Sign-up bonus',
      state: 'claimed',
      action: 'bonusDetails',
      audience: 'all',
      rules: {
        ...BASE.rules!,
        percentBp: null,
        maxBonusMinor: null,
        fixedMinor: 5_000,
        minDepositMinor: 0,
        wageringMultiplier: 3,
        expiryDays: 7,
      },
    },
    {
      ...BASE,
      id: 3,
      code: 'XMAS',
      kind: 'raffle',
      category: 'raffle',
      title: 'Christmas raffle',
      state: 'coming_soon',
      action: 'none',
      rules: null,
      audience: 'all',
    },
  ],
};

function Harness({ onAction }: { onAction: (item: HubPromotion) => void }) {
  const [category, setCategory] = useState<string | null>(null);
  return <PromotionHubSection category={category} onCategory={setCategory} onAction={onAction} />;
}

describe('PromotionHubSection', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => cleanup());

  it('groups by category with each state and its one action, the rules in words', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    server.use(http.get(PROMOTION_CALLS.hub.path, () => ok(PromotionHubResponseSchema, HUB)));
    renderWithShell(<Harness onAction={onAction} />);
    const chips = within(await screen.findByRole('navigation', { name: 'Categories' }));
    expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(['All', 'Bonuses', 'Raffles']);
    const welcome = screen.getByTestId('promotion-WELCOME100');
    expect(within(welcome).getByTestId('promotion-state')).toHaveTextContent('Open');
    expect(welcome).toHaveTextContent('100% of your deposit as a bonus, up to ₩300,000');
    expect(welcome).toHaveTextContent('Wager it 10× within 30 days');
    expect(within(screen.getByTestId('promotion-SIGNUP5000')).getByTestId('promotion-state')).toHaveTextContent(
      'Claimed',
    );
    // A state that allows nothing shows no button.
    expect(within(screen.getByTestId('promotion-XMAS')).queryByRole('button')).toBeNull();

    await user.click(within(welcome).getByRole('button', { name: 'Deposit now' }));
    expect(onAction).toHaveBeenCalledWith(expect.objectContaining({ code: 'WELCOME100', action: 'deposit' }));

    await user.click(chips.getByRole('button', { name: 'Raffles' }));
    expect(chips.getByRole('button', { name: 'Raffles' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByTestId('promotion-WELCOME100')).toBeNull();
    expect(screen.getByTestId('promotion-XMAS')).toHaveTextContent('Coming soon');
  });

  it('speaks Korean', async () => {
    await i18n.changeLanguage('ko');
    server.use(http.get(PROMOTION_CALLS.hub.path, () => ok(PromotionHubResponseSchema, HUB)));
    renderWithShell(<Harness onAction={() => {}} />);
    expect(await screen.findByRole('button', { name: '지금 입금' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '전체' })).toHaveAttribute('aria-current', 'page');
  });
});
