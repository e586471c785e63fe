import type {
  BettingRecord,
  LedgerMovement,
  PlayerNote,
  PlayerProfile,
  PlayerSession,
  PlayerSignIn,
  PlayerSummary,
  RoleName,
} from '@parlay/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fail } from '../../../test/api';
import { buildSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

function buildSummary(overrides: Partial<PlayerSummary> = {}): PlayerSummary {
  return {
    id: 42,
    account: 'demo',
    nickname: 'Demo',
    status: 'active',
    agentType: 0,
    countryDialingCode: '82',
    mobileNum: '1012345678',
    email: 'demo@parlay.example',
    registeredAt: '2026-11-01T08:00:00.000Z',
    lastLoginAt: '2026-11-26T08:00:00.000Z',
    lastLoginIp: '203.0.113.9',
    ...overrides,
  };
}

function buildProfile(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    ...buildSummary(),
    fullname: 'Demo Player',
    payeeName: null,
    language: 'KO',
    rankLevel: 1,
    labels: ['vip'],
    inviteCode: null,
    upline: 'agent',
    registerMethod: 'mobile',
    registerIp: '203.0.113.9',
    registerDomain: 'localhost',
    previousLoginAt: null,
    statusReason: null,
    statusChangedAt: null,
    passwordIsDefault: false,
    passwordChangedAt: '2026-11-01T08:00:00.000Z',
    passwordExpired: false,
    forcePasswordChange: true,
    failedSignIns: 0,
    signInWaitUntil: null,
    hasAuthenticator: false,
    isFreePlay: false,
    expiresAt: null,
    currency: 'KRW',
    currencyExponent: 0,
    ...overrides,
  };
}

function buildMovement(overrides: Partial<LedgerMovement> = {}): LedgerMovement {
  return {
    id: '900',
    at: '2026-11-27T09:00:00.000Z',
    kind: 'vendor_debit',
    amountMinor: -5000,
    balanceAfterMinor: 95_000,
    currency: 'KRW',
    reason: null,
    reference: 'tx-1',
    ...overrides,
  };
}

function buildRound(overrides: Partial<BettingRecord> = {}): BettingRecord {
  return {
    roundId: 'r-77',
    vassalage: 'pgsoft',
    vendorName: 'PG Soft',
    gameCode: 'fortune',
    gameName: 'Fortune Tiger',
    gameType: 'slot',
    currency: 'KRW',
    stakeMinor: 5000,
    winMinor: 12_000,
    validBetMinor: 5000,
    profitMinor: 7000,
    status: 'settled',
    startedAt: '2026-11-27T09:00:00.000Z',
    settledAt: '2026-11-27T09:00:05.000Z',
    ...overrides,
  };
}

const funds = (sumBalance: number) => ({
  sumBalance,
  currency: 'KRW',
  wallets: [{ walletCode: 'MAIN', displayName: 'Main', balanceMinor: sumBalance }],
  inPlayMinor: 0,
  openRounds: 0,
});

/** A player's page over an API that answers the player's reads; `roles` are the operator's. */
function answerPlayerPage(
  roles: RoleName[],
  options: { ledger?: LedgerMovement[]; balance?: () => number; profile?: () => PlayerProfile } = {},
) {
  server.use(
    answer('session', buildSession({ roles })),
    answer('player', () => options.profile?.() ?? buildProfile()),
    answer('playerBalances', () => funds(options.balance?.() ?? 100_000)),
    answer('playerLedger', { items: options.ledger ?? [buildMovement()], nextCursor: null }),
  );
}

describe('PlayersSearch', () => {
  it('asks nothing before a search, checks the field’s rule, then keeps the search in the address and pages', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      answer('session', buildSession()),
      answer('players', ({ url }) => {
        asked.push(url.search);
        return url.searchParams.get('cursor') === 'c2'
          ? { items: [buildSummary({ id: 43, account: 'demo2' })], nextCursor: null }
          : { items: [buildSummary()], nextCursor: 'c2' };
      }),
    );
    renderApp('/brands/parlay/players');
    expect(await screen.findByText('Search for a player')).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'id');
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('A member ID is digits only.')).toBeVisible();
    expect(asked).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'account');
    await user.clear(screen.getByRole('searchbox', { name: 'Find' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find' }), ' de ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'demo' })).toHaveAttribute('href', '/brands/parlay/players/42');
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/players?by=account&q=de');
    expect(screen.getByText('+82 1012345678')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'demo2' })).toBeVisible();
    expect(asked).toEqual(['?by=account&q=de', '?by=account&q=de&cursor=c2']);
  });

  it('opens a player from the list and leads back to the same search', async () => {
    const user = userEvent.setup();
    server.use(answer('players', { items: [buildSummary()], nextCursor: null }));
    answerPlayerPage(['support']);
    renderApp('/brands/parlay/players?by=email&q=demo%40parlay.example');
    await user.click(await screen.findByRole('link', { name: 'demo' }));
    expect(await screen.findByRole('heading', { level: 1, name: /demo/ })).toBeVisible();
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Players' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/players?by=email&q=demo%40parlay.example');
  });
});

