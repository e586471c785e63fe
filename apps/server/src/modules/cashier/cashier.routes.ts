import { createHash } from 'node:crypto';
import {
  CASHIER_CALLS,
  CreateDepositRequestSchema,
  DepositListQuerySchema,
  DepositMethodsResponseSchema,
  DepositOrderParamsSchema,
  DepositOrderResponseSchema,
  DepositPageResponseSchema,
  ProviderCallbackParamsSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';

const TAGS = ['cashier'];
// Each order asks a provider for a page: a plain cap per client besides the service's count of open orders.
const CREATE_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw body of a provider's callback: its signature covers these bytes. */
    cashierRawBody?: string;
  }
}

/** The member's deposits (docs/product/member-centre.md#wallet-deposit-and-withdrawal) and the providers' callbacks. */
export const cashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cashier } = app;
  const { deposits } = cashier;

  app.get(
    CASHIER_CALLS.depositMethods.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The brand's deposit methods with their minimum, maximum and fee",
        response: { 200: DepositMethodsResponseSchema },
      },
    },
    async (request) => ok(await cashier.listMethods(request.merchant)),
  );

  app.post(
    CASHIER_CALLS.createDeposit.path,
    {
      config: { auth: 'realMember', rateLimit: CREATE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: "Creates a deposit order: the provider's page, a QR code, or the bank account and reference",
        body: CreateDepositRequestSchema,
        response: { 200: DepositOrderResponseSchema },
      },
    },
    async (request) =>
      ok(
        await deposits.create(request.merchant, request.member!, request.body, request.language === 'KO' ? 'ko' : 'en'),
      ),
  );

  app.get(
    CASHIER_CALLS.deposits.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's deposit orders, newest first",
        querystring: DepositListQuerySchema,
        response: { 200: DepositPageResponseSchema },
      },
    },
    async (request) => ok(await deposits.list(request.member!, request.query)),
  );

  app.get(
    CASHIER_CALLS.deposit.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "One of the member's deposit orders",
        params: DepositOrderParamsSchema,
        response: { 200: DepositOrderResponseSchema },
      },
    },
    async (request) => ok(await deposits.get(request.member!, request.params.orderNo)),
  );

  await app.register(providerCallbackRoutes);
};

/**
 * A provider's callback, in a context of its own: its body, whatever its type, is kept as text for the signature and
 * read only by the provider's adapter once that checks out. A forged or altered one is refused, logged, and writes
 * nothing; an accepted one is answered with the provider's own acknowledgement.
 */
const providerCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cashier } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (request, body, done) => {
    request.cashierRawBody = String(body);
    done(null, undefined);
  });

  app.post(
    CASHIER_CALLS.providerCallback.path,
    {
      // Server to server: no brand from the host, no session, no browser headers.
      config: { vendorCall: true },
      schema: {
        tags: TAGS,
        summary: "A payment provider's signed notice of a deposit's or payout's result",
        params: ProviderCallbackParamsSchema,
      },
    },
    async (request, reply) => {
      const { providerCode } = request.params;
      const rawBody = request.cashierRawBody ?? '';
      const provider = await cashier.getProvider(providerCode);
      let event;
      try {
        event = provider.parseCallback(request.headers, rawBody);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CASHIER_CALLBACK_FORGED') {
          request.log.warn(
            {
              providerCode,
              ip: request.ip,
              bodySha256: createHash('sha256').update(rawBody).digest('hex'),
              bytes: rawBody.length,
            },
            'cashier: a callback with a bad signature was refused',
          );
        }
        throw error;
      }
      try {
        if (event.type === 'deposit') await cashier.deposits.applyProviderEvent(providerCode, event);
        else await cashier.deliverPayout(event, providerCode);
      } catch (error) {
        if (error instanceof AppError && error.code === 'CASHIER_CALLBACK_MISMATCH') {
          request.log.warn({ providerCode, event }, 'cashier: a signed callback does not match its order');
        }
        throw error;
      }
      const ack = provider.acknowledge();
      return reply.code(ack.status).type(ack.contentType).send(ack.body);
    },
  );
};
