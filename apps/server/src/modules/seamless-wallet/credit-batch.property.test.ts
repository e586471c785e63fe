import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, createFundedPlayer, installTestVendor, launchFor } from './seamless-wallet.fixtures';
import { SeamlessWalletService } from './seamless-wallet.service';

// The model test of the batched credit (docs/decisions/0071-batched-vendor-credits.md): random batches with
// repeated ids, single credits over the same ids, debits and replays, against a model of balances.

interface ModelTx {
  kind: 'debit' | 'credit';
  player: number;
  round: string;
  amount: number;
  /** The balance the credit left: what a repeat of it answers. */
  balanceAfter: number;
}
interface ModelRound {
  player: number;
  open: boolean;
  stake: number;
}
type Answer = { outcome: 'applied' | 'already_applied'; balanceMinor: number } | { outcome: 'refused'; code: string };

interface Credit {
  player: number;
  tx: string;
  round: string;
  amount: number;
  ended: boolean;
}

class Model {
  readonly txs = new Map<string, ModelTx>();
  readonly rounds = new Map<string, ModelRound>();
  constructor(readonly balances: number[]) {}

  debit(player: number, tx: string, round: string, amount: number): boolean {
    if (this.txs.has(tx)) return false;
    const current = this.rounds.get(round);
    if (current && (!current.open || current.player !== player)) return false;
    if ((this.balances[player] ?? 0) < amount) return false;
    this.balances[player] = (this.balances[player] ?? 0) - amount;
    this.txs.set(tx, { kind: 'debit', player, round, amount, balanceAfter: this.balances[player] });
    if (current) current.stake += amount;
    else this.rounds.set(round, { player, open: true, stake: amount });
    return true;
  }

  /** One new credit, as vendor_wallet_credit decides it; undefined when the id is known. */
  private applyNew(credit: Credit): Answer {
    const current = this.rounds.get(credit.round);
    if (current && (!current.open || current.player !== credit.player)) {
      return { outcome: 'refused', code: 'VENDOR_ROUND_CLOSED' };
    }
    if (!current || current.stake === 0) return { outcome: 'refused', code: 'VENDOR_CREDIT_WITHOUT_DEBIT' };
    this.balances[credit.player] = (this.balances[credit.player] ?? 0) + credit.amount;
    const balanceAfter = this.balances[credit.player]!;
    this.txs.set(credit.tx, { kind: 'credit', ...credit, balanceAfter });
    if (credit.ended) current.open = false;
    return { outcome: 'applied', balanceMinor: balanceAfter };
  }

  private known(credit: Credit, balanceNow: boolean): Answer {
    const known = this.txs.get(credit.tx)!;
    const same =
      known.kind === 'credit' &&
      known.player === credit.player &&
      known.round === credit.round &&
      known.amount === credit.amount;
    if (!same) return { outcome: 'refused', code: 'VENDOR_IDEMPOTENCY_CONFLICT' };
    // A batch repeats the credit's first balance; a single credit answers the balance now.
    return {
      outcome: 'already_applied',
      balanceMinor: balanceNow ? this.balances[credit.player]! : known.balanceAfter,
    };
  }

  single(credit: Credit): Answer {
    return this.txs.has(credit.tx) ? this.known(credit, true) : this.applyNew(credit);
  }

  /** A batch: its new ids in the platform's order (member, then id), the first of a repeated id applied. */
  batch(credits: Credit[], memberIdOf: (player: number) => number): Answer[] {
    const firstOf = new Map<string, number>();
    credits.forEach((credit, index) => {
      if (!firstOf.has(credit.tx)) firstOf.set(credit.tx, index);
    });
    const fresh = [...firstOf.values()].filter((index) => !this.txs.has(credits[index]!.tx));
    fresh.sort((a, b) => {
      const [x, y] = [credits[a]!, credits[b]!];
      return memberIdOf(x.player) - memberIdOf(y.player) || (x.tx < y.tx ? -1 : x.tx > y.tx ? 1 : 0);
    });
    const decided = new Map<string, Answer>();
    for (const index of fresh) decided.set(credits[index]!.tx, this.applyNew(credits[index]!));
    return credits.map((credit, index) => {
      const own = decided.get(credit.tx);
      if (own?.outcome === 'refused') return own;
      if (own && firstOf.get(credit.tx) === index) return own;
      return this.known(credit, false);
    });
  }
}

type Command =
  | { op: 'debit'; player: number; round: number; amount: number }
  | { op: 'single'; credit: RawCredit }
  | { op: 'batch'; credits: (RawCredit | { again: number })[] }
  | { op: 'replay'; index: number };
interface RawCredit {
  player: number;
  tx: number;
  round: number;
  amount: number;
  ended: boolean;
}

const PLAYERS = 3;
const ROUNDS = 6;
// Few ids and rounds, so that batches repeat ids, overlap single credits and meet closed rounds. A round is mostly
// its own player's (round % 3); one credit in six names another player (a closed round for it).
const tx = fc.integer({ min: 1, max: 12 });
const round = fc.integer({ min: 1, max: ROUNDS });
const rawCredit: fc.Arbitrary<RawCredit> = fc
  .record({
    tx,
    round,
    other: fc.integer({ min: 0, max: 5 }).map((draw) => draw === 0),
    amount: fc.integer({ min: 0, max: 900 }),
    ended: fc.integer({ min: 0, max: 3 }).map((draw) => draw !== 0),
  })
  .map(({ other, ...credit }) => ({ ...credit, player: (credit.round + (other ? 1 : 0)) % PLAYERS }));
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ op: fc.constant('debit' as const), round, amount: fc.integer({ min: 1, max: 400 }) })
      .map((debit) => ({ ...debit, player: debit.round % PLAYERS })),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('single' as const), credit: rawCredit }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('batch' as const),
      // An element may send again a credit sent before in the run (this batch's included): the same content.
      credits: fc.array(
        fc.oneof({ weight: 3, arbitrary: rawCredit }, { weight: 1, arbitrary: fc.record({ again: fc.nat() }) }),
        {
          minLength: 1,
          maxLength: 10,
        },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replay' as const), index: fc.nat() }) },
);

