import type { RaffleDraw } from '@parlay/contract';
import { RAFFLE_CALLS, callWithParams } from '@parlay/contract';
import { drawRaffleWinners } from '@parlay/fairness';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import type { Merchant } from '../merchant/index';
import { missionGames, settleRound, type TestGame } from '../missions/missions.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import {
  booksBreaks,
  creditedDeposit,
  endSale,
  insertTestRaffle,
  prizeBreaks,
  prizesPaidTo,
  stopRaffleJobs,
} from './raffles.fixtures';
import { RaffleService, ticketsOf } from './raffles.service';

const MEMBERS = 4;
const MINUTE = 60_000;

/** One step of a member's sale: a deposit, a settled round (in the window or before it), or a join. */
type Step =
  | { kind: 'deposit'; member: number; amountMinor: number; feeMinor: number; inWindow: boolean }
  | { kind: 'round'; member: number; validBetMinor: number; inWindow: boolean }
  | { kind: 'join'; member: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    member: fc.nat(MEMBERS - 1),
    amountMinor: fc.integer({ min: 1, max: 8_000 }),
    feeMinor: fc.integer({ min: 0, max: 2_000 }),
    inWindow: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('round' as const),
    member: fc.nat(MEMBERS - 1),
    validBetMinor: fc.integer({ min: 0, max: 900 }),
    inWindow: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('join' as const), member: fc.nat(MEMBERS - 1) }),
);

const rulesArb = fc.record({
  depositStepMinor: fc.option(fc.integer({ min: 500, max: 3_000 }), { nil: null }),
  betStepMinor: fc.option(fc.integer({ min: 50, max: 700 }), { nil: null }),
  maxTicketsPerMember: fc.integer({ min: 1, max: 40 }),
  prizes: fc.array(fc.integer({ min: 1, max: 9_000 }), { minLength: 1, maxLength: 5 }),
  seed: fc.stringMatching(/^[0-9a-f]{64}$/),
});

describe(RaffleService.name, () => {
  let t: TestApp;
  let brand: Merchant;
  let game: TestGame;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRaffleJobs(t.app);
    await installTestVendor(t.app);
    game = (await missionGames(t.app)).live;
    brand = (await t.app.merchants.findByCode('parlay'))!;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('matches a model: tickets by the rules in the window, the joined in the draw, winners recomputable', async () => {
    await fc.assert(
      fc.asyncProperty(
        rulesArb.filter((rules) => rules.depositStepMinor !== null || rules.betStepMinor !== null),
        fc.array(stepArb, { minLength: 4, maxLength: 30 }),
        async (rules, steps) => {
          const raffleId = await insertTestRaffle(t.app.db, brand.id, {
            ...rules,
            saleStartsAt: new Date(Date.now() - 60 * MINUTE),
          });
          const members = await Promise.all(Array.from({ length: MEMBERS }, () => createTestMember(t.app)));
          const model = members.map(() => ({ deposits: 0, bets: 0, joined: false }));
          for (const [index, step] of steps.entries()) {
            const memberId = members[step.member]!.id;
            const owner = { merchantId: brand.id, memberId };
            // In the window: minutes ago, in order; before it: two hours ago.
            const at = (inWindow: boolean) => new Date(Date.now() - (inWindow ? 50 - index : 120) * MINUTE);
            if (step.kind === 'deposit') {
              const amountMinor = step.amountMinor + step.feeMinor + 1;
              await creditedDeposit(t.app.db, {
                ...owner,
                amountMinor,
                feeMinor: step.feeMinor,
                at: at(step.inWindow),
              });
              if (step.inWindow) model[step.member]!.deposits += amountMinor - step.feeMinor;
            } else if (step.kind === 'round') {
              await settleRound(t.app.db, { ...owner, game, validBetMinor: step.validBetMinor, at: at(step.inWindow) });
              if (step.inWindow) model[step.member]!.bets += step.validBetMinor;
            } else {
              const result = await t.app.raffles.join(owner, brand, raffleId, 'EN');
              expect(result.joinedNow).toBe(!model[step.member]!.joined);
              model[step.member]!.joined = true;
            }
          }
          const expected = model.map((part) => ticketsOf(rules, part.deposits, part.bets));
          for (const [index, member] of members.entries()) {
            const item = (await t.app.raffles.list(brand, member.id, 'EN')).items.find(
              (entry) => entry.id === raffleId,
            );
            expect(item?.tickets).toBe(expected[index]);
            expect(item?.state).toBe(model[index]!.joined ? 'joined' : 'join');
          }

          await endSale(t.app.db, raffleId);
          expect((await t.app.raffles.drawDue()).drawn).toBeGreaterThanOrEqual(1);
          const reply = await t.app.inject({
            method: 'GET',
            url: callWithParams(RAFFLE_CALLS.draw, { raffleId: String(raffleId) }).path,
          });
          const draw = reply.json<{ value: RaffleDraw }>().value;
          // The list: the joined members with a ticket, by member id, numbered on from 1.
          const inDraw = members
            .map((member, index) => ({ id: member.id, count: expected[index]!, joined: model[index]!.joined }))
            .filter((entry) => entry.joined && entry.count > 0)
            .sort((a, b) => a.id - b.id);
          expect(draw.entries.map((entry) => entry.count)).toEqual(inDraw.map((entry) => entry.count));
          expect(draw.totalTickets).toBe(inDraw.reduce((sum, entry) => sum + entry.count, 0));
          let next = 1;
          for (const entry of draw.entries) {
            expect(entry.firstTicket).toBe(next);
            next += entry.count;
          }
          // The winners: recomputable, distinct, as many as prizes or entrants, each paid its prize once.
          const picks = drawRaffleWinners({
            seed: rules.seed,
            raffleId,
            prizes: rules.prizes.length,
            counts: inDraw.map((entry) => entry.count),
          });
          expect(draw.winners.map(({ rank, ticket, entry }) => ({ rank, ticket, entry }))).toEqual(
            picks.map(({ rank, ticket, entry }) => ({ rank, ticket, entry })),
          );
          expect(draw.winners).toHaveLength(Math.min(rules.prizes.length, inDraw.length));
          expect(new Set(draw.winners.map((winner) => winner.entry)).size).toBe(draw.winners.length);
          for (const [index, member] of members.entries()) {
            const entry = inDraw.findIndex((candidate) => candidate.id === member.id);
            const won = draw.winners.find((winner) => winner.entry === entry);
            expect(await prizesPaidTo(t.app.db, member.id)).toBe(won ? rules.prizes[won.rank - 1] : 0);
            const item = (await t.app.raffles.list(brand, member.id, 'EN')).items.find(
              (candidate) => candidate.id === raffleId,
            );
            expect(item?.state).toBe(won ? 'issued' : 'close');
            expect(item?.tickets).toBe(model[index]!.joined ? expected[index] : 0);
          }
        },
      ),
      { numRuns: 20 },
    );
    expect(await prizeBreaks(t.app.db)).toEqual([]);
    expect(await booksBreaks(t.app.db)).toEqual([]);
  }, 300_000);
});
