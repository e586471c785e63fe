import {
  ERRORS,
  RAFFLE_CALLS,
  callWithParams,
  type ClaimRaffleResult,
  type RaffleDraw,
  type RaffleItem,
  type RaffleList,
} from '@parlay/contract';
import { drawRaffleWinners, hashServerSeed } from '@parlay/fairness';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, signInTestMember } from '../../test/members';
import { missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { rafflePromotionStates } from './raffle-states';
import {
  booksBreaks,
  creditedDeposit,
  endSale,
  insertTestRaffle,
  prizeBreaks,
  prizesPaidTo,
  stopRaffleJobs,
  TEST_RAFFLE_SEED,
} from './raffles.fixtures';
import { RaffleService } from './raffles.service';

const HOUR = 3_600_000;

describe(RaffleService.name, () => {
  let t: TestApp;
  let merchantId: number;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRaffleJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
    // The demo raffles stay out of these tests' draws.
    await query(
      t.app.db,
      sql`UPDATE raffles SET status = 'void' WHERE merchant_id = ${merchantId} AND status = 'open'`,
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const list = async (authorization?: string, language = 'EN') => {
    const reply = await t.app.inject({
      method: 'GET',
      url: RAFFLE_CALLS.list.path,
      headers: { language, ...(authorization ? { authorization } : {}) },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ value: RaffleList }>().value;
  };
  const itemOf = (raffles: RaffleList, id: number): RaffleItem | undefined =>
    raffles.items.find((item) => item.id === id);
  const join = (authorization: string | undefined, raffleId: unknown, language = 'EN') =>
    t.app.inject({
      method: 'POST',
      url: RAFFLE_CALLS.claim.path,
      headers: { language, ...(authorization ? { authorization } : {}) },
      payload: { raffleId },
    });
  const proof = (raffleId: number, language = 'EN') =>
    t.app.inject({
      method: 'GET',
      url: callWithParams(RAFFLE_CALLS.draw, { raffleId: String(raffleId) }).path,
      headers: { language },
    });
  const entrantsOf = async (raffleId: number) =>
    toNumber(
      (
        await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT count(*) AS n FROM raffle_entrants WHERE raffle_id = ${raffleId}`,
        )
      )[0]?.n,
    );

  it('counts tickets from deposits and valid bets in the sale window, joins once, and shows the state', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const owner = { merchantId, memberId: member.id };
    const raffleId = await insertTestRaffle(t.app.db, merchantId, { maxTicketsPerMember: 50 });
    // Before the sale, another brand's time: nothing. In it: 2,500 less a 300 fee of deposits (2 tickets by 1,000)
    // and 450 of valid bets (4 by 100).
    await creditedDeposit(t.app.db, { ...owner, amountMinor: 9_000, at: new Date(Date.now() - 2 * HOUR) });
    await settleRound(t.app.db, { ...owner, game, validBetMinor: 900, at: new Date(Date.now() - 2 * HOUR) });
    await creditedDeposit(t.app.db, { ...owner, amountMinor: 2_500, feeMinor: 300 });
    await settleRound(t.app.db, { ...owner, game, validBetMinor: 250 });
    await settleRound(t.app.db, { ...owner, game, validBetMinor: 200 });

    const visitor = itemOf(await list(), raffleId);
    expect(visitor).toMatchObject({
      state: null,
      tickets: null,
      joinedAt: null,
      status: 'open',
      seedHash: hashServerSeed(TEST_RAFFLE_SEED),
      category: 'raffle',
      prizes: [
        { rank: 1, amountMinor: 5_000 },
        { rank: 2, amountMinor: 1_000 },
      ],
      rules: { depositStepMinor: 1_000, betStepMinor: 100, maxTicketsPerMember: 50 },
    });
    expect(itemOf(await list(authorization), raffleId)).toMatchObject({ state: 'join', tickets: 6 });

    const first = await join(authorization, raffleId);
    expect(first.statusCode, first.body).toBe(200);
    const joined = first.json<{ value: ClaimRaffleResult }>().value;
    expect(joined).toMatchObject({ joinedNow: true, raffle: { id: raffleId, state: 'joined', tickets: 6 } });
    // A second join changes nothing and says so.
    const again = (await join(authorization, raffleId)).json<{ value: ClaimRaffleResult }>().value;
    expect(again).toMatchObject({ joinedNow: false, raffle: { state: 'joined', joinedAt: joined.raffle.joinedAt } });
    expect(await entrantsOf(raffleId)).toBe(1);
    expect(itemOf(await list(authorization, 'KO'), raffleId)).toMatchObject({ title: '테스트 래플', state: 'joined' });
  });

  it('refuses a coming, closed, drawn, switched-off or other brand’s raffle, a visitor and a trial, translated', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const coming = await insertTestRaffle(t.app.db, merchantId, {
      saleStartsAt: new Date(Date.now() + HOUR),
      saleEndsAt: new Date(Date.now() + 2 * HOUR),
    });
    const closed = await insertTestRaffle(t.app.db, merchantId, {
      saleStartsAt: new Date(Date.now() - 2 * HOUR),
      saleEndsAt: new Date(Date.now() - HOUR),
      drawAt: new Date(Date.now() + HOUR),
    });
    const off = await insertTestRaffle(t.app.db, merchantId, { active: false });
    const otherId = await createTestBrand(t.app.db, `rf${process.pid}`, `rf${process.pid}.example`);
    const theirs = await insertTestRaffle(t.app.db, otherId);
    const cases = [
      [coming, 'KO', 409, 'RAFFLE_NOT_STARTED'],
      [closed, 'EN', 409, 'RAFFLE_CLOSED'],
      [off, 'KO', 404, 'RAFFLE_NOT_FOUND'],
      [theirs, 'EN', 404, 'RAFFLE_NOT_FOUND'],
      [9_999_999, 'KO', 404, 'RAFFLE_NOT_FOUND'],
    ] as const;
    for (const [raffleId, language, status, code] of cases) {
      const reply = await join(authorization, raffleId, language);
      expect(reply.statusCode, `${code} ${reply.body}`).toBe(status);
      expect(reply.json()).toMatchObject({
        success: false,
        code,
        message: language === 'KO' ? ERRORS[code].ko : ERRORS[code].en,
      });
    }
    expect(itemOf(await list(authorization), coming)?.state).toBe('coming_soon');
    expect(itemOf(await list(authorization), closed)?.state).toBe('close');
    expect(itemOf(await list(authorization), off)).toBeUndefined();
    expect(itemOf(await list(authorization), theirs)).toBeUndefined();

    const visitor = await join(undefined, coming, 'KO');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'NOT_LOGGED_IN', message: ERRORS.NOT_LOGGED_IN.ko });
    const trial = await signInTestMember(t.app, { agentType: 4 });
    expect((await join(trial.authorization, coming)).json().code).toBe('NEED_TRUE_ACCOUNT');
    expect((await join(authorization, 'one')).json().code).toBe('VALIDATION_FAILED');

    // Not drawn yet: its seed stays secret.
    const secret = await proof(closed, 'KO');
    expect(secret.statusCode).toBe(409);
    expect(secret.json()).toMatchObject({ code: 'RAFFLE_NOT_DRAWN', message: ERRORS.RAFFLE_NOT_DRAWN.ko });
    expect((await proof(theirs)).json().code).toBe('RAFFLE_NOT_FOUND');
    const rows = await query(t.app.db, sql`SELECT 1 FROM raffle_entrants WHERE member_id = ${member.id}`);
    expect(rows).toHaveLength(0);
  });

  it('draws the joined members only, pays each prize once, reveals a seed that recomputes the winners', async () => {
    const raffleId = await insertTestRaffle(t.app.db, merchantId, { prizes: [7_000, 3_000, 1_000] });
    const players = await Promise.all(Array.from({ length: 4 }, () => signInTestMember(t.app)));
    const outsider = await signInTestMember(t.app);
    // Valid bets of 100 to 400: 1 to 4 tickets; the outsider plays most but never joins; the last joins with none.
    for (const [index, player] of [...players, outsider].entries()) {
      const bet = index === 3 ? 50 : index === 4 ? 10_000 : (index + 1) * 100;
      await settleRound(t.app.db, { merchantId, memberId: player.member.id, game, validBetMinor: bet });
    }
    for (const player of players) expect((await join(player.authorization, raffleId)).statusCode).toBe(200);
    await endSale(t.app.db, raffleId);
    expect((await join(outsider.authorization, raffleId)).json().code).toBe('RAFFLE_CLOSED');

    expect(await t.app.raffles.drawDue()).toEqual({ drawn: 1 });
    expect(await t.app.raffles.drawDue()).toEqual({ drawn: 0 });

    const reply = await proof(raffleId);
    expect(reply.statusCode, reply.body).toBe(200);
    const draw = reply.json<{ value: RaffleDraw }>().value;
    expect(draw).toMatchObject({ seed: TEST_RAFFLE_SEED, seedHash: hashServerSeed(TEST_RAFFLE_SEED), totalTickets: 6 });
    const ordered = [...players.slice(0, 3)].sort((a, b) => a.member.id - b.member.id);
    expect(draw.entries.map((entry) => [entry.entry, entry.firstTicket, entry.count])).toEqual(
      ordered.reduce<[number, number, number][]>((list, player, index) => {
        const count = players.indexOf(player) + 1;
        const first = index === 0 ? 1 : list[index - 1]![1] + list[index - 1]![2];
        return [...list, [index, first, count]];
      }, []),
    );
    expect(draw.entries.every((entry) => entry.account.includes('*'))).toBe(true);
    // Anyone recomputes the winners from the proof alone.
    const recomputed = drawRaffleWinners({
      seed: draw.seed,
      raffleId,
      prizes: draw.prizes.length,
      counts: draw.entries.map((entry) => entry.count),
    });
    expect(draw.winners.map(({ rank, ticket, entry }) => ({ rank, ticket, entry }))).toEqual(
      recomputed.map(({ rank, ticket, entry }) => ({ rank, ticket, entry })),
    );
    expect(draw.winners.map((winner) => winner.prizeMinor)).toEqual([7_000, 3_000, 1_000]);

    // Each winner was paid its prize once; the others nothing; each member sees its state.
    for (const [index, player] of players.entries()) {
      const won = draw.winners.find((winner) => ordered[winner.entry]?.member.id === player.member.id);
      expect(await prizesPaidTo(t.app.db, player.member.id)).toBe(won?.prizeMinor ?? 0);
      const item = itemOf(await list(player.authorization), raffleId);
      expect(item).toMatchObject({
        status: 'drawn',
        state: won ? 'issued' : 'close',
        tickets: index === 3 ? 0 : index + 1,
      });
      expect(item?.prize).toEqual(won ? { rank: won.rank, amountMinor: won.prizeMinor } : null);
    }
    expect(await prizesPaidTo(t.app.db, outsider.member.id)).toBe(0);
    expect(itemOf(await list(outsider.authorization), raffleId)).toMatchObject({ state: 'close', tickets: 0 });
    expect(await prizeBreaks(t.app.db)).toEqual([]);
    expect(await booksBreaks(t.app.db)).toEqual([]);

    // The hub's provider says the same as the list.
    const states = await rafflePromotionStates()(
      t.app.db,
      (await t.app.merchants.findByCode('parlay'))!,
      players[0]!.member.id,
      [raffleId, 9_999_999],
    );
    expect(states.get(raffleId)).toBe(itemOf(await list(players[0]!.authorization), raffleId)?.state);
    expect(states.get(9_999_999)).toBe('close');
  });

  it("writes each winner a mailbox message in the member's language in the draw's transaction, none to the others", async () => {
    const raffleId = await insertTestRaffle(t.app.db, merchantId, { prizes: [12_345, 6_000] });
    const [korean, english, loser] = await Promise.all(Array.from({ length: 3 }, () => createTestMember(t.app)));
    await query(t.app.db, sql`UPDATE members SET language = 'EN' WHERE id = ${english!.id}`);
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    // One ticket each for the two winners-to-be; the third joins with none, so it cannot win.
    for (const [member, bet] of [
      [korean!, 100],
      [english!, 100],
      [loser!, 50],
    ] as const) {
      await settleRound(t.app.db, { merchantId, memberId: member.id, game, validBetMinor: bet });
      await t.app.raffles.join({ merchantId, memberId: member.id }, brand, raffleId, 'EN');
    }
    await endSale(t.app.db, raffleId);
    const messagesOf = (memberId: number) =>
      query<{ title: string; body: string; template_key: string }>(
        t.app.db,
        sql`SELECT title, body, template_key FROM member_messages WHERE member_id = ${memberId} ORDER BY id`,
      );
    expect(await t.app.raffles.drawDue()).toEqual({ drawn: 1 });
    const draw = (await proof(raffleId)).json<{ value: RaffleDraw }>().value;
    // The list is in member id order, and both entrants win (two prizes).
    const prizeOf = (memberId: number) =>
      draw.winners.find((winner) => winner.entry === (memberId === Math.min(korean!.id, english!.id) ? 0 : 1))!;
    const [koMessage] = await messagesOf(korean!.id);
    const [enMessage] = await messagesOf(english!.id);
    const ko = prizeOf(korean!.id);
    const en = prizeOf(english!.id);
    // The demo brand's language (KO) for a member who chose none; EN for the one who chose it.
    expect(koMessage).toMatchObject({ template_key: 'raffleWon', title: '래플 당첨' });
    expect(koMessage!.body).toContain(`${ko.rank}등`);
    expect(koMessage!.body).toContain(ko.prizeMinor === 12_345 ? '12,345' : '6,000');
    expect(koMessage!.body).toContain('테스트 래플');
    expect(enMessage).toMatchObject({ template_key: 'raffleWon', title: 'You won a raffle prize' });
    expect(enMessage!.body).toContain(`prize #${en.rank} of "Test raffle"`);
    expect(enMessage!.body).toContain(`ticket ${en.ticket}`);
    expect(enMessage!.body).toContain(en.prizeMinor === 12_345 ? '12,345' : '6,000');
    expect(await messagesOf(loser!.id)).toEqual([]);
    // One message a prize, whatever reruns the draw job makes.
    expect(await t.app.raffles.drawDue()).toEqual({ drawn: 0 });
    expect(await messagesOf(korean!.id)).toHaveLength(1);
  });

  it('draws a raffle without tickets with no winners, and one whose only entrant wins a single prize', async () => {
    const empty = await insertTestRaffle(t.app.db, merchantId);
    const lonely = await insertTestRaffle(t.app.db, merchantId, { prizes: [100, 50, 25] });
    const member = await createTestMember(t.app);
    await settleRound(t.app.db, { merchantId, memberId: member.id, game, validBetMinor: 300 });
    await t.app.raffles.join(
      { merchantId, memberId: member.id },
      (await t.app.merchants.findByCode('parlay'))!,
      lonely,
      'EN',
    );
    await endSale(t.app.db, empty);
    await endSale(t.app.db, lonely);
    expect(await t.app.raffles.drawDue()).toEqual({ drawn: 2 });
    const none = (await proof(empty)).json<{ value: RaffleDraw }>().value;
    expect(none).toMatchObject({ totalTickets: 0, entries: [], winners: [] });
    const one = (await proof(lonely)).json<{ value: RaffleDraw }>().value;
    expect(one.winners).toHaveLength(1);
    expect(one.winners[0]).toMatchObject({ rank: 1, entry: 0, prizeMinor: 100 });
    expect(await prizesPaidTo(t.app.db, member.id)).toBe(100);
    expect(await prizeBreaks(t.app.db)).toEqual([]);
  });

  it('gives a visitor the dates’ state through the hub provider', async () => {
    const coming = await insertTestRaffle(t.app.db, merchantId, {
      saleStartsAt: new Date(Date.now() + HOUR),
      saleEndsAt: new Date(Date.now() + 2 * HOUR),
    });
    const open = await insertTestRaffle(t.app.db, merchantId);
    const states = await rafflePromotionStates()(t.app.db, (await t.app.merchants.findByCode('parlay'))!, null, [
      coming,
      open,
    ]);
    expect([states.get(coming), states.get(open)]).toEqual(['coming_soon', 'join']);
  });
});
