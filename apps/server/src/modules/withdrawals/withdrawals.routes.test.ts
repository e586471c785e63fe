import {
  WALLET_CALLS,
  WITHDRAWAL_CALLS,
  type Withdrawal,
  type WithdrawalOverview,
  type WithdrawalPage,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import {
  bindAccount,
  callMember,
  checkWithdrawalLedger,
  createWithdrawer,
  deposit,
  PAYMENT_PASSWORD,
  PAYEE,
  requestWithdrawal,
  setWithdrawalSettings,
  settleBet,
  type Withdrawer,
} from './withdrawals.fixtures';
import { withdrawalRoutes } from './withdrawals.routes';

function png(width = 64, height = 48): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

describe(withdrawalRoutes.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setWithdrawalSettings(t.app, { minMinor: 1_000, maxMinor: 100_000, dailyCount: 3, turnoverPercent: 100 });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const countRows = async (table: string) =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`))[0]!.n);
  const writes = async () => ({
    requests: await countRows('withdrawal_requests'),
    movements: await countRows('wallet_movements'),
    accounts: await countRows('member_bank_accounts'),
  });
  const balanceOf = async (who: Withdrawer) =>
    value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview)).balanceMinor;

  describe('bank accounts', () => {
    it('binds an account in the registered name, listed masked, and refuses another name or bank', async () => {
      const who = await createWithdrawer(t.app);
      const before = await writes();
      const wrongName = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '12345678901', holderName: '김철수' },
      });
      expect(codeOf(wrongName)).toBe('WITHDRAWAL_HOLDER_MISMATCH');
      const wrongBank = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'NOPE', accountNumber: '12345678901', holderName: PAYEE },
      });
      expect(codeOf(wrongBank)).toBe('WITHDRAWAL_BANK_UNKNOWN');
      const badNumber = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '12ab', holderName: PAYEE },
      });
      expect(badNumber.statusCode).toBe(400);
      expect(await writes()).toEqual(before);

      const bound = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '123-4567-8901', holderName: ' 홍 길동 ' },
      });
      expect(value(bound)).toMatchObject({ bankCode: 'KB', accountNumberMasked: '*******8901', holderName: PAYEE });
      const overview = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(overview.bankAccounts).toHaveLength(1);
      expect(JSON.stringify(overview)).not.toContain('12345678901');
      expect(overview.banks.map((bank) => bank.code)).toContain('KB');
    });

    it('refuses a member without a registered real name', async () => {
      const { authorization } = await signInTestMember(t.app);
      const response = await callMember(t.app, authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '12345678901', holderName: PAYEE },
      });
      expect(codeOf(response)).toBe('WITHDRAWAL_HOLDER_MISMATCH');
    });

    it("keeps to the brand's limit of accounts and refuses the same account twice", async () => {
      await setWithdrawalSettings(t.app, { maxBankAccounts: 2 });
      const who = await createWithdrawer(t.app);
      await bindAccount(t.app, who, '11111111');
      const again = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '11111111', holderName: PAYEE },
      });
      expect(codeOf(again)).toBe('WITHDRAWAL_BANK_ACCOUNT_EXISTS');
      await bindAccount(t.app, who, '22222222');
      const third = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.bindBankAccount, {
        payload: { bankCode: 'KB', accountNumber: '33333333', holderName: PAYEE },
      });
      expect(codeOf(third)).toBe('WITHDRAWAL_BANK_ACCOUNT_LIMIT');
      await setWithdrawalSettings(t.app, { maxBankAccounts: 3 });
    });

    it('removes an account only with the payment password, and never another member’s', async () => {
      const who = await createWithdrawer(t.app);
      const other = await createWithdrawer(t.app);
      const id = await bindAccount(t.app, who);
      const wrong = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.removeBankAccount, {
        payload: { bankAccountId: id, paymentPassword: '000000' },
      });
      expect(codeOf(wrong)).toBe('PAYMENT_PASSWORD_WRONG');
      const stranger = await callMember(t.app, other.authorization, WITHDRAWAL_CALLS.removeBankAccount, {
        payload: { bankAccountId: id, paymentPassword: PAYMENT_PASSWORD },
      });
      expect(codeOf(stranger)).toBe('WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND');
      value(
        await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.removeBankAccount, {
          payload: { bankAccountId: id, paymentPassword: PAYMENT_PASSWORD },
        }),
      );
      const overview = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(overview.bankAccounts).toEqual([]);
    });

    it('keeps an account a held withdrawal pays to', async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const id = await bindAccount(t.app, who);
      value(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 10_000 }));
      const response = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.removeBankAccount, {
        payload: { bankAccountId: id, paymentPassword: PAYMENT_PASSWORD },
      });
      expect(codeOf(response)).toBe('WITHDRAWAL_BANK_ACCOUNT_IN_USE');
    });
  });

  describe('requests', () => {
    it('holds the amount: the balance goes down, the hold account up, and a repeat holds nothing more', async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const id = await bindAccount(t.app, who);
      const body = { bankAccountId: id, amountMinor: 20_000, requestId: 'same-request-01' };
      const first = value<Withdrawal>(await requestWithdrawal(t.app, who, body));
      expect(first).toMatchObject({ status: 'requested', amountMinor: 20_000, accountNumberMasked: '*******8901' });
      const again = value<Withdrawal>(await requestWithdrawal(t.app, who, body));
      expect(again.id).toBe(first.id);
      expect(await balanceOf(who)).toBe(30_000);
      const page = value<WithdrawalPage>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.withdrawals));
      expect(page.items.map((item) => item.id)).toEqual([first.id]);
      expect(await checkWithdrawalLedger(t.app)).toEqual({
        unbalancedMovements: 0,
        negativeBalances: 0,
        balanceMismatches: 0,
        holdGap: 0,
      });
    });

    it('refuses below the minimum, above the maximum, over the balance, and without the password, writing nothing', async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const id = await bindAccount(t.app, who);
      const before = await writes();
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 999 }))).toBe(
        'WITHDRAWAL_BELOW_MIN',
      );
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 100_001 }))).toBe(
        'WITHDRAWAL_ABOVE_MAX',
      );
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 60_000 }))).toBe(
        'WITHDRAWAL_INSUFFICIENT_BALANCE',
      );
      const noPassword = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.createWithdrawal, {
        payload: { bankAccountId: id, amountMinor: 10_000, requestId: 'no-password-01' },
      });
      expect(codeOf(noPassword)).toBe('WITHDRAWAL_PAYMENT_PASSWORD_REQUIRED');
      expect(
        codeOf(
          await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 10_000, paymentPassword: '999999' }),
        ),
      ).toBe('PAYMENT_PASSWORD_WRONG');
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: -5 }))).toBe(
        'VALIDATION_FAILED',
      );
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 1.5 }))).toBe(
        'VALIDATION_FAILED',
      );
      expect(await writes()).toEqual(before);
      expect(await balanceOf(who)).toBe(50_000);
    });

    it('takes a request without the password where the brand does not ask for it', async () => {
      await setWithdrawalSettings(t.app, { paymentPasswordRequired: false });
      try {
        const who = await createWithdrawer(t.app, { depositMinor: 20_000, betMinor: 20_000 });
        const id = await bindAccount(t.app, who);
        const response = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.createWithdrawal, {
          payload: { bankAccountId: id, amountMinor: 10_000, requestId: 'no-password-02' },
        });
        expect(value<Withdrawal>(response).status).toBe('requested');
      } finally {
        await setWithdrawalSettings(t.app, { paymentPasswordRequired: true });
      }
    });

    it("keeps to the brand's daily count", async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const id = await bindAccount(t.app, who);
      for (let index = 0; index < 3; index += 1) {
        value(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 1_000 }));
      }
      const before = await writes();
      expect(codeOf(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 1_000 }))).toBe(
        'WITHDRAWAL_DAILY_COUNT',
      );
      expect(await writes()).toEqual(before);
      const overview = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(overview.rules).toMatchObject({ dailyCount: 3, usedToday: 3 });
    });

    it('asks each deposit to be wagered once in valid bets settled after it, and shows the progress', async () => {
      const who = await createWithdrawer(t.app);
      // A bet before the deposit does not count for it.
      await settleBet(t.app, who.member, 30_000, new Date(Date.now() - 60_000));
      await deposit(t.app, who.member, 40_000);
      await settleBet(t.app, who.member, 15_000);
      const id = await bindAccount(t.app, who);
      const overview = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(overview.turnover).toEqual({
        percent: 100,
        requiredMinor: 40_000,
        wageredMinor: 15_000,
        shortMinor: 25_000,
      });
      const before = await writes();
      const short = await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 10_000 });
      expect(codeOf(short)).toBe('WITHDRAWAL_TURNOVER_SHORT');
      expect(short.json<{ value: { shortMinor: number } }>().value.shortMinor).toBe(25_000);
      expect(await writes()).toEqual(before);

      await settleBet(t.app, who.member, 25_000);
      value(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 10_000 }));
      // The requirement starts again after a request: a new deposit asks its own turnover.
      await deposit(t.app, who.member, 5_000);
      const after = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(after.turnover).toMatchObject({ requiredMinor: 5_000, shortMinor: 5_000 });
    });

    it("never spends one member's bets on a later deposit's requirement twice", async () => {
      const who = await createWithdrawer(t.app);
      await deposit(t.app, who.member, 10_000);
      await settleBet(t.app, who.member, 10_000);
      await deposit(t.app, who.member, 10_000);
      const overview = value<WithdrawalOverview>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview));
      expect(overview.turnover).toMatchObject({ requiredMinor: 20_000, shortMinor: 10_000 });
    });

    it('refuses a visitor, a trial account, another member’s account and another brand', async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 20_000, betMinor: 20_000 });
      const id = await bindAccount(t.app, who);
      const other = await createWithdrawer(t.app, { depositMinor: 20_000, betMinor: 20_000 });
      expect(codeOf(await requestWithdrawal(t.app, other, { bankAccountId: id, amountMinor: 1_000 }))).toBe(
        'WITHDRAWAL_BANK_ACCOUNT_NOT_FOUND',
      );
      const visitor = await t.app.inject({
        method: 'GET',
        url: WITHDRAWAL_CALLS.overview.path,
        headers: { host: 'localhost' },
      });
      expect(codeOf(visitor)).toBe('NOT_LOGGED_IN');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      const refused = await callMember(t.app, trial.authorization, WITHDRAWAL_CALLS.overview);
      expect(refused.statusCode).not.toBe(200);
      await createTestBrand(t.app.db, 'wd-other', 'wd-other.test');
      const elsewhere = await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.overview, {
        headers: { host: 'wd-other.test' },
      });
      expect(elsewhere.statusCode).not.toBe(200);
    });
    it("shows the member's withdrawals in the account record: held, given back, and no payout line", async () => {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const id = await bindAccount(t.app, who);
      const first = value<Withdrawal>(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 7_000 }));
      const second = value<Withdrawal>(await requestWithdrawal(t.app, who, { bankAccountId: id, amountMinor: 5_000 }));
      const merchant = (await t.app.merchants.findByCode('parlay'))!;
      const { review } = t.app.withdrawals;
      let row = await review.get(merchant, first.id);
      await review.reject(TEST_ACTOR, merchant, first.id, { version: row.version, reason: 'Wrong account' });
      row = await review.get(merchant, second.id);
      row = await review.approve(TEST_ACTOR, merchant, second.id, { version: row.version, payout: 'manual' });
      await review.markPaid(TEST_ACTOR, merchant, second.id, { version: row.version });
      const record = value<{ list: { type: string; amountMinor: number; note: string | null }[] }>(
        await callMember(t.app, who.authorization, WALLET_CALLS.memberTransactions, { search: '?type=withdrawal' }),
      );
      expect(record.list.map((line) => [line.type, line.amountMinor])).toEqual([
        ['withdrawal', 7_000],
        ['withdrawal', -5_000],
        ['withdrawal', -7_000],
      ]);
      expect(record.list[0]!.note).toBe('Wrong account');
    });
  });

  describe('confirmation', () => {
    async function paidWithdrawal(amountMinor = 20_000) {
      const who = await createWithdrawer(t.app, { depositMinor: 50_000, betMinor: 50_000 });
      const accountId = await bindAccount(t.app, who);
      const requested = value<Withdrawal>(
        await requestWithdrawal(t.app, who, { bankAccountId: accountId, amountMinor }),
      );
      const merchant = (await t.app.merchants.findByCode('parlay'))!;
      const { review } = t.app.withdrawals;
      let row = await review.get(merchant, requested.id);
      await review.approve(TEST_ACTOR, merchant, requested.id, { version: row.version, payout: 'manual' });
      row = await review.get(merchant, requested.id);
      await review.markPaid(TEST_ACTOR, merchant, requested.id, { version: row.version });
      return { who, id: requested.id };
    }
    const confirm = (who: Withdrawer, id: number, payload: unknown) =>
      callMember(t.app, who.authorization, WITHDRAWAL_CALLS.confirmWithdrawal, {
        params: { withdrawalId: id },
        payload,
      });
    const upload = (who: Withdrawer, id: number, body: Buffer, type = 'image/png') =>
      callMember(t.app, who.authorization, WITHDRAWAL_CALLS.uploadProof, {
        params: { withdrawalId: id },
        payload: body,
        headers: { 'content-type': type },
      });

    it('confirms received once; a second word on it is refused', async () => {
      const { who, id } = await paidWithdrawal();
      expect(value<Withdrawal>(await confirm(who, id, { outcome: 'received' })).status).toBe('confirmed_received');
      expect(codeOf(await confirm(who, id, { outcome: 'notReceived' }))).toBe('WITHDRAWAL_WRONG_STATE');
    });

    it('takes partly received with the missing amount, below the withdrawal, opening a case', async () => {
      const { who, id } = await paidWithdrawal(20_000);
      expect(codeOf(await confirm(who, id, { outcome: 'partlyReceived' }))).toBe('WITHDRAWAL_MISSING_AMOUNT');
      expect(codeOf(await confirm(who, id, { outcome: 'partlyReceived', missingMinor: 20_000 }))).toBe(
        'WITHDRAWAL_MISSING_AMOUNT',
      );
      const done = value<Withdrawal>(await confirm(who, id, { outcome: 'partlyReceived', missingMinor: 5_000 }));
      expect(done).toMatchObject({ status: 'partly_received', missingMinor: 5_000, caseStatus: 'open' });
    });

    it('needs a proof for not received: PNG or JPEG by content, at most 3', async () => {
      const { who, id } = await paidWithdrawal();
      expect(codeOf(await confirm(who, id, { outcome: 'notReceived' }))).toBe('WITHDRAWAL_PROOF_REQUIRED');
      const fake = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]);
      expect(codeOf(await upload(who, id, fake))).toBe('IMAGE_INVALID');
      const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      expect(codeOf(await upload(who, id, tooBig))).toBe('IMAGE_TOO_LARGE');
      for (let index = 1; index <= 3; index += 1) {
        expect(value<{ proofCount: number }>(await upload(who, id, png())).proofCount).toBe(index);
      }
      expect(codeOf(await upload(who, id, png()))).toBe('WITHDRAWAL_PROOF_LIMIT');
      const done = value<Withdrawal>(await confirm(who, id, { outcome: 'notReceived', note: 'nothing came' }));
      expect(done).toMatchObject({ status: 'not_received', caseStatus: 'open', proofCount: 3 });
    });

    it("refuses another member's withdrawal", async () => {
      const { id } = await paidWithdrawal();
      const other = await createWithdrawer(t.app);
      expect(codeOf(await confirm(other, id, { outcome: 'received' }))).toBe('WITHDRAWAL_NOT_FOUND');
      expect(codeOf(await upload(other, id, png()))).toBe('WITHDRAWAL_NOT_FOUND');
    });

    it('counts a paid withdrawal received once its minutes pass, on an injected clock, and only then', async () => {
      const { who, id } = await paidWithdrawal();
      const service = t.app.withdrawals.requests;
      const row = value<WithdrawalPage>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.withdrawals))
        .items[0]!;
      const due = Date.parse(row.confirmDueAt!);
      await service.autoReceive(new Date(due - 1_000));
      const still = value<WithdrawalPage>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.withdrawals));
      expect(still.items[0]).toMatchObject({ id, status: 'paid' });
      expect(await service.autoReceive(new Date(due + 1_000))).toBeGreaterThanOrEqual(1);
      const after = value<WithdrawalPage>(await callMember(t.app, who.authorization, WITHDRAWAL_CALLS.withdrawals));
      expect(after.items[0]).toMatchObject({ id, status: 'auto_received' });
      expect(codeOf(await confirm(who, id, { outcome: 'notReceived' }))).toBe('WITHDRAWAL_WRONG_STATE');
    });
  });
});
