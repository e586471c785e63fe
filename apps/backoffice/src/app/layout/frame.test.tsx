import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../test/api';
import { buildDashboard, buildSession } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const emptyPage = { items: [], nextCursor: null };

describe('the frame', () => {
  it('shows an owner every built section, the brand sections under the chosen brand', async () => {
    server.use(answer('session', buildSession()), answer('operators', emptyPage));
    renderApp('/operators');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/brands/parlay/dashboard'],
      ['Daily report', '/brands/parlay/reports'],
      ['Players', '/brands/parlay/players'],
      ['Messages', '/brands/parlay/messages'],
      ['Feedback', '/brands/parlay/feedback'],
      ['Support chat', '/brands/parlay/support'],
      ['Withdrawals', '/brands/parlay/withdrawals'],
      ['Withdrawal settings', '/brands/parlay/withdrawal-settings'],
      ['Points', '/brands/parlay/points'],
      ['Cashback', '/brands/parlay/rebates'],
      ['Bonus promotions', '/brands/parlay/bonuses/promotions'],
      ["Members' bonuses", '/brands/parlay/bonuses/members'],
      ['Applications', '/brands/parlay/bonuses/applications'],
      ['Referral settings', '/brands/parlay/bonuses/referrals'],
      ['Abuse flags', '/brands/parlay/bonuses/abuse-flags'],
      ['Missions', '/brands/parlay/missions'],
      ['Leaderboards', '/brands/parlay/leaderboards'],
      ['Raffles', '/brands/parlay/raffles'],
      ['Downline tree', '/brands/parlay/agent-tree'],
      ['Agent contracts', '/brands/parlay/agent-contracts'],
      ['Agent settlements', '/brands/parlay/agent-settlements'],
      ['Deposits', '/brands/parlay/deposits'],
      ['Payment methods', '/brands/parlay/payment-methods'],
      ['VIP levels', '/brands/parlay/vip'],
      ['VIP members', '/brands/parlay/vip-members'],
      ['Level changes', '/brands/parlay/vip-changes'],
      ['Identity checks', '/brands/parlay/kyc'],
      ['KYC and transfers', '/brands/parlay/kyc-settings'],
      ['Mall products', '/brands/parlay/point-mall/products'],
      ['Mall exchanges', '/brands/parlay/point-mall/exchanges'],
      ['Brand settings', '/brands/parlay/settings'],
      ['Content', '/brands/parlay/content'],
      ['Game offer', '/brands/parlay/games'],
      ['Open rounds', '/brands/parlay/open-rounds'],
      ['House game limits', '/brands/parlay/house-limits'],
      ['Lottery games', '/brands/parlay/lottery/games'],
      ['Lottery draws', '/brands/parlay/lottery/draws'],
      ['Regional draw results', '/brands/parlay/lottery/results'],
      ['SEA 4D results', '/brands/parlay/lottery/sea-results'],
      ['IP allow-list', '/brands/parlay/ip-allow-list'],
      ['Operators', '/operators'],
      ['Vendors and feeds', '/vendors'],
      ['Encryption keys', '/keys'],
      ['Audit trail', '/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Operators' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows only the sections the roles open, the dashboard first: its home, for risk', async () => {
    server.use(answer('session', buildSession({ roles: ['risk'], brands: [{ code: 'parlay', name: 'Parlay' }] })));
    server.use(answer('dashboard', buildDashboard()));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Daily report',
      'Players',
      "Members' bonuses",
      'Applications',
      'Abuse flags',
      'Identity checks',
      'Audit trail',
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it('says so when no built page is open to the roles, with no placeholder section', async () => {
    server.use(answer('session', buildSession({ roles: [] })));
    renderApp('/');
    expect(await screen.findByText('No page is open to your roles yet')).toBeVisible();
    expect(screen.queryAllByRole('link', { name: /Operators|Audit trail|IP allow-list/ })).toEqual([]);
  });

  it('refuses a page the roles do not open, reached by its address', async () => {
    server.use(answer('session', buildSession({ roles: ['risk'] })));
    renderApp('/operators');
    expect(await screen.findByText('Your roles do not open this page.')).toBeVisible();
  });

  it('sends to sign-in when a call finds the session ended, and remembers the page', async () => {
    let isLive = true;
    server.use(
      answer('session', () => (isLive ? buildSession() : fail('BO_NOT_SIGNED_IN'))),
      answer('operators', () => {
        isLive = false;
        return fail('BO_NOT_SIGNED_IN');
      }),
    );
    renderApp('/operators?q=kim');
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in?next=%2Foperators%3Fq%3Dkim');
  });

  it('signs out everywhere after a confirmation, and forgets the operator', async () => {
    const user = userEvent.setup();
    let isLive = true;
    server.use(
      answer('session', () => (isLive ? buildSession() : fail('BO_NOT_SIGNED_IN'))),
      answer('operators', emptyPage),
      answer('signOutEverywhere', () => {
        isLive = false;
        return { ended: 3 };
      }),
    );
    renderApp('/operators');
    await user.click(await screen.findByRole('button', { name: 'Demo Owner: account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
    // Signed out on purpose: no page to come back to.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sign-in$/);
  });

  it('remembers the theme and the language on this browser, under its own keys', async () => {
    const user = userEvent.setup();
    server.use(answer('session', buildSession()), answer('operators', emptyPage));
    renderApp('/operators');
    await user.click(await screen.findByRole('button', { name: 'Use the light theme' }));
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(localStorage.getItem('bo.theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBeNull();

    await user.click(screen.getByRole('button', { name: '한국어로 보기' }));
    expect(await screen.findByRole('heading', { name: '운영자' })).toBeVisible();
    expect(localStorage.getItem('bo.lang')).toBe('KO');
    await user.click(screen.getByRole('button', { name: 'Switch to English' }));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeVisible();
  });

  it('opens the same page for another brand when the brand is changed', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      answer('session', buildSession()),
      answer('ipAllowList', ({ params }) => {
        asked.push(String(params['brand']));
        return { brand: String(params['brand']), entries: [], version: 0, yourIp: '127.0.0.1' };
      }),
    );
    renderApp('/brands/parlay/ip-allow-list');
    await screen.findByText(/Addresses the back office may be used from for Parlay/);
    await user.selectOptions(screen.getByLabelText('Brand'), 'sunrise');
    expect(await screen.findByText(/Addresses the back office may be used from for Sunrise/)).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/sunrise/ip-allow-list');
    expect(asked).toEqual(['parlay', 'sunrise']);
    expect(localStorage.getItem('bo.brand')).toBe('sunrise');
  });
});
