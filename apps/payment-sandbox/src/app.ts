import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CallbackSender, DEFAULT_RETRY, fetchTransport, type CallbackTransport, type RetrySettings } from './callbacks';
import { NO_CHAOS, type ChaosSettings } from './chaos';
import { PAGE_CSS, renderNotFoundPage, renderOrderPage, returnUrlOf } from './page';
import {
  DEFAULT_RULES,
  SandboxError,
  SandboxService,
  type DepositOrder,
  type Merchant,
  type Payout,
  type SandboxRules,
} from './sandbox.service';
import { SANDBOX_HEADERS, requestSigningText, signatureMatches, timestampIsFresh } from './signature';
import type { SandboxTime } from './time';

export interface SandboxConfig {
  /** Where payers' browsers reach the sandbox: the hosted page's URL starts with it. */
  publicUrl: string;
  merchants: Merchant[];
  time: SandboxTime;
  rules?: Partial<SandboxRules>;
  retry?: Partial<RetrySettings>;
  chaos?: Partial<ChaosSettings>;
  transport?: CallbackTransport;
  logLevel?: string;
  /** Where the log goes (the platform's destination when embedded); JSON lines to stdout when absent. */
  logStream?: { write(line: string): unknown };
}

export interface SandboxApp {
  app: FastifyInstance;
  service: SandboxService;
  callbacks: CallbackSender;
}

const ORDER_NO = z.string().regex(/^[\w.:-]{1,64}$/);
const AMOUNT = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const CURRENCY = z.string().regex(/^[A-Z]{3}$/);
const HTTP_URL = z.url({ protocol: /^https?$/ }).max(2000);

const CreateDepositSchema = z.object({
  orderNo: ORDER_NO,
  amountMinor: AMOUNT,
  currency: CURRENCY,
  language: z.enum(['ko', 'en']),
  returnUrl: HTTP_URL,
  callbackUrl: HTTP_URL,
});

const CreatePayoutSchema = z.object({
  payoutNo: ORDER_NO,
  amountMinor: AMOUNT,
  currency: CURRENCY,
  bankCode: z.string().min(1).max(32),
  accountNumber: z.string().regex(/^[\d -]{4,40}$/),
  holderName: z.string().min(1).max(100),
  callbackUrl: HTTP_URL,
});

function depositView(service: SandboxService, order: DepositOrder) {
  return {
    orderNo: order.orderNo,
    providerRef: order.providerRef,
    status: order.status,
    amountMinor: order.amountMinor,
    currency: order.currency,
    paymentUrl: service.paymentUrlOf(order),
    expiresAt: new Date(order.expiresAt).toISOString(),
    completedAt: order.completedAt === null ? null : new Date(order.completedAt).toISOString(),
  };
}

function payoutView(payout: Payout) {
  return {
    payoutNo: payout.payoutNo,
    providerRef: payout.providerRef,
    status: payout.status,
    reason: payout.reason,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    completedAt: payout.completedAt === null ? null : new Date(payout.completedAt).toISOString(),
  };
}

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ code, message });
}

declare module 'fastify' {
  interface FastifyRequest {
    sandboxMerchant?: Merchant;
  }
}

/** The merchant API: JSON, each request signed by the merchant (docs/decisions/0040-payment-sandbox.md). */
function registerApi(app: FastifyInstance, service: SandboxService, time: SandboxTime): void {
  void app.register(async (api) => {
    // The body stays the exact text that was signed; it is parsed only once the signature holds.
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    api.addHook('preHandler', async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : '';
      };
      const merchant = service.findMerchant(header(SANDBOX_HEADERS.merchant));
      if (!merchant) return refuse(reply, 401, 'MERCHANT_UNKNOWN', 'unknown merchant key');
      const timestamp = header(SANDBOX_HEADERS.timestamp);
      if (!timestampIsFresh(timestamp, time.now())) {
        return refuse(reply, 401, 'TIMESTAMP_STALE', 'the timestamp is missing or more than 5 minutes away');
      }
      const body = typeof request.body === 'string' ? request.body : '';
      const text = requestSigningText(timestamp, request.method, request.url, body);
      if (!signatureMatches(merchant.secret, text, header(SANDBOX_HEADERS.signature))) {
        return refuse(reply, 401, 'SIGNATURE_INVALID', 'the signature does not match');
      }
      request.sandboxMerchant = merchant;
      return undefined;
    });
    const jsonOf = (request: FastifyRequest): unknown => {
      try {
        return JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        return undefined;
      }
    };

    api.post('/api/v1/deposits', async (request, reply) => {
      const parsed = CreateDepositSchema.safeParse(jsonOf(request));
      if (!parsed.success)
        return refuse(
          reply,
          400,
          'BAD_REQUEST',
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        );
      const { order, created } = service.createDeposit(request.sandboxMerchant!.key, parsed.data);
      return reply.status(created ? 201 : 200).send(depositView(service, order));
    });
    api.get<{ Params: { orderNo: string } }>('/api/v1/deposits/:orderNo', async (request, reply) => {
      const order = service.findDeposit(request.sandboxMerchant!.key, request.params.orderNo);
      if (!order) return refuse(reply, 404, 'NOT_FOUND', 'no such order');
      return depositView(service, order);
    });
    api.post('/api/v1/payouts', async (request, reply) => {
      const parsed = CreatePayoutSchema.safeParse(jsonOf(request));
      if (!parsed.success)
        return refuse(
          reply,
          400,
          'BAD_REQUEST',
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        );
      const { payout, created } = service.createPayout(request.sandboxMerchant!.key, parsed.data);
      return reply.status(created ? 201 : 200).send(payoutView(payout));
    });
    api.get<{ Params: { payoutNo: string } }>('/api/v1/payouts/:payoutNo', async (request, reply) => {
      const payout = service.findPayout(request.sandboxMerchant!.key, request.params.payoutNo);
      if (!payout) return refuse(reply, 404, 'NOT_FOUND', 'no such payout');
      return payoutView(payout);
    });
  });
}

