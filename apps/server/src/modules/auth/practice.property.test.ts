import fc from 'fast-check';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { callWallet, checkLedger, installTestVendor, launchFor } from '../seamless-wallet/seamless-wallet.fixtures';
import { AuthService } from './auth.service';
import { practiceBalanceOf, signInGuest } from './practice.fixtures';

type Command =
  | { op: 'stake'; game: number; amount: number }
  | { op: 'win'; game: number; amount: number }
  | { op: 'repeat'; pick: number };

const game = fc.integer({ min: 0, max: 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('stake' as const), game, amount: fc.integer({ min: 1, max: 60_000 }) }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ op: fc.constant('win' as const), game, amount: fc.integer({ min: 1, max: 40_000 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ op: fc.constant('repeat' as const), pick: fc.nat() }), weight: 2 },
);

/**
 * The model: a guest's one practice balance, which every game it has open stakes and pays (decision 0072). A stake
 * past it is refused and moves nothing; a transaction sent again is not applied again and answers the balance now.
 */
describe(`${AuthService.name} practice money, against a model`, () => {
  let t: TestApp;
  let seq = 0;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await installTestVendor(t.app);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  it('agrees with the model call by call, and nothing reaches the ledger', async () => {
    const movementsBefore = (await checkLedger(t.app)).movements;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
        ip += 1;
        const guest = await signInGuest(t.app, `10.73.${Math.floor(ip / 250)}.${ip % 250}`);
        const games = [
          await launchFor(t.app, guest.authorization, { playMode: 'trial' }),
          await launchFor(t.app, guest.authorization, { playMode: 'trial' }),
        ];
        let balance = (await practiceBalanceOf(t.app, guest.authorization))?.balanceMinor ?? -1;
        const applied: { kind: 'debit' | 'credit'; body: Record<string, unknown> }[] = [];
        for (const step of commands) {
          if (step.op === 'repeat') {
            const earlier = applied[step.pick % Math.max(applied.length, 1)];
            if (!earlier) continue;
            const again = await callWallet(t.app, earlier.kind, { ...earlier.body, requestId: `pm-r-${(seq += 1)}` });
            expect(again.body.value).toMatchObject({ balanceMinor: balance, applied: false });
          } else {
            const launched = games[step.game];
            if (!launched) throw new Error('no such game');
            seq += 1;
            const body = {
              playerId: launched.playerId,
              currency: launched.currency,
              transactionId: `pm-t-${seq}`,
              roundId: `pm-round-${seq}`,
              gameCode: 'G1',
              amountMinor: step.amount,
              ...(step.op === 'stake' ? { sessionToken: launched.sessionToken } : {}),
            };
            const kind = step.op === 'stake' ? 'debit' : 'credit';
            const answer = await callWallet(t.app, kind, { ...body, requestId: `pm-r-${seq}` });
            if (step.op === 'stake' && step.amount > balance) {
              expect(answer.body.code).toBe('INSUFFICIENT_FUNDS');
            } else {
              balance += step.op === 'stake' ? -step.amount : step.amount;
              expect(answer.body.value).toMatchObject({ balanceMinor: balance, applied: true });
              applied.push({ kind, body });
            }
          }
          expect((await practiceBalanceOf(t.app, guest.authorization))?.balanceMinor).toBe(balance);
        }
        const real = await query<{ n: unknown }>(
          t.app.db,
          sql`SELECT (SELECT count(*) FROM wallet_accounts WHERE member_id = ${guest.id})
                   + (SELECT count(*) FROM game_rounds WHERE member_id = ${guest.id}) AS n`,
        );
        expect(toNumber(real[0]?.n)).toBe(0);
      }),
      { numRuns: 25 },
    );
    expect(await checkLedger(t.app)).toMatchObject({ movements: movementsBefore, balanceMismatches: 0 });
  }, 300_000);
});
