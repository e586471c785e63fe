import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import { callWallet, checkLedger, installTestVendor, launchFor } from '../seamless-wallet/seamless-wallet.fixtures';
import { bindAccount, createWithdrawer, setWithdrawalSettings } from '../withdrawals/withdrawals.fixtures';
import { bonusBooks, bonusesOf, createPromotion, creditDeposit, drainBonuses, orderDeposit } from './bonuses.fixtures';
import { BonusService } from './bonuses.service';

// The separate bonus balance (docs/decisions/0063-a-separate-bonus-balance.md) against a model written from the
// decision: stakes through the vendor's seamless wallet take the main balance first and the bonus balance for the
// rest; a win and a rollback give the bonus-funded share back to the bonus balance while a separate bonus is active;
// the wagering that completes the last separate bonus moves the bonus balance to the main one; a forfeit or expiry
// takes the bonus back (all of the bonus balance for the last one) and waits while a round staked with bonus money
// is open; the main balance stays withdrawable throughout.

const DAY_MS = 86_400_000;

type Step =
  | { kind: 'deposit'; amount: number; promo: 0 | 1 | 2 }
  | { kind: 'stake'; percent: number }
  | { kind: 'win'; pick: number; percent: number }
  | { kind: 'rollback'; pick: number }
  | { kind: 'forfeit'; pick: number }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amount: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1_000, max: 40_000 }),
      promo: fc.constantFrom(0 as const, 1 as const, 2 as const),
    }),
  },
  {
    weight: 6,
    // A share of what the member holds: most stakes pass, many reach into the bonus balance, some are short.
    arbitrary: fc.record({ kind: fc.constant('stake' as const), percent: fc.integer({ min: 40, max: 130 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('win' as const),
      pick: fc.nat(7),
      percent: fc.constantFrom(0, 50, 100, 190, 350),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rollback' as const), pick: fc.nat(7) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1_000, max: 60_000 }) }),
  },
);

interface Rules {
  percentBp: number;
  maxBonusMinor: number;
  wageringMultiplier: number;
  rngContributionBp: number;
}
const rulesArbitrary = (minMultiplier: number): fc.Arbitrary<Rules> =>
  fc.record({
    percentBp: fc.constantFrom(5_000, 10_000, 20_000),
    maxBonusMinor: fc.integer({ min: 1_000, max: 40_000 }),
    wageringMultiplier: fc.integer({ min: minMultiplier, max: 5 }),
    rngContributionBp: fc.constantFrom(5_000, 10_000),
  });

interface ModelBonus {
  promo: 1 | 2;
  amount: number;
  required: number;
  done: number;
  status: 'active' | 'completed' | 'forfeited' | 'expired';
  takenBack: number | null;
  contribution: number;
}
interface ModelRound {
  id: string;
  tx: string;
  stake: number;
  bonusStake: number;
  status: 'open' | 'settled' | 'cancelled';
}

describe(`${BonusService.name} with a separate bonus balance, model`, () => {
  let t: TestApp;
  let merchant: Merchant;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    await installTestVendor(t.app);
    merchant = (await t.app.merchants.findByCode('parlay'))!;
    await t.app.bonuses.saveSettings(merchant.id, { balanceMode: 'separate', version: 0 }, TEST_ACTOR);
    await setWithdrawalSettings(t.app, {
      minMinor: 1,
      maxMinor: 10_000_000,
      dailyCount: 100,
      turnoverPercent: 0,
      paymentPasswordRequired: false,
    });
    await drainBonuses(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('keeps both balances, the bonuses and the books as the model says over play, wagering, forfeits and withdrawals', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        // The first promotion, which every run starts with, always has something to wager.
        rulesArbitrary(1),
        rulesArbitrary(0),
        fc.integer({ min: 1_000, max: 20_000 }),
        fc.array(stepArbitrary, { minLength: 6, maxLength: 24 }),
        async (rulesA, rulesB, firstDeposit, rest) => {
          // Every run starts with a bonus to play with.
          const steps: Step[] = [{ kind: 'deposit', amount: firstDeposit, promo: 1 }, ...rest];
          run += 1;
          const promotions = await Promise.all(
            [rulesA, rulesB].map((rules) =>
              createPromotion(t.app, merchant.id, {
                rules: {
                  percentBp: rules.percentBp,
                  maxBonusMinor: rules.maxBonusMinor,
                  minDepositMinor: 1_000,
                  wageringMultiplier: rules.wageringMultiplier,
                  contributionBp: { RNG: rules.rngContributionBp },
                  expiryDays: 30,
                },
              }),
            ),
          );
          const who = await createWithdrawer(t.app);
          const { member } = who;
          const accountId = await bindAccount(t.app, who);
          const launched = await launchFor(t.app, who.authorization);
          const owner = { merchantId: merchant.id, memberId: member.id, currency: 'KRW' };
          let main = 0;
          let bonus = 0;
          const model: ModelBonus[] = [];
          const rounds: ModelRound[] = [];
          const rulesOf = (promo: 1 | 2) => (promo === 1 ? rulesA : rulesB);
          const activeSeparate = () => model.filter((entry) => entry.status === 'active');
          const openBonusRounds = () => rounds.some((round) => round.status === 'open' && round.bonusStake > 0);
          const refusal = async (action: () => Promise<unknown>): Promise<string | null> => {
            try {
              await action();
              return null;
            } catch (error) {
              const code = (error as { code?: string }).code;
              if (!code) throw error;
              return code;
            }
          };
          /** What play gives back: the bonus-funded share to the bonus balance while a separate bonus is active. */
          const giveBack = (amount: number, round: ModelRound) => {
            const share =
              round.bonusStake > 0 && activeSeparate().length > 0
                ? Math.floor((amount * round.bonusStake) / round.stake)
                : 0;
            bonus += share;
            main += amount - share;
          };
          /** The wagering of a settled round; the last separate bonus completed releases the bonus balance. */
          const wager = (validBet: number) => {
            const active = activeSeparate();
            if (active.length === 0) return;
            let counted = Math.floor((validBet * active[0]!.contribution) / 10_000);
            let completed = false;
            for (const entry of active) {
              const add = Math.min(counted, entry.required - entry.done);
              entry.done += add;
              counted -= add;
              if (add > 0 && entry.done >= entry.required) {
                entry.status = 'completed';
                completed = true;
              }
            }
            if (completed && activeSeparate().length === 0) {
              main += bonus;
              bonus = 0;
            }
          };
          const takeBack = (entry: ModelBonus, status: 'forfeited' | 'expired') => {
            const last = activeSeparate().filter((other) => other !== entry).length === 0;
            const taken = last ? bonus : Math.min(entry.amount, bonus);
            bonus -= taken;
            entry.status = status;
            entry.takenBack = taken;
          };
          const base = (step: number, tx: string, round: string) => ({
            requestId: `bq-${run}-${step}`,
            playerId: launched.playerId,
            currency: 'KRW',
            transactionId: tx,
            roundId: round,
            gameCode: 'G1',
          });

          for (const [index, step] of steps.entries()) {
            switch (step.kind) {
              case 'deposit': {
                if (step.promo === 0) {
                  await creditDeposit(t.app, member, await orderDeposit(t.app, member, step.amount));
                  main += step.amount;
                  break;
                }
                const rules = rulesOf(step.promo);
                const amount = Math.min(Math.floor((step.amount * rules.percentBp) / 10_000), rules.maxBonusMinor);
                const expected = model.some((entry) => entry.promo === step.promo) ? 'BONUS_NOT_ELIGIBLE' : null;
                let order = 0;
                const code = await refusal(async () => {
                  order = await orderDeposit(t.app, member, step.amount, promotions[step.promo - 1]!.code);
                });
                expect(code).toBe(expected);
                if (code !== null) break;
                await creditDeposit(t.app, member, order);
                main += step.amount;
                const required = amount * rules.wageringMultiplier;
                // A bonus with nothing to wager is the member's at once: paid into the main balance.
                if (required === 0) main += amount;
                else bonus += amount;
                model.push({
                  promo: step.promo,
                  amount,
                  required,
                  done: 0,
                  status: required === 0 ? 'completed' : 'active',
                  takenBack: null,
                  contribution: rules.rngContributionBp,
                });
                break;
              }
              case 'stake': {
                const amount = Math.max(1, Math.floor(((main + bonus) * step.percent) / 100));
                const round: ModelRound = {
                  id: `br-${run}-${index}`,
                  tx: `bt-${run}-${index}`,
                  stake: amount,
                  bonusStake: 0,
                  status: 'open',
                };
                const reply = await callWallet(t.app, 'debit', {
                  ...base(index, round.tx, round.id),
                  sessionToken: launched.sessionToken,
                  amountMinor: amount,
                });
                if (main + bonus < amount) {
                  expect(reply.body.code).toBe('INSUFFICIENT_FUNDS');
                  break;
                }
                const fromMain = Math.min(main, amount);
                main -= fromMain;
                round.bonusStake = amount - fromMain;
                bonus -= round.bonusStake;
                rounds.push(round);
                expect(reply.body.value).toMatchObject({ applied: true, balanceMinor: main + bonus });
                break;
              }
              case 'win': {
                const open = rounds.filter((round) => round.status === 'open');
                const round = open[step.pick % Math.max(open.length, 1)];
                if (!round) break;
                const amount = Math.floor((round.stake * step.percent) / 100);
                const reply = await callWallet(t.app, 'credit', {
                  ...base(index, `${round.tx}-win`, round.id),
                  amountMinor: amount,
                  roundEnded: true,
                });
                if (amount > 0) giveBack(amount, round);
                round.status = 'settled';
                expect(reply.body.value).toMatchObject({ applied: true, balanceMinor: main + bonus });
                await drainBonuses(t.app);
                wager(round.stake);
                break;
              }
              case 'rollback': {
                const open = rounds.filter((round) => round.status === 'open');
                const round = open[step.pick % Math.max(open.length, 1)];
                if (!round) break;
                const reply = await callWallet(t.app, 'rollback', base(index, round.tx, round.id));
                giveBack(round.stake, round);
                round.status = 'cancelled';
                expect(reply.body.value).toMatchObject({ applied: true, balanceMinor: main + bonus });
                break;
              }
              case 'forfeit': {
                if (model.length === 0) break;
                const entry = model[step.pick % model.length]!;
                const id = (await bonusesOf(t.app.db, member.id))[step.pick % model.length]!.id;
                const code = await refusal(() =>
                  t.app.bonuses.forfeit(merchant, member.id, { bonusId: id, requestId: `bf-${run}-${index}` }, 'EN'),
                );
                const expected =
                  entry.status !== 'active' ? 'BONUS_NOT_ACTIVE' : openBonusRounds() ? 'BONUS_ROUNDS_OPEN' : null;
                expect(code).toBe(expected);
                if (code === null) takeBack(entry, 'forfeited');
                break;
              }
              case 'expire': {
                const later = new BonusService(
                  t.app.db,
                  t.app.gaming.wallet,
                  t.app.settlementFeed,
                  t.app.audit,
                  () => new Date(Date.now() + 31 * DAY_MS),
                );
                while ((await later.expireDue()).expired > 0);
                // A round in play staked with bonus money holds every separate bonus of the member until it ends.
                if (!openBonusRounds()) for (const entry of activeSeparate()) takeBack(entry, 'expired');
                break;
              }
              case 'withdraw': {
                const code = await refusal(() =>
                  t.app.withdrawals.requests.request(
                    merchant,
                    { ...member, sessionId: 0 },
                    { bankAccountId: accountId, amountMinor: step.amount, requestId: `bw-${run}-${index}` },
                    '10.0.0.1',
                  ),
                );
                // The main balance is the member's own: no lock; the bonus balance is never withdrawn.
                expect(code).toBe(step.amount > main ? 'WITHDRAWAL_INSUFFICIENT_BALANCE' : null);
                if (code === null) main -= step.amount;
                break;
              }
            }
            expect([
              await t.app.gaming.wallet.findBalance(t.app.db, owner),
              await t.app.gaming.wallet.findBonusBalance(t.app.db, owner),
            ]).toEqual([main, bonus]);
            expect(
              (await bonusesOf(t.app.db, member.id)).map((entry) => [
                entry.status,
                entry.amountMinor,
                entry.wageringRequiredMinor,
                entry.wageringDoneMinor,
                entry.takenBackMinor,
              ]),
            ).toEqual(model.map((entry) => [entry.status, entry.amount, entry.required, entry.done, entry.takenBack]));
          }
          expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
          expect(await checkLedger(t.app)).toMatchObject({
            balanceMismatches: 0,
            unbalancedMovements: 0,
            negativeBalances: 0,
            duplicatedTransactions: 0,
            lostTransactions: 0,
          });
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});