/** The headers of the hosted page: nothing but its own style sheet, and forms only to itself and the merchant. */
function pageHeaders(reply: FastifyReply, formTargets: string[]): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      [
        "default-src 'none'",
        "style-src 'self'",
        "base-uri 'none'",
        `form-action 'self' ${formTargets.join(' ')}`.trim(),
        "frame-ancestors 'none'",
      ].join('; '),
    )
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
}

function languageOf(request: FastifyRequest): 'ko' | 'en' {
  const accept = request.headers['accept-language'];
  return typeof accept === 'string' && accept.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** The hosted payment page: GET shows the order, POST takes the payer's choice. */
function registerPage(app: FastifyInstance, service: SandboxService, time: SandboxTime): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get('/assets/page.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PAGE_CSS),
  );
  // The merchant's origin, where pay and fail send the payer (Chromium applies form-action to the redirect).
  const originOf = (order: DepositOrder) => new URL(order.returnUrl).origin;
  app.get<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
    const order = service.findDepositByToken(request.params.token);
    if (!order) return pageHeaders(reply.status(404), []).send(renderNotFoundPage(languageOf(request)));
    return pageHeaders(reply, [originOf(order)]).send(renderOrderPage(order, time.now()));
  });
  app.post<{ Params: { token: string }; Body: Record<string, string> | undefined }>(
    '/pay/:token',
    async (request, reply) => {
      const order = service.findDepositByToken(request.params.token);
      if (!order) return pageHeaders(reply.status(404), []).send(renderNotFoundPage(languageOf(request)));
      const choice = request.body?.['choice'];
      if (choice !== 'pay' && choice !== 'fail' && choice !== 'abandon') {
        return pageHeaders(reply.status(400), [originOf(order)]).send(renderOrderPage(order, time.now()));
      }
      try {
        service.choose(order, choice);
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error;
        return pageHeaders(reply.status(409), [originOf(order)]).send(renderOrderPage(order, time.now()));
      }
      if (choice === 'abandon') return pageHeaders(reply, []).send(renderOrderPage(order, time.now()));
      return reply.header('cache-control', 'no-store').redirect(returnUrlOf(order), 303);
    },
  );
}

/** The sandbox payment provider: a merchant API, a hosted payment page, and signed callbacks. */
export function buildSandboxApp(config: SandboxConfig): SandboxApp {
  const app = Fastify({
    logger:
      config.logLevel === undefined || config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, name: 'payment-sandbox', ...(config.logStream && { stream: config.logStream }) },
    bodyLimit: 16 * 1024,
  });
  const callbacks = new CallbackSender({
    time: config.time,
    retry: { ...DEFAULT_RETRY, ...config.retry },
    chaos: { ...NO_CHAOS, ...config.chaos },
    transport: config.transport ?? fetchTransport,
    log: app.log,
  });
  const service = new SandboxService({
    time: config.time,
    rules: { ...DEFAULT_RULES, ...config.rules },
    callbacks,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
  });
  for (const merchant of config.merchants) service.addMerchant(merchant);
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SandboxError) return refuse(reply, error.status, error.code, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return refuse(reply, status, 'BAD_REQUEST', error instanceof Error ? error.message : 'bad request');
    }
    app.log.error({ err: error }, 'the sandbox failed a request');
    return refuse(reply, 500, 'INTERNAL', 'internal error');
  });
  registerApi(app, service, config.time);
  registerPage(app, service, config.time);
  app.addHook('onClose', async () => config.time.cancelAll());
  return { app, service, callbacks };
}