describe('PlayerDetail', () => {
  it('shows the profile, the balance and the ledger; support may lock but not move money', async () => {
    answerPlayerPage(['support'], {
      ledger: [
        buildMovement(),
        buildMovement({
          id: '901',
          kind: 'adjustment',
          amountMinor: 10_000,
          balanceAfterMinor: 105_000,
          reason: 'goodwill',
          reference: 'bo-1',
        }),
      ],
    });
    renderApp('/brands/parlay/players/42');
    expect(await screen.findByRole('heading', { level: 1, name: /demo/ })).toBeVisible();
    expect(screen.getByText('Member ID 42 · Demo')).toBeVisible();
    expect(await screen.findByTestId('player-balance')).toHaveTextContent('₩100,000');
    const ledger = await screen.findByRole('table', { name: 'Ledger' });
    expect(within(ledger).getByRole('row', { name: /Adjustment/ })).toHaveTextContent('+₩10,000');
    expect(within(ledger).getByRole('row', { name: /Stake/ })).toHaveTextContent('-₩5,000');
    expect(screen.getByRole('button', { name: 'Lock' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Changes in the audit trail' })).toBeNull();
  });

  it('shows a read-only operator no action', async () => {
    answerPlayerPage(['readOnly']);
    renderApp('/brands/parlay/players/42');
    expect(await screen.findByText('Your roles let you see players, not change them.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull();
  });

  it('says the player is not on this brand', async () => {
    server.use(
      answer('session', buildSession()),
      answer('player', () => fail('BO_PLAYER_NOT_FOUND')),
    );
    renderApp('/brands/parlay/players/999');
    expect(await screen.findByText('No such player on this brand.')).toBeVisible();
  });

  it('adjusts the balance after a confirmation that shows the amount, with one key per opening', async () => {
    const user = userEvent.setup();
    const bodies: { amountMinor: number; reason: string; idempotencyKey: string }[] = [];
    let balance = 100_000;
    answerPlayerPage(['finance'], { balance: () => balance });
    server.use(
      answer('adjustPlayerBalance', async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        if (bodies.length === 1) return fail('SERVICE_UNAVAILABLE');
        balance += body.amountMinor;
        return { applied: true, balanceMinor: balance, currency: 'KRW' };
      }),
    );
    renderApp('/brands/parlay/players/42');
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    let dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of demo' });
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByText('Type an amount above zero, in whole units.')).toBeVisible();
    expect(within(dialog).getByText('Give a reason of 3 to 500 characters.')).toBeVisible();

    await user.click(within(dialog).getByRole('radio', { name: 'Debit (take)' }));
    await user.type(within(dialog).getByLabelText(/^Amount/), '12,500');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'duplicate bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(await within(dialog).findByTestId('adjust-amount')).toHaveTextContent('-₩12,500');
    expect(within(dialog).getByText('₩87,500')).toBeVisible();
    expect(bodies).toEqual([]);

    // A failed call keeps the dialog and the key: a second try cannot move the money twice.
    await user.click(within(dialog).getByRole('button', { name: 'Debit ₩12,500' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Debit ₩12,500' }));
    expect(await screen.findByText('-₩12,500 for demo. Balance: ₩87,500.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      amountMinor: -12_500,
      reason: 'duplicate bonus',
      idempotencyKey: bodies[1]?.idempotencyKey,
    });
    expect(bodies[0]?.idempotencyKey).toMatch(/^bo-[0-9a-f]{32}$/);
    expect(await screen.findByTestId('player-balance')).toHaveTextContent('₩87,500');

    // The next adjustment is another one, with a key of its own.
    await user.click(screen.getByRole('button', { name: 'Adjust balance' }));
    dialog = await screen.findByRole('dialog', { name: 'Adjust the balance of demo' });
    await user.type(within(dialog).getByLabelText(/^Amount/), '1000');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Credit ₩1,000' }));
    expect(await screen.findByText('+₩1,000 for demo. Balance: ₩88,500.')).toBeVisible();
    expect(bodies[2]?.idempotencyKey).not.toBe(bodies[1]?.idempotencyKey);
  });

  it('locks with a reason, and offers unlock once locked', async () => {
    const user = userEvent.setup();
    let body: unknown;
    let locked = false;
    answerPlayerPage(['risk'], {
      profile: () =>
        locked
          ? buildProfile({ status: 'locked', statusReason: 'chargeback', statusChangedAt: '2026-11-27T10:00:00.000Z' })
          : buildProfile(),
    });
    server.use(
      answer('lockPlayer', async ({ request }) => {
        body = await request.json();
        locked = true;
        return buildProfile({ status: 'locked', statusReason: 'chargeback' });
      }),
    );
    renderApp('/brands/parlay/players/42');
    await user.click(await screen.findByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock demo?' });
    // The contract's rule: 3 characters at least, before anything is sent.
    await user.type(within(dialog).getByLabelText(/^Reason/), 'no');
    expect(within(dialog).getByRole('button', { name: 'Lock' })).toBeDisabled();
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByLabelText(/^Reason/), ' chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(await screen.findByText('demo is locked.')).toBeVisible();
    expect(body).toEqual({ reason: 'no chargeback' });
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Changes in the audit trail' })).toHaveAttribute(
      'href',
      '/audit?targetType=member&targetId=42',
    );
  });

  it('opens a round to its money moves and replay data', async () => {
    const user = userEvent.setup();
    answerPlayerPage(['support']);
    server.use(
      answer('playerRounds', { items: [buildRound()], nextCursor: null }),
      answer('playerRound', ({ params }) => ({
        ...buildRound({ roundId: params['roundId'] ?? '' }),
        transactions: [
          { transactionId: 'd-1', kind: 'debit', amountMinor: 5000, at: '2026-11-27T09:00:00.000Z' },
          { transactionId: 'c-1', kind: 'credit', amountMinor: 12_000, at: '2026-11-27T09:00:05.000Z' },
        ],
        detail: { reels: [1, 2, 3] },
      })),
    );
    renderApp('/brands/parlay/players/42');
    await user.click(await screen.findByRole('tab', { name: 'Rounds' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/brands/parlay/players/42?tab=rounds');
    await user.click(await screen.findByRole('button', { name: 'Show round r-77' }));
    const moves = await screen.findByRole('table', { name: 'Money moves of round r-77' });
    expect(within(moves).getByRole('row', { name: /d-1/ })).toHaveTextContent('-₩5,000');
    expect(within(moves).getByRole('row', { name: /c-1/ })).toHaveTextContent('+₩12,000');
    expect(screen.getByText(/"reels"/)).toBeVisible();
  });

  it('ends a session and adds a note', async () => {
    const user = userEvent.setup();
    let sessions: PlayerSession[] = [
      {
        id: 5,
        signedInAt: '2026-11-27T08:00:00.000Z',
        lastSeenAt: '2026-11-27T09:00:00.000Z',
        expiresAt: '2026-11-28T08:00:00.000Z',
        ip: '198.51.100.4',
        country: 'KR',
        userAgent: 'Mozilla/5.0',
      },
    ];
    const notes: PlayerNote[] = [];
    let ended = '';
    answerPlayerPage(['support']);
    server.use(
      answer('playerSessions', () => ({ items: sessions })),
      answer('endPlayerSession', ({ params }) => {
        ended = params['sessionId'] ?? '';
        sessions = [];
        return null;
      }),
      answer('playerNotes', () => ({ items: notes, nextCursor: null })),
      answer('addPlayerNote', async ({ request }) => {
        const { body } = (await request.json()) as { body: string };
        const note = { id: '1', at: '2026-11-27T10:00:00.000Z', author: 'demo-owner', operatorId: 1, body };
        notes.unshift(note);
        return note;
      }),
    );
    renderApp('/brands/parlay/players/42?tab=sessions');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(table).getByText(/South Korea \(KR\)/)).toBeVisible();
    await user.click(within(table).getByRole('button', { name: 'End the session from 198.51.100.4' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the session from 198.51.100.4?' });
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('The session ended.')).toBeVisible();
    expect(ended).toBe('5');
    expect(await screen.findByText('Not signed in anywhere')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    await user.type(await screen.findByLabelText('New note'), 'Called about the bonus.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Called about the bonus.' })).toBeVisible();
  });

  it('lists sign-ins with their country and method', async () => {
    const signIn: PlayerSignIn = {
      id: '3',
      at: '2026-11-27T08:00:00.000Z',
      ip: '198.51.100.4',
      country: 'JP',
      userAgent: 'Mozilla/5.0',
      method: 'second-check',
      sessionLive: true,
      sessionId: 5,
    };
    answerPlayerPage(['readOnly']);
    server.use(answer('playerSignIns', { items: [signIn], nextCursor: null }));
    renderApp('/brands/parlay/players/42?tab=signIns');
    const table = await screen.findByRole('table', { name: 'Sign-ins' });
    const row = within(table).getByRole('row', { name: /198\.51\.100\.4/ });
    expect(row).toHaveTextContent('Japan (JP)');
    expect(row).toHaveTextContent('Second check (new IP)');
    expect(row).toHaveTextContent('Live');
  });
});
