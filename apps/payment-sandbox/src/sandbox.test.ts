import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_HEADERS, callbackSigningText, signatureMatches } from './signature';
import { startTestSandbox, type TestSandbox } from './test-support';
import { startReceiver } from './test/receiver';
import { callApi } from './test/signed-client';

let sandbox: TestSandbox;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function start(options: Parameters<typeof startTestSandbox>[0] = {}) {
  sandbox = await startTestSandbox(options);
  return sandbox;
}

beforeEach(async () => {
  receiver = await startReceiver();
});

afterEach(async () => {
  await sandbox?.close();
  await receiver.close();
});

function merchant() {
  return { key: sandbox.merchantKey, secret: sandbox.secret };
}

function deposit(orderNo: string, overrides: Record<string, unknown> = {}) {
  return callApi(sandbox.baseUrl, merchant(), {
    method: 'POST',
    path: '/api/v1/deposits',
    nowMs: sandbox.time.now(),
    body: {
      orderNo,
      amountMinor: 50_000,
      currency: 'KRW',
      language: 'en',
      returnUrl: 'http://localhost:8080/cashier/return?from=sandbox',
      callbackUrl: receiver.url,
      ...overrides,
    },
  });
}

function payout(payoutNo: string, accountNumber: string) {
  return callApi(sandbox.baseUrl, merchant(), {
    method: 'POST',
    path: '/api/v1/payouts',
    nowMs: sandbox.time.now(),
    body: {
      payoutNo,
      amountMinor: 20_000,
      currency: 'KRW',
      bankCode: '004',
      accountNumber,
      holderName: 'Kim Demo',
      callbackUrl: receiver.url,
    },
  });
}

describe('the merchant API', () => {
  it('creates a deposit order with its hosted page, reference and expiry, and answers it again by number', async () => {
    await start();
    const created = await deposit('D-1');
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ orderNo: 'D-1', status: 'pending', amountMinor: 50_000, currency: 'KRW' });
    expect(created.json['providerRef']).toMatch(/^SBD-[0-9A-F]{16}$/);
    expect(created.json['paymentUrl']).toMatch(new RegExp(`^${sandbox.baseUrl}/pay/[\\w-]{24}$`));
    expect(created.json['expiresAt']).toBe(new Date(sandbox.time.now() + 15 * 60 * 1000).toISOString());

    const again = await deposit('D-1');
    expect(again.status).toBe(200);
    expect(again.json['providerRef']).toBe(created.json['providerRef']);
    expect((await deposit('D-1', { amountMinor: 1 })).status).toBe(409);

    const queried = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/deposits/D-1',
      nowMs: sandbox.time.now(),
    });
    expect(queried).toMatchObject({
      status: 200,
      json: { status: 'pending', providerRef: created.json['providerRef'] },
    });
    const missing = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/deposits/D-404',
      nowMs: sandbox.time.now(),
    });
    expect(missing).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
  });

  it('refuses an unknown merchant, a wrong secret, an altered body and a signature on another path', async () => {
    await start();
    const body = {
      orderNo: 'D-2',
      amountMinor: 100,
      currency: 'KRW',
      language: 'ko',
      returnUrl: receiver.url,
      callbackUrl: receiver.url,
    };
    const now = sandbox.time.now();
    const post = (who: { key: string; secret: string }, tamper?: (text: string) => string) =>
      callApi(sandbox.baseUrl, who, {
        method: 'POST',
        path: '/api/v1/deposits',
        body,
        nowMs: now,
        ...(tamper && { tamper }),
      });
    expect(await post({ key: 'nobody', secret: sandbox.secret })).toMatchObject({
      status: 401,
      json: { code: 'MERCHANT_UNKNOWN' },
    });
    expect(await post({ key: sandbox.merchantKey, secret: 'not-the-secret' })).toMatchObject({
      status: 401,
      json: { code: 'SIGNATURE_INVALID' },
    });
    expect(await post(merchant(), (text) => text.replace('"amountMinor":100', '"amountMinor":1000000'))).toMatchObject({
      status: 401,
      json: { code: 'SIGNATURE_INVALID' },
    });
    expect(sandbox.service.findDeposit(sandbox.merchantKey, 'D-2')).toBeUndefined();

    // A query signed for one order, sent for another.
    await deposit('D-3');
    const response = await fetch(`${sandbox.baseUrl}/api/v1/deposits/D-3`, {
      headers: await (async () => {
        const { SANDBOX_HEADERS: h, requestSigningText, sign, timestampOf } = await import('./signature');
        const timestamp = timestampOf(now);
        return {
          [h.merchant]: sandbox.merchantKey,
          [h.timestamp]: timestamp,
          [h.signature]: sign(sandbox.secret, requestSigningText(timestamp, 'GET', '/api/v1/deposits/D-1', '')),
        };
      })(),
    });
    expect(response.status).toBe(401);
  });

  it('refuses a request signed more than five minutes before the sandbox’s now', async () => {
    await start();
    const stale = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/deposits/D-1',
      nowMs: sandbox.time.now() - 5 * 60 * 1000 - 1000,
    });
    expect(stale).toMatchObject({ status: 401, json: { code: 'TIMESTAMP_STALE' } });
    const fresh = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/deposits/D-1',
      nowMs: sandbox.time.now() - 4 * 60 * 1000,
    });
    expect(fresh.status).toBe(404);
  });

  it('refuses a malformed order and creates nothing', async () => {
    await start();
    expect((await deposit('D-4', { amountMinor: -5 })).status).toBe(400);
    expect((await deposit('D-4', { amountMinor: 1.5 })).status).toBe(400);
    expect((await deposit('D-4', { callbackUrl: 'ftp://x' })).status).toBe(400);
    expect(sandbox.service.findDeposit(sandbox.merchantKey, 'D-4')).toBeUndefined();
  });
});

