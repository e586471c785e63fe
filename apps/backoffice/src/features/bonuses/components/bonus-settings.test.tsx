import { ERRORS, type BoBonusSettings, type BoPromotionPage } from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const SETTINGS: BoBonusSettings = {
  balanceMode: 'locked',
  version: 1,
  updatedAt: '2026-11-27T10:00:00.000Z',
  updatedBy: 'demo-owner',
};
const NO_PROMOTIONS: BoPromotionPage = { items: [], nextCursor: null, currency: 'KRW', currencyExponent: 0 };

const signedIn = (roles: ('admin' | 'readOnly')[]) =>
  answer('session', buildSession({ roles, brands: [{ code: 'parlay', name: 'Parlay' }] }));

describe("the promotions page's bonus money panel", () => {
  it('saves the balance mode with the version opened and shows who saved it last', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      signedIn(['admin']),
      answer('promotions', NO_PROMOTIONS),
      answer('bonusSettings', SETTINGS),
      answer('saveBonusSettings', async ({ request }) => {
        const body = (await request.json()) as { balanceMode: 'locked' | 'separate'; version: number };
        bodies.push(body);
        return {
          balanceMode: body.balanceMode,
          version: body.version + 1,
          updatedAt: '2026-11-28T09:30:00.000Z',
          updatedBy: 'demo-admin',
        };
      }),
    );
    renderApp('/brands/parlay/bonuses/promotions');
    const form = await screen.findByRole('form', { name: 'Bonus money' });
    const locked = within(form).getByRole('radio', { name: /^Main balance, locked until wagered/ });
    const separate = within(form).getByRole('radio', { name: /^Separate bonus balance/ });
    expect(locked).toBeChecked();
    expect(separate).not.toBeChecked();
    expect(form).toHaveTextContent('bonuses already paid keep theirs');
    expect(form).toHaveTextContent(/Version 1, last saved by demo-owner at/);

    await user.click(separate);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bonus money settings saved.')).toBeVisible();
    expect(bodies).toEqual([{ balanceMode: 'separate', version: 1 }]);
    // The form opens again at the saved version: the next save sends it.
    const saved = await screen.findByRole('form', { name: 'Bonus money' });
    expect(saved).toHaveTextContent(/Version 2, last saved by demo-admin at/);
    expect(within(saved).getByRole('radio', { name: /^Separate bonus balance/ })).toBeChecked();
    await user.click(within(saved).getByRole('radio', { name: /^Main balance/ }));
    await user.click(within(saved).getByRole('button', { name: 'Save' }));
    await screen.findByText(/Version 3, last saved by demo-admin/);
    expect(bodies).toEqual([
      { balanceMode: 'separate', version: 1 },
      { balanceMode: 'locked', version: 2 },
    ]);
  });

  it("says a stale save's refusal and keeps the choice", async () => {
    const user = userEvent.setup();
    server.use(
      signedIn(['admin']),
      answer('promotions', NO_PROMOTIONS),
      answer('bonusSettings', SETTINGS),
      answer('saveBonusSettings', () => fail('BO_CHANGED_SINCE_OPENED')),
    );
    renderApp('/brands/parlay/bonuses/promotions');
    const form = await screen.findByRole('form', { name: 'Bonus money' });
    await user.click(within(form).getByRole('radio', { name: /^Separate bonus balance/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ERRORS.BO_CHANGED_SINCE_OPENED.en)).toBeVisible();
    expect(within(form).getByRole('radio', { name: /^Separate bonus balance/ })).toBeChecked();
  });

  it('shows the setting read-only to a role without brand.write', async () => {
    server.use(signedIn(['readOnly']), answer('promotions', NO_PROMOTIONS), answer('bonusSettings', SETTINGS));
    renderApp('/brands/parlay/bonuses/promotions');
    const form = await screen.findByRole('form', { name: 'Bonus money' });
    expect(within(form).getByRole('radio', { name: /^Main balance/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /^Separate bonus balance/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
