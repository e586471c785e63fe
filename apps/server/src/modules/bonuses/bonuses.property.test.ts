import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { Merchant } from '../merchant/index';
import { pointGames, settleRound, type TestGame } from '../points/points.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { bindAccount, createWithdrawer, setWithdrawalSettings } from '../withdrawals/withdrawals.fixtures';
import { bonusBooks, bonusesOf, createPromotion, creditDeposit, drainBonuses, orderDeposit } from './bonuses.fixtures';
import { BonusService } from './bonuses.service';

const DAY_MS = 86_400_000;

type Game = 'rng' | 'live';
type Step =
  | { kind: 'deposit'; amount: number; promo: 0 | 1 | 2 }
  | { kind: 'wager'; game: Game; validBet: number; lossPercent: number }
  | { kind: 'win'; amount: number }
  | { kind: 'forfeit'; pick: number }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amount: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      amount: fc.integer({ min: 1_000, max: 60_000 }),
      promo: fc.constantFrom(0 as const, 1 as const, 2 as const),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('wager' as const),
      game: fc.constantFrom<Game>('rng', 'live'),
      validBet: fc.integer({ min: 1, max: 60_000 }),
      lossPercent: fc.integer({ min: 0, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('win' as const), amount: fc.integer({ min: 1, max: 30_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forfeit' as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1_000, max: 80_000 }) }),
  },
);

interface Rules {
  percentBp: number;
  maxBonusMinor: number;
  minDepositMinor: number;
  wageringMultiplier: number;
  contributionBp: Record<Game, number>;
}
const rulesArbitrary: fc.Arbitrary<Rules> = fc.record({
  percentBp: fc.constantFrom(5_000, 10_000, 20_000),
  maxBonusMinor: fc.integer({ min: 1_000, max: 50_000 }),
  minDepositMinor: fc.integer({ min: 1_000, max: 20_000 }),
  wageringMultiplier: fc.integer({ min: 0, max: 4 }),
  contributionBp: fc.record({ rng: fc.constantFrom(0, 5_000, 10_000), live: fc.constantFrom(0, 1_000, 10_000) }),
});

interface ModelBonus {
  promo: 1 | 2;
  amount: number;
  required: number;
  done: number;
  status: 'active' | 'completed' | 'forfeited' | 'expired';
  takenBack: number | null;
  contribution: Record<Game, number>;
}

describe(`${BonusService.name} model`, () => {
  let t: TestApp;
  let merchant: Merchant;
  let games: Record<Game, TestGame>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    await installTestVendor(t.app);
    games = await pointGames(t.app);
    merchant = (await t.app.merchants.findByCode('parlay'))!;
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

  it('never lets bonus money out before its wagering, over deposits, wagers, forfeits, expiry and withdrawals', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        rulesArbitrary,
        rulesArbitrary,
        fc.array(stepArbitrary, { minLength: 4, maxLength: 14 }),
        async (rulesA, rulesB, steps) => {
          run += 1;
          const promotions = await Promise.all(
            [rulesA, rulesB].map((rules) =>
              createPromotion(t.app, merchant.id, {
                rules: {
                  percentBp: rules.percentBp,
                  maxBonusMinor: rules.maxBonusMinor,
                  minDepositMinor: rules.minDepositMinor,
                  wageringMultiplier: rules.wageringMultiplier,
                  contributionBp: { RNG: rules.contributionBp.rng, LIVE: rules.contributionBp.live },
                  expiryDays: 30,
                },
              }),
            ),
          );
          const who = await createWithdrawer(t.app);
          const { member } = who;
          const accountId = await bindAccount(t.app, who);
          const owner = { merchantId: merchant.id, memberId: member.id, currency: 'KRW' };
          let balance = 0;
          const model: ModelBonus[] = [];
          const rulesOf = (promo: 1 | 2) => (promo === 1 ? rulesA : rulesB);
          const lockedOf = () =>
            model.filter((bonus) => bonus.status === 'active').reduce((sum, bonus) => sum + bonus.amount, 0);
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
          const takeBack = (bonus: ModelBonus, status: 'forfeited' | 'expired') => {
            const taken = Math.min(bonus.amount, balance);
            balance -= taken;
            bonus.status = status;
            bonus.takenBack = taken;
          };

          for (const [index, step] of steps.entries()) {
            switch (step.kind) {
              case 'deposit': {
                if (step.promo === 0) {
                  await creditDeposit(t.app, member, await orderDeposit(t.app, member, step.amount));
                  balance += step.amount;
                  break;
                }
                const rules = rulesOf(step.promo);
                const bonusAmount = Math.min(Math.floor((step.amount * rules.percentBp) / 10_000), rules.maxBonusMinor);
                const expected = model.some((bonus) => bonus.promo === step.promo)
                  ? 'BONUS_NOT_ELIGIBLE'
                  : step.amount < rules.minDepositMinor || bonusAmount <= 0
                    ? 'BONUS_DEPOSIT_TOO_SMALL'
                    : null;
                let order = 0;
                const code = await refusal(async () => {
                  order = await orderDeposit(t.app, member, step.amount, promotions[step.promo - 1]!.code);
                });
                expect(code).toBe(expected);
                if (code !== null) break;
                await creditDeposit(t.app, member, order);
                balance += step.amount + bonusAmount;
                const required = bonusAmount * rules.wageringMultiplier;
                model.push({
                  promo: step.promo,
                  amount: bonusAmount,
                  required,
                  done: 0,
                  status: required === 0 ? 'completed' : 'active',
                  takenBack: null,
                  contribution: rules.contributionBp,
                });
                break;
              }
              case 'wager': {
                await settleRound(t.app.db, {
                  merchantId: merchant.id,
                  memberId: member.id,
                  game: games[step.game],
                  validBetMinor: step.validBet,
                });
                const loss = Math.min(balance, Math.floor((step.validBet * step.lossPercent) / 100));
                if (loss > 0) {
                  await t.app.db.transaction((tx) =>
                    t.app.gaming.wallet.debit(tx, {
                      ...owner,
                      amountMinor: loss,
                      kind: 'adjustment',
                      idempotencyKey: `model-loss-${member.id}-${index}`,
                    }),
                  );
                  balance -= loss;
                }
                await drainBonuses(t.app);
                const active = model.filter((bonus) => bonus.status === 'active');
                if (active.length === 0) break;
                let counted = Math.floor((step.validBet * active[0]!.contribution[step.game]) / 10_000);
                for (const bonus of active) {
                  const add = Math.min(counted, bonus.required - bonus.done);
                  bonus.done += add;
                  counted -= add;
                  if (bonus.done >= bonus.required) bonus.status = 'completed';
                }
                break;
              }
              case 'win':
                await t.app.db.transaction((tx) =>
                  t.app.gaming.wallet.credit(tx, {
                    ...owner,
                    amountMinor: step.amount,
                    kind: 'adjustment',
                    idempotencyKey: `model-win-${member.id}-${index}`,
                  }),
                );
                balance += step.amount;
                break;
              case 'forfeit': {
                if (model.length === 0) break;
                const bonus = model[step.pick % model.length]!;
                const id = (await bonusesOf(t.app.db, member.id))[step.pick % model.length]!.id;
                const code = await refusal(() =>
                  t.app.bonuses.forfeit(merchant, member.id, { bonusId: id, requestId: `model-${run}-${index}` }, 'EN'),
                );
                expect(code).toBe(bonus.status === 'active' ? null : 'BONUS_NOT_ACTIVE');
                if (code === null) takeBack(bonus, 'forfeited');
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
                for (const bonus of model) if (bonus.status === 'active') takeBack(bonus, 'expired');
                break;
              }
              case 'withdraw': {
                const locked = lockedOf();
                const code = await refusal(() =>
                  t.app.withdrawals.requests.request(
                    merchant,
                    { ...member, sessionId: 0 },
                    { bankAccountId: accountId, amountMinor: step.amount, requestId: `model-${run}-${index}` },
                    '10.0.0.1',
                  ),
                );
                // Bonus money leaves only once its wagering is met: the balance never falls below the active bonuses.
                const expected =
                  step.amount > balance
                    ? 'WITHDRAWAL_INSUFFICIENT_BALANCE'
                    : balance - step.amount < locked
                      ? 'WITHDRAWAL_BONUS_WAGERING'
                      : null;
                expect(code).toBe(expected);
                if (code === null) balance -= step.amount;
                break;
              }
            }
            expect(await t.app.gaming.wallet.findBalance(t.app.db, owner)).toBe(balance);
            expect(
              (await bonusesOf(t.app.db, member.id)).map((bonus) => [
                bonus.status,
                bonus.amountMinor,
                bonus.wageringRequiredMinor,
                bonus.wageringDoneMinor,
                bonus.takenBackMinor,
              ]),
            ).toEqual(model.map((bonus) => [bonus.status, bonus.amount, bonus.required, bonus.done, bonus.takenBack]));
          }
          expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
        },
      ),
      { numRuns: 25 },
    );
  }, 600_000);
});
