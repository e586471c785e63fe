import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { SeamlessWalletService } from './seamless-wallet.service';

/** The wallet as a reader would write it down: the reference the server must agree with. */
interface ModelTx {
  kind: 'debit' | 'credit';
  state: 'debited' | 'credited' | 'rolled_back' | 'blocked';
  player: number;
  round: string;
  amount: number;
}
interface ModelRound {
  player: number;
  status: 'open' | 'settled' | 'cancelled';
  stake: number;
  win: number;
}
type Expected = { applied: boolean } | { code: string };

class WalletModel {
  readonly balances: number[];
  readonly txs = new Map<string, ModelTx>();
  readonly rounds = new Map<string, ModelRound>();
  /** What the brand's promotion and tournament credits from the vendor paid today, against its cap. */
  promotionsPaid: number;
  constructor(
    balances: number[],
    promotionsPaid: number,
    readonly promotionCap: number,
  ) {
    this.balances = [...balances];
    this.promotionsPaid = promotionsPaid;
  }

  debit(player: number, tx: string, round: string, amount: number): Expected {
    const known = this.txs.get(tx);
    if (known) {
      if (known.state === 'blocked' || known.state === 'rolled_back') return { code: 'VENDOR_TRANSACTION_ROLLED_BACK' };
      const same =
        known.kind === 'debit' && known.player === player && known.round === round && known.amount === amount;
      return same ? { applied: false } : { code: 'VENDOR_IDEMPOTENCY_CONFLICT' };
    }
    const current = this.rounds.get(round);
    if (current && (current.status !== 'open' || current.player !== player)) return { code: 'VENDOR_ROUND_CLOSED' };
    if ((this.balances[player] ?? 0) < amount) return { code: 'INSUFFICIENT_FUNDS' };
    this.balances[player] = (this.balances[player] ?? 0) - amount;
    this.txs.set(tx, { kind: 'debit', state: 'debited', player, round, amount });
    if (current) current.stake += amount;
    else this.rounds.set(round, { player, status: 'open', stake: amount, win: 0 });
    return { applied: true };
  }

  /** A round credit pays a round the player staked in; a promotion pays without a stake, within the cap. */
  credit(player: number, tx: string, round: string, amount: number, ended: boolean, promotion: boolean): Expected {
    const known = this.txs.get(tx);
    if (known) {
      const same =
        known.kind === 'credit' && known.player === player && known.round === round && known.amount === amount;
      return same ? { applied: false } : { code: 'VENDOR_IDEMPOTENCY_CONFLICT' };
    }
    const current = this.rounds.get(round);
    if (current && (current.status !== 'open' || current.player !== player)) return { code: 'VENDOR_ROUND_CLOSED' };
    if (promotion) {
      if (this.promotionsPaid + amount > this.promotionCap) return { code: 'VENDOR_PROMOTION_CAP_REACHED' };
      this.promotionsPaid += amount;
    } else if (!current || current.stake === 0) {
      return { code: 'VENDOR_CREDIT_WITHOUT_DEBIT' };
    }
    this.balances[player] = (this.balances[player] ?? 0) + amount;
    this.txs.set(tx, { kind: 'credit', state: 'credited', player, round, amount });
    const target = current ?? { player, status: 'open' as const, stake: 0, win: 0 };
    target.win += amount;
    if (ended) target.status = 'settled';
    this.rounds.set(round, target);
    return { applied: true };
  }

  rollback(player: number, tx: string, round: string): Expected {
    const known = this.txs.get(tx);
    if (!known) {
      this.txs.set(tx, { kind: 'debit', state: 'blocked', player, round, amount: 0 });
      return { applied: true };
    }
    if (known.kind !== 'debit') return { code: 'VENDOR_ROLLBACK_NOT_DEBIT' };
    if (known.player !== player || known.round !== round) return { code: 'VENDOR_IDEMPOTENCY_CONFLICT' };
    if (known.state !== 'debited') return { applied: false };
    const current = this.rounds.get(round);
    if (!current || current.status !== 'open') return { code: 'VENDOR_ROUND_CLOSED' };
    this.balances[player] = (this.balances[player] ?? 0) + known.amount;
    known.state = 'rolled_back';
    current.stake -= known.amount;
    if (current.stake === 0 && current.win === 0) current.status = 'cancelled';
    return { applied: true };
  }
}

type Command =
  | { op: 'debit'; player: number; tx: number; round: number; amount: number }
  | { op: 'credit'; player: number; tx: number; round: number; amount: number; ended: boolean; promotion: boolean }
  | { op: 'rollback'; player: number; tx: number; round: number }
  | { op: 'repeat'; index: number }
  | { op: 'rollbackEarlier'; index: number }
  | { op: 'resend'; index: number };

