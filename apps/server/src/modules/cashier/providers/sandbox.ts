import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import type { PaymentProvider, ProviderEvent, ProviderFactory } from './provider';

// The adapter of the sandbox payment provider (apps/payment-sandbox; docs/decisions/0040-payment-sandbox.md). It
// speaks the provider's protocol on its own, as an adapter of a provider elsewhere would: its tests run it against
// the real service.
//
// Calls to the provider: JSON, with the headers
//   X-Sandbox-Merchant: the merchant key
//   X-Sandbox-Timestamp: Unix time in whole seconds
//   X-Sandbox-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "\n" + METHOD + "\n" + path?query + "\n" + body)>
// Callbacks from it: the same three headers (plus X-Sandbox-Event-Id and X-Sandbox-Attempt), signed over
//   timestamp + "." + raw body
// and acknowledged by HTTP 200 with the body `OK`; anything else and the provider retries with back-off.

const HEADER = {
  merchant: 'x-sandbox-merchant',
  timestamp: 'x-sandbox-timestamp',
  signature: 'x-sandbox-signature',
} as const;

/** A callback signed longer ago (or further ahead) than this is refused as a replay. */
export const SANDBOX_CALLBACK_TOLERANCE_MS = 5 * 60 * 1000;

const REQUEST_TIMEOUT_MS = 10_000;

function signatureOf(secret: string, text: string): string {
  return `v1=${createHmac('sha256', secret).update(text, 'utf8').digest('hex')}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

const MONEY = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const CallbackSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('deposit'),
    eventId: z.string().min(1).max(100),
    orderNo: z.string().min(1).max(64),
    providerRef: z.string().min(1).max(64),
    status: z.enum(['paid', 'failed', 'expired']),
    amountMinor: MONEY,
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
  z.object({
    type: z.literal('payout'),
    eventId: z.string().min(1).max(100),
    payoutNo: z.string().min(1).max(64),
    providerRef: z.string().min(1).max(64),
    status: z.enum(['paid', 'failed']),
    reason: z.string().max(200).nullable(),
  }),
]);

const DepositAnswerSchema = z.object({
  providerRef: z.string(),
  paymentUrl: z.url(),
  expiresAt: z.iso.datetime(),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  amountMinor: MONEY,
});

const PayoutAnswerSchema = z.object({
  providerRef: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  reason: z.string().nullable(),
});

export interface SandboxProviderOptions {
  /** The clock the callbacks' timestamps are checked against. */
  now?: () => number;
  fetch?: typeof fetch;
}

/** The adapter for a stored configuration of the sandbox provider. */
export const createSandboxProvider = ((config, options: SandboxProviderOptions = {}): PaymentProvider => {
  const now = options.now ?? Date.now;
  const send = options.fetch ?? fetch;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  /** One signed call; answers the parsed JSON, or undefined on 404; any other failure is the provider's. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now() / 1000));
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(text === '' ? {} : { 'content-type': 'application/json' }),
          [HEADER.merchant]: config.merchantKey,
          [HEADER.timestamp]: timestamp,
          [HEADER.signature]: signatureOf(config.secret, `${timestamp}\n${method}\n${path}\n${text}`),
        },
        ...(text === '' ? {} : { body: text }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('CASHIER_PROVIDER_UNAVAILABLE', undefined, { cause: error });
    }
    const answer = await response.text();
    if (response.status === 404) return undefined;
    if (!response.ok) {
      throw new AppError('CASHIER_PROVIDER_UNAVAILABLE', undefined, {
        cause: new Error(`sandbox ${method} ${path} answered ${response.status}: ${answer.slice(0, 200)}`),
      });
    }
    return JSON.parse(answer) as unknown;
  }

  function header(headers: Record<string, string | string[] | undefined>, name: string): string {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  }

  return {
    code: config.code,

    async createDeposit(request) {
      const answer = DepositAnswerSchema.parse(await call('POST', '/api/v1/deposits', request));
      return {
        providerRef: answer.providerRef,
        instructions: { kind: 'redirect', url: answer.paymentUrl },
        expiresAt: new Date(answer.expiresAt),
      };
    },

    parseCallback(headers, rawBody) {
      const timestamp = header(headers, HEADER.timestamp);
      const fresh =
        /^\d{1,12}$/.test(timestamp) && Math.abs(now() - Number(timestamp) * 1000) <= SANDBOX_CALLBACK_TOLERANCE_MS;
      const holds =
        fresh &&
        sameText(header(headers, HEADER.merchant), config.merchantKey) &&
        sameText(header(headers, HEADER.signature), signatureOf(config.secret, `${timestamp}.${rawBody}`));
      if (!holds) throw new AppError('CASHIER_CALLBACK_FORGED');
      let parsed: z.infer<typeof CallbackSchema>;
      try {
        parsed = CallbackSchema.parse(JSON.parse(rawBody));
      } catch (error) {
        // Signed by the provider yet not its format: nothing here can be trusted to act on.
        throw new AppError('CASHIER_CALLBACK_FORGED', undefined, { cause: error });
      }
      const event: ProviderEvent =
        parsed.type === 'deposit'
          ? {
              type: 'deposit',
              orderNo: parsed.orderNo,
              providerRef: parsed.providerRef,
              status: parsed.status,
              amountMinor: parsed.amountMinor,
              currency: parsed.currency,
              eventId: parsed.eventId,
            }
          : {
              type: 'payout',
              payoutNo: parsed.payoutNo,
              providerRef: parsed.providerRef,
              status: parsed.status,
              reason: parsed.reason,
              eventId: parsed.eventId,
            };
      return event;
    },

    async queryDeposit(orderNo) {
      const answer = await call('GET', `/api/v1/deposits/${encodeURIComponent(orderNo)}`);
      // The sandbox keeps orders in memory: one it does not know (it was started again) can never be paid.
      if (answer === undefined) return { status: 'expired', providerRef: null, amountMinor: null };
      const order = DepositAnswerSchema.parse(answer);
      return { status: order.status, providerRef: order.providerRef, amountMinor: order.amountMinor };
    },

    async createPayout(request) {
      const answer = PayoutAnswerSchema.parse(await call('POST', '/api/v1/payouts', request));
      return { providerRef: answer.providerRef };
    },

    async queryPayout(payoutNo) {
      const answer = await call('GET', `/api/v1/payouts/${encodeURIComponent(payoutNo)}`);
      // A payout the sandbox does not know was never paid (it was started again before paying it).
      if (answer === undefined) return { status: 'failed', providerRef: null, reason: 'NOT_FOUND' };
      const payout = PayoutAnswerSchema.parse(answer);
      return { status: payout.status, providerRef: payout.providerRef, reason: payout.reason };
    },

    acknowledge() {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'OK' };
    },
  };
}) satisfies ProviderFactory;