describe('the hosted payment page', () => {
  it('shows the amount and three choices, in the order’s language', async () => {
    await start();
    const en = await deposit('P-1');
    const enPage = await fetch(String(en.json['paymentUrl']));
    expect(enPage.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:8080");
    const enHtml = await enPage.text();
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain('₩50,000');
    for (const choice of ['pay', 'fail', 'abandon']) expect(enHtml).toContain(`name="choice" value="${choice}"`);
    expect(enHtml).toContain('>Pay<');

    const ko = await deposit('P-2', { language: 'ko', currency: 'USD', amountMinor: 12_345 });
    const koHtml = await (await fetch(String(ko.json['paymentUrl']))).text();
    expect(koHtml).toContain('<html lang="ko">');
    expect(koHtml).toContain('US$123.45');
    expect(koHtml).toContain('>결제하기<');
  });

  it('pays: the payer goes back to the return URL and the platform gets a signed paid callback', async () => {
    await start();
    const order = await deposit('P-3');
    const { status, location } = await sandbox.choose(String(order.json['paymentUrl']), 'pay');
    expect(status).toBe(303);
    expect(location).toBe('http://localhost:8080/cashier/return?from=sandbox&orderNo=P-3&status=paid');
    expect(receiver.received).toHaveLength(0);
    await sandbox.time.runDue();
    expect(receiver.events()).toEqual([
      expect.objectContaining({
        type: 'deposit',
        orderNo: 'P-3',
        status: 'paid',
        amountMinor: 50_000,
        providerRef: order.json['providerRef'],
      }),
    ]);
    const [callback] = receiver.received;
    const timestamp = String(callback!.headers[SANDBOX_HEADERS.timestamp]);
    expect(Number(timestamp)).toBe(Math.floor(sandbox.time.now() / 1000));
    expect(callback!.headers[SANDBOX_HEADERS.merchant]).toBe(sandbox.merchantKey);
    expect(
      signatureMatches(
        sandbox.secret,
        callbackSigningText(timestamp, callback!.body),
        String(callback!.headers[SANDBOX_HEADERS.signature]),
      ),
    ).toBe(true);
    // Paid once: the page now says so, and a second choice is refused.
    expect((await sandbox.choose(String(order.json['paymentUrl']), 'fail')).status).toBe(409);
    const revisited = await (await fetch(String(order.json['paymentUrl']))).text();
    expect(revisited).toContain('This order has been paid');
    expect(revisited).not.toContain('Amount to pay');
    expect(revisited).not.toContain('name="choice"');
  });

  it('fails: back to the return URL with a failed callback', async () => {
    await start();
    const order = await deposit('P-4');
    const { status, location } = await sandbox.choose(String(order.json['paymentUrl']), 'fail');
    expect(status).toBe(303);
    expect(location).toContain('status=failed');
    await sandbox.time.runDue();
    expect(receiver.events()).toEqual([expect.objectContaining({ orderNo: 'P-4', status: 'failed' })]);
  });

  it('abandons: no redirect, no callback until the order expires, then an expired one', async () => {
    await start({ rules: { orderTtlMs: 10 * 60 * 1000 } });
    const order = await deposit('P-5');
    const answer = await fetch(String(order.json['paymentUrl']), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=abandon',
      redirect: 'manual',
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('You left this payment');
    await sandbox.time.advance(10 * 60 * 1000 - 1);
    expect(receiver.received).toHaveLength(0);
    expect(sandbox.service.findDeposit(sandbox.merchantKey, 'P-5')?.status).toBe('pending');
    await sandbox.time.advance(1);
    expect(receiver.events()).toEqual([expect.objectContaining({ orderNo: 'P-5', status: 'expired' })]);
    expect((await sandbox.choose(String(order.json['paymentUrl']), 'pay')).status).toBe(409);
  });

  it('answers an unknown page with 404 and a bad choice with 400', async () => {
    await start();
    expect((await fetch(`${sandbox.baseUrl}/pay/nothing-here`)).status).toBe(404);
    const order = await deposit('P-6');
    expect((await sandbox.choose(String(order.json['paymentUrl']), 'steal' as 'pay')).status).toBe(400);
    expect(sandbox.service.findDeposit(sandbox.merchantKey, 'P-6')?.status).toBe('pending');
  });
});

describe('callbacks', () => {
  it('retries with exponential back-off until the platform acknowledges, then stops', async () => {
    await start({ retry: { baseDelayMs: 1000, maxAttempts: 10 } });
    // Refused, then a 200 that is not the acknowledgement, then unreachable-like 503, then OK.
    const answers = [
      { status: 500, body: 'oops' },
      { status: 200, body: 'received' },
      { status: 503, body: '' },
      { status: 200, body: ' OK\n' },
    ];
    receiver.answerWith((_callback, index) => answers[index] ?? { status: 200, body: 'OK' });
    const order = await deposit('R-1');
    const start0 = sandbox.time.now();
    await sandbox.choose(String(order.json['paymentUrl']), 'pay');
    await sandbox.time.advance(60_000);
    expect(receiver.received).toHaveLength(4);
    expect(
      sandbox.callbacks.attempts.map((attempt) => [attempt.attempt, attempt.at - start0, attempt.acknowledged]),
    ).toEqual([
      [1, 0, false],
      [2, 1000, false],
      [3, 3000, false],
      [4, 7000, true],
    ]);
    expect(receiver.received.map((callback) => callback.headers[SANDBOX_HEADERS.attempt])).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    const ids = new Set(receiver.received.map((callback) => callback.headers[SANDBOX_HEADERS.eventId]));
    expect(ids.size).toBe(1);
    expect(sandbox.time.pending).toBe(1); // only the order's expiry, which finds it paid
  });

  it('counts an unreachable platform as a refusal and gives up after the last attempt', async () => {
    await start({ retry: { baseDelayMs: 100, maxAttempts: 3 } });
    const order = await callApi(sandbox.baseUrl, merchant(), {
      method: 'POST',
      path: '/api/v1/deposits',
      nowMs: sandbox.time.now(),
      body: {
        orderNo: 'R-2',
        amountMinor: 100,
        currency: 'KRW',
        language: 'en',
        returnUrl: receiver.url,
        callbackUrl: 'http://127.0.0.1:9/closed',
      },
    });
    await sandbox.choose(String(order.json['paymentUrl']), 'pay');
    await sandbox.time.advance(60_000);
    expect(sandbox.callbacks.attempts.map((attempt) => [attempt.attempt, attempt.status])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
  });

  it('delivers every event twice, with the same event id, when the duplicate rate is 1', async () => {
    await start({ chaos: { duplicateRate: 1, duplicateDelayMs: 500 } });
    const order = await deposit('C-1');
    await sandbox.choose(String(order.json['paymentUrl']), 'pay');
    await sandbox.time.advance(499);
    expect(receiver.received).toHaveLength(1);
    await sandbox.time.advance(1);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
    expect(receiver.received[0]!.headers[SANDBOX_HEADERS.eventId]).toBe(
      receiver.received[1]!.headers[SANDBOX_HEADERS.eventId],
    );
  });

  it('holds events back so later ones overtake them, the same way for the same seed', async () => {
    const arrivalOrder = async (seed: number) => {
      await start({ chaos: { seed, reorderRate: 0.5, reorderDelayMs: 3000 } });
      for (let index = 0; index < 8; index += 1) {
        const order = await deposit(`O-${index}`);
        await sandbox.choose(String(order.json['paymentUrl']), 'pay');
      }
      await sandbox.time.advance(10_000);
      const raised = sandbox.service.events.map((event) => event.eventId);
      const arrived = receiver.events().map((event) => raised.indexOf(String(event['eventId'])));
      await sandbox.close();
      receiver.received.length = 0;
      return arrived;
    };
    const first = await arrivalOrder(7);
    expect([...first].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(first).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await arrivalOrder(7)).toEqual(first);
    expect(await arrivalOrder(8)).not.toEqual(first);
  });

  it('sends nothing twice and holds nothing back by default', async () => {
    await start();
    for (let index = 0; index < 5; index += 1) {
      const order = await deposit(`N-${index}`);
      await sandbox.choose(String(order.json['paymentUrl']), 'pay');
    }
    await sandbox.time.advance(10_000);
    expect(receiver.events().map((event) => event['orderNo'])).toEqual(['N-0', 'N-1', 'N-2', 'N-3', 'N-4']);
  });
});

describe('payouts', () => {
  it('stay pending for the configured delay, then succeed, with a signed callback and the query agreeing', async () => {
    await start({ rules: { payoutDelayMs: 30_000 } });
    const created = await payout('W-1', '110-123-456780');
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ payoutNo: 'W-1', status: 'pending', reason: null });
    expect(created.json['providerRef']).toMatch(/^SBP-[0-9A-F]{16}$/);
    expect((await payout('W-1', '110-123-456780')).json['providerRef']).toBe(created.json['providerRef']);
    expect((await payout('W-1', '110-123-000000')).status).toBe(409);
    await sandbox.time.advance(29_999);
    expect(receiver.received).toHaveLength(0);
    await sandbox.time.advance(1);
    expect(receiver.events()).toEqual([
      expect.objectContaining({
        type: 'payout',
        payoutNo: 'W-1',
        status: 'paid',
        reason: null,
        providerRef: created.json['providerRef'],
      }),
    ]);
    const queried = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/payouts/W-1',
      nowMs: sandbox.time.now(),
    });
    expect(queried.json).toMatchObject({ status: 'paid', reason: null });
  });

  it('fail when the account number ends in the failing digit', async () => {
    await start({ rules: { payoutDelayMs: 1000, payoutFailDigit: '9' } });
    await payout('W-2', '110-123-456789');
    await sandbox.time.advance(1000);
    expect(receiver.events()).toEqual([
      expect.objectContaining({ type: 'payout', payoutNo: 'W-2', status: 'failed', reason: 'ACCOUNT_REJECTED' }),
    ]);
    const queried = await callApi(sandbox.baseUrl, merchant(), {
      method: 'GET',
      path: '/api/v1/payouts/W-2',
      nowMs: sandbox.time.now(),
    });
    expect(queried.json).toMatchObject({ status: 'failed', reason: 'ACCOUNT_REJECTED' });
  });
});
