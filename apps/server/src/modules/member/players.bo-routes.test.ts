import {
  ACCOUNT_CALLS,
  BACKOFFICE_CALLS,
  callWithParams,
  type AuditEntry,
  type LedgerMovement,
  type Page,
  type PlayerNote,
  type PlayerProfile,
  type PlayerSession,
  type PlayerSignIn,
  type PlayerSummary,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, loginThroughApi, type TestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { callWallet, checkLedger, installTestVendor, launchFor } from '../seamless-wallet/seamless-wallet.fixtures';
import { playersBackofficeRoutes } from './players.bo-routes';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PlayerCall = { method: Method; path: string };

describe(playersBackofficeRoutes.name, () => {
  let t: TestApp;
  let owner: string;
  let support: string;
  let finance: string;
  let seq = 0;
  const next = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq += 1)}`;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    await query(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
          SELECT 'other', 'Other', currency, time_zone, config, site, whitelabel FROM merchants WHERE code = 'parlay'`,
    );
    owner = await signInAs(t.app, 'demo-owner');
    support = await signInAs(t.app, 'demo-support');
    finance = await signInAs(t.app, 'demo-finance');
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const pathOf = (call: PlayerCall, params: Record<string, string | number>) =>
    callWithParams(call, { brand: 'parlay', ...params } as never).path;
  const call = (cookie: string, api: PlayerCall, params: Record<string, string | number>, options = {}) => {
    const { query: search, payload } = options as { query?: string; payload?: unknown };
    return callBackoffice(t.app, {
      method: api.method,
      url: `${pathOf(api, params)}${search ?? ''}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  };
  const valueOf = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const auditOf = async (action: string, memberId: number): Promise<AuditEntry[]> =>
    (
      await t.app.audit.search(
        { allBrands: true, merchantIds: [] },
        { limit: 50, action, targetType: 'member', targetId: String(memberId) },
      )
    ).items;
  const search = (by: string, q: string, cookie = support) =>
    call(cookie, BACKOFFICE_CALLS.players, {}, { query: `?by=${by}&q=${encodeURIComponent(q)}` });

  describe('the search', () => {
    it('finds a player by account prefix, member ID, phone, e-mail and an IP it signed in from', async () => {
      const player = await createTestMember(t.app, {
        account: 'boseek01',
        countryDialingCode: '82',
        mobileNum: '1077712345',
        email: 'Seek.Me@Example.test',
      });
      await loginThroughApi(
        t.app,
        { username: player.account, password: player.password },
        { remoteAddress: '211.234.10.7' },
      );
      const accounts = async (by: string, q: string) =>
        valueOf<Page<PlayerSummary>>(await search(by, q)).items.map((row) => row.account);
      expect(await accounts('account', 'BOSEEK')).toEqual(['boseek01']);
      expect(await accounts('id', String(player.id))).toEqual(['boseek01']);
      expect(await accounts('phone', '010-7771-2345')).toEqual(['boseek01']);
      expect(await accounts('email', 'seek.me@example.TEST')).toEqual(['boseek01']);
      expect(await accounts('ip', '211.234.10.7')).toEqual(['boseek01']);
      const [found] = valueOf<Page<PlayerSummary>>(await search('id', String(player.id))).items;
      expect(found).toMatchObject({
        id: player.id,
        status: 'active',
        lastLoginIp: '211.234.10.7',
        mobileNum: '1077712345',
      });
    });

    it('pages accounts by keyset, and refuses a query that cannot match its field', async () => {
      for (const suffix of ['a', 'b', 'c']) await createTestMember(t.app, { account: `bopage${suffix}` });
      const first = valueOf<Page<PlayerSummary>>(
        await call(support, BACKOFFICE_CALLS.players, {}, { query: '?by=account&q=bopage&limit=2' }),
      );
      expect(first.items.map((row) => row.account)).toEqual(['bopagea', 'bopageb']);
      const second = valueOf<Page<PlayerSummary>>(
        await call(
          support,
          BACKOFFICE_CALLS.players,
          {},
          { query: `?by=account&q=bopage&limit=2&cursor=${first.nextCursor}` },
        ),
      );
      expect(second).toEqual({ items: [expect.objectContaining({ account: 'bopagec' })], nextCursor: null });
      for (const [by, q] of [
        ['id', 'abc'],
        ['ip', '999.1.1.1'],
        ['email', 'nobody'],
        ['phone', '12'],
        ['account', ''],
      ]) {
        const refused = await search(by!, q!);
        expect(refused.statusCode, `${by} ${q}`).toBe(400);
        expect(refused.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('never finds a player of another brand, nor opens one by its ID', async () => {
      const elsewhere = await createTestMember(t.app, { account: 'boother01', merchantCode: 'other' });
      expect(valueOf<Page<PlayerSummary>>(await search('account', 'boother')).items).toEqual([]);
      for (const api of [BACKOFFICE_CALLS.player, BACKOFFICE_CALLS.playerLedger, BACKOFFICE_CALLS.playerSessions]) {
        const response = await call(owner, api, { playerId: elsewhere.id });
        expect(response.statusCode, api.path).toBe(404);
        expect(response.json().code).toBe('BO_PLAYER_NOT_FOUND');
      }
    });
  });

  describe("a player's page", () => {
    it('shows the profile, the balances, the ledger newest first by keyset, the rounds and a round’s detail', async () => {
      const player = await createTestMember(t.app);
      for (const amount of [1_000, 2_000, 3_000]) {
        await t.app.gaming.wallet.adjust(
          {
            merchantCode: 'parlay',
            account: player.account,
            amountMinor: amount,
            reason: 'funding',
            idempotencyKey: next('fund'),
          },
          t.app.merchants,
        );
      }
      const { authorization } = await loginAs(player);
      const launch = await launchFor(t.app, authorization);
      const round = { playerId: launch.playerId, currency: launch.currency, gameCode: 'G1', roundId: next('round') };
      const debit = await callWallet(t.app, 'debit', {
        ...round,
        requestId: next('r'),
        sessionToken: launch.sessionToken,
        transactionId: 'bo-tx-debit-1',
        amountMinor: 500,
      });
      expect(debit.status, JSON.stringify(debit.body)).toBe(200);
      await callWallet(t.app, 'credit', {
        ...round,
        requestId: next('r'),
        transactionId: 'bo-tx-credit-1',
        amountMinor: 1_200,
      });

      const profile = valueOf<PlayerProfile>(await call(support, BACKOFFICE_CALLS.player, { playerId: player.id }));
      expect(profile).toMatchObject({
        account: player.account,
        status: 'active',
        currency: 'KRW',
        currencyExponent: 0,
      });
      const balances = valueOf<{ sumBalance: number; inPlayMinor: number }>(
        await call(support, BACKOFFICE_CALLS.playerBalances, { playerId: player.id }),
      );
      expect(balances).toMatchObject({ sumBalance: 6_700, inPlayMinor: 0 });

      const pages: LedgerMovement[][] = [];
      let cursor: string | null = null;
      do {
        const page: Page<LedgerMovement> = valueOf(
          await call(
            support,
            BACKOFFICE_CALLS.playerLedger,
            { playerId: player.id },
            {
              query: `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
            },
          ),
        );
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.map((page) => page.map((line) => [line.kind, line.amountMinor, line.balanceAfterMinor]))).toEqual([
        [
          ['vendor_credit', 1_200, 6_700],
          ['vendor_debit', -500, 5_500],
        ],
        [
          ['adjustment', 3_000, 6_000],
          ['adjustment', 2_000, 3_000],
        ],
        [['adjustment', 1_000, 1_000]],
      ]);
      expect(pages[0]![1]!.reference).toBe('bo-tx-debit-1');
      expect(pages[2]![0]).toMatchObject({ reason: 'funding', reference: expect.stringMatching(/^fund-/) });

      const rounds = valueOf<Page<{ roundId: string; stakeMinor: number; winMinor: number; status: string }>>(
        await call(support, BACKOFFICE_CALLS.playerRounds, { playerId: player.id }),
      );
      expect(rounds.items).toEqual([
        expect.objectContaining({ roundId: round.roundId, stakeMinor: 500, winMinor: 1_200, status: 'settled' }),
      ]);
      const detail = valueOf<{ transactions: { transactionId: string; kind: string }[] }>(
        await call(support, BACKOFFICE_CALLS.playerRound, {
          playerId: player.id,
          vassalage: 'TESTV',
          roundId: round.roundId,
        }),
      );
      expect(detail.transactions.map((move) => [move.transactionId, move.kind])).toEqual([
        ['bo-tx-debit-1', 'debit'],
        ['bo-tx-credit-1', 'credit'],
      ]);
      const missing = await call(support, BACKOFFICE_CALLS.playerRound, {
        playerId: player.id,
        vassalage: 'TESTV',
        roundId: 'no-such-round',
      });
      expect(missing.statusCode).toBe(404);
    });

    it('lists the ledger by the time of each movement, then id: a past written after the funding sits below it', async () => {
      const player = await createTestMember(t.app);
      const other = await createTestMember(t.app);
      for (const member of [player, other]) {
        await t.app.gaming.wallet.adjust(
          {
            merchantCode: 'parlay',
            account: member.account,
            amountMinor: 5_000,
            reason: 'funding',
            idempotencyKey: next('fund'),
          },
          t.app.merchants,
        );
      }
      // A movement of yesterday written after today's funding (as the demo member's past is seeded): a larger id.
      const key = next('past');
      await query(
        t.app.db,
        sql`WITH moved AS (
              INSERT INTO wallet_movements (merchant_id, kind, idempotency_key, member_id, currency, amount_minor,
                                            reason, created_at)
              SELECT merchant_id, 'adjustment', ${key}, id, 'KRW', 700, 'past', now() - interval '1 day'
              FROM members WHERE id = ${player.id}
              RETURNING id, merchant_id, member_id, created_at)
            INSERT INTO ledger_entries (movement_id, account_id, amount_minor, balance_after_minor, created_at)
            SELECT moved.id, a.id, CASE a.owner_type WHEN 'member' THEN 700 ELSE -700 END,
                   CASE a.owner_type WHEN 'member' THEN 700 END, moved.created_at
            FROM moved JOIN wallet_accounts a
              ON a.currency = 'KRW' AND ((a.owner_type = 'member' AND a.member_id = moved.member_id)
                                         OR (a.owner_type = 'house' AND a.merchant_id = moved.merchant_id))`,
      );
      await query(
        t.app.db,
        sql`UPDATE wallet_accounts SET balance_minor = balance_minor + 700
            WHERE owner_type = 'member' AND member_id = ${player.id} AND currency = 'KRW'`,
      );
      const pageOf = async (cursor: string | null) =>
        valueOf<Page<LedgerMovement>>(
          await call(
            support,
            BACKOFFICE_CALLS.playerLedger,
            { playerId: player.id },
            { query: `?limit=1${cursor ? `&cursor=${cursor}` : ''}` },
          ),
        );
      const first = await pageOf(null);
      expect(first.items.map((line) => line.reason)).toEqual(['funding']);
      const second = await pageOf(first.nextCursor);
      expect(second.items.map((line) => [line.reason, line.reference])).toEqual([['past', key]]);
      expect(Number(second.items[0]!.id)).toBeGreaterThan(Number(first.items[0]!.id));
      expect(second.nextCursor).toBeNull();
      const othersLedger = valueOf<Page<LedgerMovement>>(
        await call(support, BACKOFFICE_CALLS.playerLedger, { playerId: other.id }),
      );
      const othersCursor = Number(othersLedger.items[0]!.id).toString(36);
      expect((await pageOf(othersCursor)).items).toEqual([]);
    });

    it('keeps each sign-in with its IP, country and method, and ends one session, then all, audited', async () => {
      const player = await createTestMember(t.app);
      await loginAs(player, '211.234.10.21');
      const second = await loginAs(player, '8.8.8.8');
      const signIns = valueOf<Page<PlayerSignIn>>(
        await call(support, BACKOFFICE_CALLS.playerSignIns, { playerId: player.id }),
      );
      expect(signIns.items.map((row) => [row.ip, row.country, row.method, row.sessionLive])).toEqual([
        ['8.8.8.8', 'US', 'password', true],
        ['211.234.10.21', 'KR', 'password', true],
      ]);
      const sessions = valueOf<{ items: PlayerSession[] }>(
        await call(support, BACKOFFICE_CALLS.playerSessions, { playerId: player.id }),
      );
      expect(sessions.items.map((session) => [session.ip, session.country])).toEqual([
        ['8.8.8.8', 'US'],
        ['211.234.10.21', 'KR'],
      ]);

      const newest = sessions.items[0]!;
      expect(
        (await call(support, BACKOFFICE_CALLS.endPlayerSession, { playerId: player.id, sessionId: newest.id }))
          .statusCode,
      ).toBe(200);
      expect((await memberInfo(second.authorization)).statusCode).toBe(401);
      const again = await call(support, BACKOFFICE_CALLS.endPlayerSession, {
        playerId: player.id,
        sessionId: newest.id,
      });
      expect([again.statusCode, again.json().code]).toEqual([404, 'BO_PLAYER_SESSION_NOT_FOUND']);
      expect(await auditOf('member.end-session', player.id)).toHaveLength(1);

      const all = valueOf<{ ended: number }>(
        await call(support, BACKOFFICE_CALLS.endPlayerSessions, { playerId: player.id }),
      );
      expect(all.ended).toBe(1);
      const after = valueOf<Page<PlayerSignIn>>(
        await call(support, BACKOFFICE_CALLS.playerSignIns, { playerId: player.id }),
      );
      expect(after.items.map((row) => row.sessionLive)).toEqual([false, false]);
      expect(await auditOf('member.end-sessions', player.id)).toEqual([
        expect.objectContaining({ after: expect.objectContaining({ endedSessions: 1 }) }),
      ]);
    });
  });

  describe('account actions', () => {
    it('locks a player (no sign-in, sessions ended) and unlocks it; a stale lock is refused and audited nowhere', async () => {
      const player = await createTestMember(t.app);
      const { authorization } = await loginAs(player);
      const locked = valueOf<PlayerProfile>(
        await call(
          support,
          BACKOFFICE_CALLS.lockPlayer,
          { playerId: player.id },
          { payload: { reason: 'chargeback' } },
        ),
      );
      expect(locked).toMatchObject({ status: 'locked', statusReason: 'chargeback' });
      expect((await memberInfo(authorization)).statusCode).toBe(401);
      const refusedSignIn = await loginThroughApi(t.app, { username: player.account, password: player.password });
      expect(refusedSignIn.json().code).toBe('ACCOUNT_DISABLED');

      const stale = await call(
        support,
        BACKOFFICE_CALLS.lockPlayer,
        { playerId: player.id },
        { payload: { reason: 'again' } },
      );
      expect([stale.statusCode, stale.json().code]).toEqual([409, 'BO_CHANGED_SINCE_OPENED']);
      expect(await auditOf('member.lock', player.id)).toEqual([
        expect.objectContaining({
          before: expect.objectContaining({ status: 'active' }),
          after: expect.objectContaining({ status: 'locked', statusReason: 'chargeback', endedSessions: 1 }),
        }),
      ]);

      const unlocked = valueOf<PlayerProfile>(
        await call(
          support,
          BACKOFFICE_CALLS.unlockPlayer,
          { playerId: player.id },
          { payload: { reason: 'resolved' } },
        ),
      );
      expect(unlocked).toMatchObject({ status: 'active', statusReason: 'resolved' });
      // The unlock revives no session the lock ended.
      expect((await memberInfo(authorization)).statusCode).toBe(401);
      expect((await loginAs(player)).authorization).toMatch(/^Bearer /);
      const refused = await call(
        support,
        BACKOFFICE_CALLS.lockPlayer,
        { playerId: player.id },
        { payload: { reason: 'x' } },
      );
      expect(refused.statusCode).toBe(400);
      expect(await auditOf('member.unlock', player.id)).toHaveLength(1);
    });

    it('gives a temporary password (shown once, sessions ended) and expires one, as the CLI does', async () => {
      const player = await createTestMember(t.app);
      const { authorization } = await loginAs(player);
      const given = valueOf<{ password: string; endedSessions: number }>(
        await call(support, BACKOFFICE_CALLS.setPlayerDefaultPassword, { playerId: player.id }, { payload: {} }),
      );
      expect(given.password).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(given.endedSessions).toBe(1);
      expect((await memberInfo(authorization)).statusCode).toBe(401);
      const signedIn = await loginThroughApi(t.app, { username: player.account, password: given.password });
      expect(signedIn.json().value).toMatchObject({ passwordIsDefault: true, cpw: true });
      const [entry] = await auditOf('member.default-password', player.id);
      expect(JSON.stringify(entry)).not.toContain(given.password);

      const expired = valueOf<{ forced: boolean }>(
        await call(support, BACKOFFICE_CALLS.expirePlayerPassword, { playerId: player.id }, { payload: {} }),
      );
      expect(typeof expired.forced).toBe('boolean');
      expect(
        valueOf<PlayerProfile>(await call(support, BACKOFFICE_CALLS.player, { playerId: player.id })),
      ).toMatchObject({
        passwordExpired: true,
        forcePasswordChange: expired.forced,
      });
      expect(await auditOf('member.expire-password', player.id)).toHaveLength(1);
    });

    it('adds notes with their author, newest first; an empty one is refused; the database refuses any change', async () => {
      const player = await createTestMember(t.app);
      for (const body of ['Called about a late withdrawal', 'Promised a callback tomorrow']) {
        valueOf(await call(support, BACKOFFICE_CALLS.addPlayerNote, { playerId: player.id }, { payload: { body } }));
      }
      const empty = await call(
        support,
        BACKOFFICE_CALLS.addPlayerNote,
        { playerId: player.id },
        { payload: { body: '  ' } },
      );
      expect(empty.statusCode).toBe(400);
      const notes = valueOf<Page<PlayerNote>>(await call(owner, BACKOFFICE_CALLS.playerNotes, { playerId: player.id }));
      expect(notes.items.map((note) => [note.author, note.body])).toEqual([
        ['demo-support', 'Promised a callback tomorrow'],
        ['demo-support', 'Called about a late withdrawal'],
      ]);
      expect(await auditOf('member.note', player.id)).toHaveLength(2);
      await expect(
        query(t.app.db, sql`UPDATE member_notes SET body = 'rewritten' WHERE member_id = ${player.id}`),
      ).rejects.toThrow();
      await expect(query(t.app.db, sql`DELETE FROM member_notes WHERE member_id = ${player.id}`)).rejects.toThrow();
    });
  });

  describe('balance adjustments', () => {
    const adjust = (cookie: string, playerId: number, body: Record<string, unknown>) =>
      call(cookie, BACKOFFICE_CALLS.adjustPlayerBalance, { playerId }, { payload: body });
    const movementsWithKey = async (key: string) =>
      toNumber(
        (
          await query<{ n: unknown }>(
            t.app.db,
            sql`SELECT count(*) AS n FROM wallet_movements WHERE idempotency_key LIKE ${`adjustment:%:${key}`}`,
          )
        )[0]?.n,
      );

    it('moves money once for a key sent twice, and answers the repeat as applied false', async () => {
      const player = await createTestMember(t.app);
      const body = { amountMinor: 25_000, reason: 'goodwill credit', idempotencyKey: next('bo-adjust') };
      expect(valueOf(await adjust(finance, player.id, body))).toEqual({
        applied: true,
        balanceMinor: 25_000,
        currency: 'KRW',
      });
      expect(valueOf(await adjust(finance, player.id, body))).toEqual({
        applied: false,
        balanceMinor: 25_000,
        currency: 'KRW',
      });
      expect(await movementsWithKey(body.idempotencyKey)).toBe(1);
      expect(await auditOf('wallet.adjust', player.id)).toEqual([
        expect.objectContaining({
          actor: expect.stringMatching(/^operator:\d+$/),
          after: expect.objectContaining({
            amountMinor: 25_000,
            idempotencyKey: body.idempotencyKey,
            reason: 'goodwill credit',
          }),
        }),
      ]);
      const conflict = await adjust(finance, player.id, { ...body, amountMinor: 30_000 });
      expect([conflict.statusCode, conflict.json().code]).toEqual([409, 'WALLET_IDEMPOTENCY_CONFLICT']);
    });

    it('moves money once for a concurrent pair with one key (a double click), and keeps the ledger balanced', async () => {
      const player = await createTestMember(t.app);
      await adjust(finance, player.id, { amountMinor: 10_000, reason: 'funding', idempotencyKey: next('bo-fund') });
      for (const amountMinor of [4_000, -3_000]) {
        const body = { amountMinor, reason: 'double click', idempotencyKey: next('bo-pair') };
        const replies = await Promise.all([adjust(finance, player.id, body), adjust(finance, player.id, body)]);
        const values = replies.map((reply) => valueOf<{ applied: boolean; balanceMinor: number }>(reply));
        expect(values.filter((value) => value.applied)).toHaveLength(1);
        expect(await movementsWithKey(body.idempotencyKey)).toBe(1);
        expect(new Set(values.map((value) => value.balanceMinor)).size).toBe(1);
      }
      const balances = valueOf<{ sumBalance: number }>(
        await call(finance, BACKOFFICE_CALLS.playerBalances, { playerId: player.id }),
      );
      expect(balances.sumBalance).toBe(11_000);
      expect(await auditOf('wallet.adjust', player.id)).toHaveLength(3);
      expect(await checkLedger(t.app)).toMatchObject({
        balanceMismatches: 0,
        unbalancedMovements: 0,
        negativeBalances: 0,
      });
    });

    it('refuses a debit past the balance, and an operator without players.money, moving and auditing nothing', async () => {
      const player = await createTestMember(t.app);
      const short = await adjust(finance, player.id, {
        amountMinor: -1,
        reason: 'debit too much',
        idempotencyKey: next('bo-short'),
      });
      expect([short.statusCode, short.json().code]).toEqual([409, 'WALLET_INSUFFICIENT_BALANCE']);
      const denied = await adjust(support, player.id, {
        amountMinor: 100,
        reason: 'not mine to give',
        idempotencyKey: next('bo-deny'),
      });
      expect([denied.statusCode, denied.json().code]).toEqual([403, 'BO_PERMISSION_DENIED']);
      const zero = await adjust(finance, player.id, {
        amountMinor: 0,
        reason: 'nothing',
        idempotencyKey: next('bo-zero'),
      });
      expect(zero.statusCode).toBe(400);
      expect(await auditOf('wallet.adjust', player.id)).toEqual([]);
      const ledger = valueOf<Page<LedgerMovement>>(
        await call(finance, BACKOFFICE_CALLS.playerLedger, { playerId: player.id }),
      );
      expect(ledger.items).toEqual([]);
    });
  });

  /** Signs the member in through the player API from `ip`, as the site does. */
  async function loginAs(member: TestMember, ip = '127.0.0.1') {
    const response = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: ip },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { token } = response.json<{ value: { token: string } }>().value;
    return { authorization: `Bearer ${token}` };
  }

  function memberInfo(authorization: string) {
    return t.app.inject({ method: 'GET', url: ACCOUNT_CALLS.memberInfo.path, headers: { authorization } });
  }
});
