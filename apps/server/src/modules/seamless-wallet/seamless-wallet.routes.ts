import { createHash } from 'node:crypto';
import {
  VENDOR_HEADERS,
  VENDOR_WALLET_PATHS,
  WALLET_CREDIT_BATCH_BODY_LIMIT,
  WalletBalanceRequestSchema,
  WalletBalanceResponseSchema,
  WalletCreditBatchRequestSchema,
  WalletCreditBatchResponseSchema,
  WalletCreditRequestSchema,
  WalletDebitRequestSchema,
  WalletRollbackRequestSchema,
  WalletTransactionResponseSchema,
  type WalletTransactionResult,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { VendorRow } from '../vendors/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw body of a seamless-wallet call: the signature covers it, after its time. */
    rawBody?: Buffer;
    /** The vendor whose signature checked out. */
    vendor?: VendorRow;
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** Hash of the validated request: a repeat of a requestId must carry the same content. */
function hashBody(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

function vendorOf(request: FastifyRequest): VendorRow {
  if (!request.vendor) throw new AppError('VENDOR_UNKNOWN');
  return request.vendor;
}

/**
 * The seamless wallet vendors call (packages/contract/src/vendor/wallet.ts). This plugin is
 * encapsulated: its JSON parser keeps the raw bytes for the HMAC check and applies to these routes only.
 * The signature and its time are checked before anything of the body is read. It counts credits without
 * a debit at /metrics.
 */
export const seamlessWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  // `wallet` here is the seamless wallet (the vendors' calls), not the ledger's WalletService.
  const { vendors, seamlessWallet: wallet } = app.gaming;

  // Credits for a round with no debit (decision 0027): a vendor minting money, or a promotion it pays.
  const creditsWithoutDebit = new Counter({
    name: 'parlay_vendor_credits_without_debit_total',
    help: 'Vendor credits for a round with no debit of the player: promotion_paid, promotion_over_cap (refused), round_without_debit (refused)',
    labelNames: ['vendor', 'outcome'] as const,
    registers: [app.metrics],
  });
  wallet.observeCreditsWithoutDebit((vendor, outcome) => creditsWithoutDebit.inc({ vendor, outcome }));

  app.removeContentTypeParser('application/json');
  // The parser only keeps the bytes: nothing of a body is read before its signature checks out.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    done(null, undefined);
  });
  app.addHook('preValidation', async (request) => {
    // The signature covers this text; a body that is not UTF-8 decodes otherwise and does not check out.
    const text = request.rawBody === undefined ? '' : request.rawBody.toString('utf8');
    request.vendor = await vendors.authenticateWalletCall(
      header(request, VENDOR_HEADERS.vendorCode),
      header(request, VENDOR_HEADERS.signature),
      header(request, VENDOR_HEADERS.timestamp),
      text,
    );
    try {
      request.body = JSON.parse(text);
    } catch {
      throw new AppError('MALFORMED_REQUEST');
    }
  });

  const tags = ['vendor wallet'];
  const security = [{ vendorSignature: [] }];
  // Server-to-server JSON: no brand or session to resolve, and no browser security headers to send.
  const vendorCall = { config: { vendorCall: true } } as const;

  app.post(
    VENDOR_WALLET_PATHS.balance,
    {
      ...vendorCall,
      schema: {
        tags,
        security,
        summary: "The player's balance",
        body: WalletBalanceRequestSchema,
        response: { 200: WalletBalanceResponseSchema },
      },
    },
    async (request) => ok(await wallet.balance(vendorOf(request), request.body, hashBody(request.body))),
  );

  app.post(
    VENDOR_WALLET_PATHS.debit,
    {
      ...vendorCall,
      schema: {
        tags,
        security,
        summary: 'Take a stake (needs a live launch session)',
        body: WalletDebitRequestSchema,
        response: { 200: WalletTransactionResponseSchema },
      },
    },
    async (request) =>
      ok((await wallet.debit(vendorOf(request), request.body, hashBody(request.body))) as WalletTransactionResult),
  );

  app.post(
    VENDOR_WALLET_PATHS.credit,
    {
      ...vendorCall,
      schema: {
        tags,
        security,
        summary: 'Pay a win or settle a round (accepted after the session ended)',
        body: WalletCreditRequestSchema,
        response: { 200: WalletTransactionResponseSchema },
      },
    },
    async (request) =>
      ok((await wallet.credit(vendorOf(request), request.body, hashBody(request.body))) as WalletTransactionResult),
  );

  app.post(
    VENDOR_WALLET_PATHS.creditBatch,
    {
      ...vendorCall,
      // 500 credits with their rounds' detail outgrow the other calls' 256 KiB.
      bodyLimit: WALLET_CREDIT_BATCH_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Pay up to 500 round wins in one call, each applied once by its transactionId (decision 0071)',
        body: WalletCreditBatchRequestSchema,
        response: { 200: WalletCreditBatchResponseSchema },
      },
    },
    async (request) => ok(await wallet.creditBatch(vendorOf(request), request.body, hashBody(request.body))),
  );

  app.post(
    VENDOR_WALLET_PATHS.rollback,
    {
      ...vendorCall,
      schema: {
        tags,
        security,
        summary: 'Cancel a debit; an unknown id is acknowledged and blocked',
        body: WalletRollbackRequestSchema,
        response: { 200: WalletTransactionResponseSchema },
      },
    },
    async (request) =>
      ok((await wallet.rollback(vendorOf(request), request.body, hashBody(request.body))) as WalletTransactionResult),
  );
};
