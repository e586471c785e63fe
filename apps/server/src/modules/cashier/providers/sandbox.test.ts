import { createServer, type IncomingHttpHeaders } from 'node:http';
import { startTestSandbox, type TestSandbox } from '@parlay/payment-sandbox/test-support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error';
import type { PaymentProvider, ProviderEvent } from './provider';
import { createSandboxProvider } from './sandbox';

// The adapter against the real sandbox service on a local port: its calls are signed as the service checks them,
// and the service's callbacks, odd ones included, are read (or refused) as the cashier's callback route would.

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The platform's side of the callbacks: parseCallback on the raw body, the adapter's acknowledgement when it holds. */
async function startPlatform(provider: () => PaymentProvider) {
  const deliveries: Delivery[] = [];
  const accepted: ProviderEvent[] = [];
  const refused: { delivery: Delivery; code: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      deliveries.push(delivery);
      try {
        accepted.push(provider().parseCallback(request.headers, delivery.body));
        const ack = provider().acknowledge();
        response.writeHead(ack.status, { 'content-type': ack.contentType }).end(ack.body);
      } catch (error) {
        refused.push({ delivery, code: error instanceof AppError ? error.code : String(error) });
        response.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    callbackUrl: `http://127.0.0.1:${port}/wps/cashier/callback/sandbox`,
    deliveries,
    accepted,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sandbox: TestSandbox;
let provider: PaymentProvider;
let platform: Awaited<ReturnType<typeof startPlatform>>;

beforeEach(async () => {
  sandbox = await startTestSandbox({ rules: { payoutDelayMs: 60_000, payoutFailDigit: '9' } });
  provider = createSandboxProvider(sandbox.registration, { now: () => sandbox.time.now() });
  platform = await startPlatform(() => provider);
});

afterEach(async () => {
  await sandbox.close();
  await platform.close();
});

function createDeposit(orderNo: string, amountMinor = 30_000) {
  return provider.createDeposit({
    orderNo,
    amountMinor,
    currency: 'KRW',
    language: 'ko',
    returnUrl: 'http://localhost:8080/member/depositv2',
    callbackUrl: platform.callbackUrl,
  });
}

async function paymentUrlOf(orderNo: string) {
  const created = await createDeposit(orderNo);
  if (created.instructions.kind !== 'redirect') throw new Error('the sandbox answers a redirect');
  return { ...created, url: created.instructions.url };
}

describe('createSandboxProvider', () => {
  it('creates a deposit as a redirect to the hosted page, and reads the paid callback', async () => {
    const { url, providerRef, expiresAt } = await paymentUrlOf('CD-1');
    expect(url.startsWith(`${sandbox.baseUrl}/pay/`)).toBe(true);
    expect(providerRef).toMatch(/^SBD-/);
    expect(expiresAt.getTime()).toBe(sandbox.time.now() + 15 * 60 * 1000);
    expect(await provider.queryDeposit('CD-1')).toEqual({ status: 'pending', providerRef, amountMinor: 30_000 });

    await sandbox.choose(url, 'pay');
    await sandbox.time.runDue();
    expect(platform.accepted).toEqual([
      {
        type: 'deposit',
        orderNo: 'CD-1',
        providerRef,
        status: 'paid',
        amountMinor: 30_000,
        currency: 'KRW',
        eventId: expect.stringMatching(/^evt_/),
      },
    ]);
    // The adapter's acknowledgement is what the sandbox waits for: one attempt, no retry.
    expect(sandbox.callbacks.attempts).toEqual([expect.objectContaining({ attempt: 1, acknowledged: true })]);
    expect(await provider.queryDeposit('CD-1')).toEqual({ status: 'paid', providerRef, amountMinor: 30_000 });
  });

  it('reads a failed and an expired deposit', async () => {
    const failed = await paymentUrlOf('CD-2');
    await sandbox.choose(failed.url, 'fail');
    await paymentUrlOf('CD-3');
    await sandbox.time.advance(15 * 60 * 1000);
    expect(platform.accepted.map((event) => [event.type === 'deposit' && event.orderNo, event.status])).toEqual([
      ['CD-2', 'failed'],
      ['CD-3', 'expired'],
    ]);
  });

  it('works on the real clock against a fresh test sandbox, as the cashier builds it from the registration', async () => {
    const onRealClock = createSandboxProvider(sandbox.registration);
    const created = await onRealClock.createDeposit({
      orderNo: 'CD-real',
      amountMinor: 1000,
      currency: 'KRW',
      language: 'en',
      returnUrl: 'http://localhost:8080/',
      callbackUrl: platform.callbackUrl,
    });
    expect(created.providerRef).toMatch(/^SBD-/);
  });

  it('answers an order the sandbox does not know (started again) as expired, never payable', async () => {
    expect(await provider.queryDeposit('CD-never')).toEqual({
      status: 'expired',
      providerRef: null,
      amountMinor: null,
    });
  });

  it('reads a callback delivered twice and out of order as the same events, each time', async () => {
    const first = await paymentUrlOf('CD-4');
    const second = await paymentUrlOf('CD-5');
    // The first order's event held back 3 s, then delivered again 2 s later; the second's at once.
    sandbox.callbacks.script(
      { firstDelayMs: 3000, duplicateDelayMs: 5000 },
      { firstDelayMs: 0, duplicateDelayMs: null },
    );
    await sandbox.choose(first.url, 'pay');
    await sandbox.choose(second.url, 'pay');
    await sandbox.time.advance(10_000);
    const arrived = platform.accepted.map((event) => (event.type === 'deposit' ? event.orderNo : event.payoutNo));
    expect(arrived).toEqual(['CD-5', 'CD-4', 'CD-4']);
    expect(platform.accepted[1]).toEqual(platform.accepted[2]);
    expect(platform.refused).toEqual([]);
  });

  it('refuses a forged, an altered, a stale and a replayed-elsewhere callback with CASHIER_CALLBACK_FORGED', async () => {
    const { url } = await paymentUrlOf('CD-6');
    await sandbox.choose(url, 'pay');
    await sandbox.time.runDue();
    // The delivery as it came, to take apart.
    const [signed] = platform.deliveries;
    if (!signed) throw new Error('the sandbox delivered the callback');
    const codeOf = (headers: IncomingHttpHeaders, body: string) => {
      try {
        provider.parseCallback(headers, body);
        return 'accepted';
      } catch (error) {
        return error instanceof AppError ? error.code : String(error);
      }
    };
    expect(codeOf(signed.headers, signed.body)).toBe('accepted');
    // Altered: a larger amount under the original signature.
    const altered = signed.body.replace('"amountMinor":30000', '"amountMinor":3000000');
    expect(altered).not.toBe(signed.body);
    expect(codeOf(signed.headers, altered)).toBe('CASHIER_CALLBACK_FORGED');
    // Forged: signed with another secret.
    const forger = createSandboxProvider(
      { ...sandbox.registration, secret: 'a'.repeat(64) },
      { now: () => sandbox.time.now() },
    );
    const { createHmac } = await import('node:crypto');
    const timestamp = String(signed.headers['x-sandbox-timestamp']);
    const forgedSignature = `v1=${createHmac('sha256', 'a'.repeat(64)).update(`${timestamp}.${signed.body}`).digest('hex')}`;
    expect(codeOf({ ...signed.headers, 'x-sandbox-signature': forgedSignature }, signed.body)).toBe(
      'CASHIER_CALLBACK_FORGED',
    );
    expect(
      forger.parseCallback({ ...signed.headers, 'x-sandbox-signature': forgedSignature }, signed.body),
    ).toMatchObject({
      orderNo: 'CD-6',
    });
    // Unsigned, or another merchant's key.
    expect(codeOf({ ...signed.headers, 'x-sandbox-signature': undefined }, signed.body)).toBe(
      'CASHIER_CALLBACK_FORGED',
    );
    expect(codeOf({ ...signed.headers, 'x-sandbox-merchant': 'someone-else' }, signed.body)).toBe(
      'CASHIER_CALLBACK_FORGED',
    );
    // Stale: the same genuine delivery, read more than five minutes later.
    await sandbox.time.advance(5 * 60 * 1000 + 1000);
    expect(codeOf(signed.headers, signed.body)).toBe('CASHIER_CALLBACK_FORGED');
  });

  it('refuses a callback the sandbox signs for its merchant when the platform holds an old secret', async () => {
    const { url } = await paymentUrlOf('CD-8');
    // The platform still reading with the secret of an earlier start.
    provider = createSandboxProvider(
      { ...sandbox.registration, secret: 'f'.repeat(64) },
      { now: () => sandbox.time.now() },
    );
    await sandbox.choose(url, 'pay');
    await sandbox.time.advance(1000);
    expect(platform.accepted).toEqual([]);
    expect(platform.refused.map((refusal) => refusal.code)).toEqual([
      'CASHIER_CALLBACK_FORGED',
      'CASHIER_CALLBACK_FORGED',
    ]);
    // Refused, so not acknowledged: the sandbox keeps trying.
    expect(sandbox.callbacks.attempts.every((attempt) => !attempt.acknowledged)).toBe(true);
  });

  it('pays a payout out a while later and reads its callback; an account ending in 9 fails', async () => {
    const paid = await provider.createPayout({
      payoutNo: 'PO-1',
      amountMinor: 20_000,
      currency: 'KRW',
      bankCode: '004',
      accountNumber: '123-456-7890',
      holderName: 'Kim Demo',
      callbackUrl: platform.callbackUrl,
    });
    const failed = await provider.createPayout({
      payoutNo: 'PO-2',
      amountMinor: 20_000,
      currency: 'KRW',
      bankCode: '004',
      accountNumber: '123-456-7899',
      holderName: 'Kim Demo',
      callbackUrl: platform.callbackUrl,
    });
    expect(await provider.queryPayout('PO-1')).toEqual({
      status: 'pending',
      providerRef: paid.providerRef,
      reason: null,
    });
    await sandbox.time.advance(59_999);
    expect(platform.accepted).toEqual([]);
    await sandbox.time.advance(1);
    expect(platform.accepted).toEqual([
      {
        type: 'payout',
        payoutNo: 'PO-1',
        providerRef: paid.providerRef,
        status: 'paid',
        reason: null,
        eventId: expect.any(String),
      },
      {
        type: 'payout',
        payoutNo: 'PO-2',
        providerRef: failed.providerRef,
        status: 'failed',
        reason: 'ACCOUNT_REJECTED',
        eventId: expect.any(String),
      },
    ]);
    expect(await provider.queryPayout('PO-2')).toEqual({
      status: 'failed',
      providerRef: failed.providerRef,
      reason: 'ACCOUNT_REJECTED',
    });
    expect(await provider.queryPayout('PO-unknown')).toEqual({
      status: 'failed',
      providerRef: null,
      reason: 'NOT_FOUND',
    });
  });

  it('answers CASHIER_PROVIDER_UNAVAILABLE when the sandbox refuses its signature or cannot be reached', async () => {
    const wrong = createSandboxProvider(
      { ...sandbox.registration, secret: 'b'.repeat(64) },
      { now: () => sandbox.time.now() },
    );
    await expect(wrong.queryDeposit('CD-1')).rejects.toMatchObject({ code: 'CASHIER_PROVIDER_UNAVAILABLE' });
    const unreachable = createSandboxProvider({ ...sandbox.registration, baseUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.queryPayout('PO-1')).rejects.toMatchObject({ code: 'CASHIER_PROVIDER_UNAVAILABLE' });
  });
});