/** Every round of the run staked first, so that most credits find a round to pay. */
const stakeEveryRound: Command[] = Array.from({ length: ROUNDS }, (_, index) => ({
  op: 'debit',
  player: (index + 1) % PLAYERS,
  round: index + 1,
  amount: 10,
}));

describe(`${SeamlessWalletService.name} batched credits`, () => {
  let t: TestApp;
  let run = 0;
  /** What the batches answered over all runs: each outcome must have come up. */
  const seen = new Map<string, number>();
  let players: Awaited<ReturnType<typeof launchFor>>[];
  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
    players = [];
    for (const balance of [5_000, 3_000, 2_000]) {
      const funded = await createFundedPlayer(t.app, balance);
      players.push(await launchFor(t.app, funded.authorization));
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('agrees with a model of balances over random batches with repeated ids, single credits and replays', async () => {
    const memberIdOf = (index: number) => Number(players[index]!.playerId);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 16 }), async (generated) => {
        run += 1;
        const commands = [...stakeEveryRound, ...generated];
        const balances = await Promise.all(
          players.map(async (p, index) => {
            const reply = await callWallet(t.app, 'balance', {
              playerId: p.playerId,
              currency: 'KRW',
              requestId: `bq-${run}-${index}`,
            });
            return reply.body.value.balanceMinor as number;
          }),
        );
        const model = new Model(balances);
        const batches: { body: Record<string, unknown>; reply: unknown }[] = [];
        const sentCredits: Credit[] = [];
        const toCredit = (raw: RawCredit): Credit => ({
          player: raw.player,
          tx: `bt-${run}-${raw.tx}`,
          round: `br-${run}-${raw.round}`,
          amount: raw.amount,
          ended: raw.ended,
        });
        const wire = (credit: Credit) => ({
          playerId: players[credit.player]!.playerId,
          currency: 'KRW',
          transactionId: credit.tx,
          roundId: credit.round,
          gameCode: 'G1',
          amountMinor: credit.amount,
          roundEnded: credit.ended,
        });
        for (const [step, cmd] of commands.entries()) {
          if (cmd.op === 'debit') {
            const p = players[cmd.player]!;
            const transactionId = `bd-${run}-${step}`;
            const roundId = `br-${run}-${cmd.round}`;
            const expected = model.debit(cmd.player, transactionId, roundId, cmd.amount);
            const reply = await callWallet(t.app, 'debit', {
              requestId: transactionId,
              playerId: p.playerId,
              currency: 'KRW',
              sessionToken: p.sessionToken,
              transactionId,
              roundId,
              gameCode: 'G1',
              amountMinor: cmd.amount,
            });
            expect(reply.body.success).toBe(expected);
          } else if (cmd.op === 'single') {
            const credit = toCredit(cmd.credit);
            sentCredits.push(credit);
            const expected = model.single(credit);
            const reply = await callWallet(t.app, 'credit', { requestId: `bs-${run}-${step}`, ...wire(credit) });
            if (expected.outcome === 'refused') expect(reply.body.code).toBe(expected.code);
            else
              expect(reply.body.value).toMatchObject({
                applied: expected.outcome === 'applied',
                balanceMinor: expected.balanceMinor,
              });
          } else if (cmd.op === 'batch') {
            const credits: Credit[] = [];
            for (const item of cmd.credits) {
              const credit =
                'again' in item ? sentCredits[item.again % Math.max(sentCredits.length, 1)] : toCredit(item);
              if (!credit) continue;
              credits.push(credit);
              sentCredits.push(credit);
            }
            if (credits.length === 0) continue;
            const expected = model.batch(credits, memberIdOf);
            const body = { requestId: `bb-${run}-${step}`, credits: credits.map(wire) };
            const reply = await callWallet(t.app, 'creditBatch', body);
            expect(reply.status).toBe(200);
            expect(reply.body.value.credits).toEqual(
              expected.map((answer, index) => ({ transactionId: credits[index]!.tx, currency: 'KRW', ...answer })),
            );
            batches.push({ body, reply });
            for (const answer of expected) {
              const key = answer.outcome === 'refused' ? answer.code : answer.outcome;
              seen.set(key, (seen.get(key) ?? 0) + 1);
            }
          } else {
            // The same batch again: its first answer, and nothing moves.
            const first = batches[cmd.index % Math.max(batches.length, 1)];
            if (!first) continue;
            expect(await callWallet(t.app, 'creditBatch', first.body)).toEqual(first.reply);
          }
        }
        for (const [index, p] of players.entries()) {
          const reply = await callWallet(t.app, 'balance', {
            playerId: p.playerId,
            currency: 'KRW',
            requestId: `be-${run}-${index}`,
          });
          expect(reply.body.value.balanceMinor).toBe(model.balances[index]);
        }
        expect(await checkLedger(t.app)).toMatchObject({
          balanceMismatches: 0,
          unbalancedMovements: 0,
          negativeBalances: 0,
          duplicatedTransactions: 0,
          lostTransactions: 0,
        });
      }),
      { numRuns: 30 },
    );
    for (const outcome of ['applied', 'already_applied', 'VENDOR_ROUND_CLOSED', 'VENDOR_IDEMPOTENCY_CONFLICT']) {
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    }
  }, 300_000);
});
