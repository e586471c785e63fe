import {
  isModuleEnabled,
  WHITELABEL,
  BalanceResponseSchema,
  ConsolidatedFundsResponseSchema,
  MerchantWalletQuerySchema,
  MerchantWalletResponseSchema,
  WALLET_CALLS,
  WalletRecallBodySchema,
  WalletRecallResponseSchema,
  WalletTransferBodySchema,
  WalletTransferResponseSchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { WalletSetup } from './wallet-transfer.service';
import type { WalletOwner } from './wallet.service';

function ownerOf(request: FastifyRequest): WalletOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return {
    memberId: request.member.id,
    merchantId: request.member.merchantId,
    currency: request.merchant.brand.currency,
  };
}

/** The brand's wallet set-up: its TRANSFER_WALLETS flag (decision 0036), names in the request's language. */
function setupOf(request: FastifyRequest): WalletSetup {
  return {
    multiWallet: isModuleEnabled(request.merchant.whitelabel, WHITELABEL.TRANSFER_WALLETS),
    language: request.language,
  };
}

/** Wallet calls (docs/product/calls.md#wallet). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  // The stakes still open in the betting module's rounds count in the consolidated funds.
  const { wallet, betting: rounds } = app.gaming;

  const tags = ['wallet'];

  app.get(
    WALLET_CALLS.balance.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'My balance (sumBalance, minor units)',
        response: { 200: BalanceResponseSchema },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      return ok({
        sumBalance: await wallet.getBalance(owner),
        currency: owner.currency,
        currencyExponent: request.merchant.brand.currencyExponent,
      });
    },
  );

  app.get(
    WALLET_CALLS.merchantWallet.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'The wallet mode of the brand (isSingle) and my wallets',
        querystring: MerchantWalletQuerySchema,
        response: { 200: MerchantWalletResponseSchema },
      },
    },
    async (request) => ok(await wallet.getMerchantWallet(ownerOf(request), setupOf(request))),
  );

  app.post(
    WALLET_CALLS.walletTransfer.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'Transfer between the main wallet and a vendor wallet (refused on single-wallet brands)',
        body: WalletTransferBodySchema,
        response: { 200: WalletTransferResponseSchema },
      },
    },
    async (request) => ok(await wallet.transfers.transfer(ownerOf(request), request.body, setupOf(request))),
  );

  app.post(
    WALLET_CALLS.walletRecall.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: "Every vendor wallet's money back to the main wallet (refused on single-wallet brands)",
        body: WalletRecallBodySchema,
        response: { 200: WalletRecallResponseSchema },
      },
    },
    async (request) => ok(await wallet.transfers.recallAll(ownerOf(request), request.body, setupOf(request))),
  );

  app.get(
    WALLET_CALLS.consolidatedFunds.path,
    {
      config: { auth: 'member' },
      schema: {
        tags,
        summary: 'All my funds in one view, with stakes on open rounds',
        response: { 200: ConsolidatedFundsResponseSchema },
      },
    },
    async (request) => ok(await wallet.getConsolidatedFunds(ownerOf(request), rounds, setupOf(request))),
  );
};