const player = fc.integer({ min: 0, max: 1 });
const tx = fc.integer({ min: 1, max: 10 });
const round = fc.integer({ min: 1, max: 4 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('debit' as const), player, tx, round, amount: fc.integer({ min: 1, max: 700 }) }),
  fc.record({
    op: fc.constant('credit' as const),
    player,
    tx,
    round,
    amount: fc.integer({ min: 0, max: 900 }),
    ended: fc.boolean(),
    // One credit in three is a promotion: paid without a stake, within the cap.
    promotion: fc.integer({ min: 0, max: 2 }).map((draw) => draw === 0),
  }),
  fc.record({ op: fc.constant('rollback' as const), player, tx, round }),
  fc.record({ op: fc.constant('repeat' as const), index: fc.nat() }),
  fc.record({ op: fc.constant('rollbackEarlier' as const), index: fc.nat() }),
  fc.record({ op: fc.constant('resend' as const), index: fc.nat() }),
);

/** The brand's daily cap on the vendor's promotion credits here: a few runs reach it. */
const PROMOTION_CAP = 1_000;

describe(SeamlessWalletService.name, () => {
  let t: TestApp;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    const brand = await t.app.merchants.findByCode('parlay');
    await t.app.gaming.promotionCaps.setPromotionCap(TEST_ACTOR, brand!.id, 'TESTV', PROMOTION_CAP);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('agrees with a simple model over random debits, credits, rollbacks, repeats and out-of-order arrival, and the ledger stays balanced', async () => {
    const starts = [1_000, 300];
    const players = await Promise.all(
      starts.map(async (balance) => {
        const funded = await createFundedPlayer(t.app, balance);
        return launchFor(t.app, funded.authorization);
      }),
    );

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        run += 1;
        // Fresh ids per run; balances carry over, so the model starts from the server's balances.
        const balances = await Promise.all(
          players.map(async (p, index) => {
            const reply = await callWallet(t.app, 'balance', {
              playerId: p.playerId,
              currency: 'KRW',
              requestId: `b-${run}-${index}`,
            });
            return reply.body.value.balanceMinor as number;
          }),
        );
        const brand = await t.app.merchants.findByCode('parlay');
        const today = await t.app.gaming.promotionCaps.findPromotionDay(brand!.id, 'TESTV', { limit: 0 });
        const model = new WalletModel(balances, today.paidMinor, PROMOTION_CAP);
        const applied: Exclude<Command, { op: 'repeat' | 'rollbackEarlier' | 'resend' | 'rollback' }>[] = [];
        const sent: { body: Record<string, unknown>; op: 'debit' | 'credit' | 'rollback'; reply: unknown }[] = [];
        for (const [step, cmd] of commands.entries()) {
          if (cmd.op === 'repeat') {
            const first = sent[cmd.index % Math.max(sent.length, 1)];
            if (!first) continue;
            const again = await callWallet(t.app, first.op, first.body);
            expect(again).toEqual(first.reply);
            continue;
          }
          let resolved: Exclude<Command, { op: 'repeat' | 'rollbackEarlier' | 'resend' }>;
          let requestTx: number | undefined;
          if (cmd.op === 'rollbackEarlier' || cmd.op === 'resend') {
            // Refer to an earlier transaction: roll back an earlier debit, or send one again with a new requestId.
            const earlier = applied[cmd.index % Math.max(applied.length, 1)];
            if (!earlier) continue;
            resolved =
              cmd.op === 'resend'
                ? earlier
                : { op: 'rollback', player: earlier.player, tx: earlier.tx, round: earlier.round };
            requestTx = earlier.tx;
          } else {
            resolved = cmd;
            requestTx = cmd.tx;
          }
          const p = players[resolved.player];
          if (!p) throw new Error('no player');
          const base = {
            requestId: `q-${run}-${step}`,
            playerId: p.playerId,
            currency: 'KRW',
            transactionId: `t-${run}-${requestTx}`,
            roundId: `r-${run}-${resolved.round}`,
            gameCode: 'G1',
          };
          let body: Record<string, unknown>;
          let expected: Expected;
          if (resolved.op === 'debit') {
            body = { ...base, sessionToken: p.sessionToken, amountMinor: resolved.amount };
            expected = model.debit(resolved.player, base.transactionId, base.roundId, resolved.amount);
          } else if (resolved.op === 'credit') {
            body = {
              ...base,
              amountMinor: resolved.amount,
              roundEnded: resolved.ended,
              ...(resolved.promotion ? { creditType: 'promotion' } : {}),
            };
            expected = model.credit(
              resolved.player,
              base.transactionId,
              base.roundId,
              resolved.amount,
              resolved.ended,
              resolved.promotion,
            );
          } else {
            body = base;
            expected = model.rollback(resolved.player, base.transactionId, base.roundId);
          }
          if (resolved.op !== 'rollback') applied.push(resolved);
          const reply = await callWallet(t.app, resolved.op, body);
          sent.push({ body, op: resolved.op, reply });
          if ('code' in expected) {
            expect(reply.body.code).toBe(expected.code);
          } else {
            expect(reply.body.value).toMatchObject({
              applied: expected.applied,
              balanceMinor: model.balances[resolved.player],
            });
          }
          const ledger = await checkLedger(t.app);
          expect(ledger).toMatchObject({
            balanceMismatches: 0,
            unbalancedMovements: 0,
            negativeBalances: 0,
            duplicatedTransactions: 0,
            lostTransactions: 0,
          });
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
