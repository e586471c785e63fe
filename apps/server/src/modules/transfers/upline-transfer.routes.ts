import {
  TRANSFER_CALLS,
  TransferUplineRequestSchema,
  UplineOverviewResponseSchema,
  UplineTransferResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

/**
 * The transfer to the upline agent (docs/product/calls.md#wallet). Only a real account sends: a visitor gets
 * NOT_LOGGED_IN, a trial account NEED_TRUE_ACCOUNT; the sender is always the session's member.
 */
export const uplineTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uplineTransfers } = app.gaming;

  app.get(
    TRANSFER_CALLS.uplineOverview.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'My upline agent, the limits, what I sent today and my balance',
        response: { 200: UplineOverviewResponseSchema },
      },
    },
    async (request) => ok(await uplineTransfers.getOverview(request.merchant, request.member!)),
  );

  app.post(
    TRANSFER_CALLS.transferUpline.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: ['member'],
        summary: 'Send money to my upline agent (payment password; idempotent by requestId)',
        body: TransferUplineRequestSchema,
        response: { 200: UplineTransferResponseSchema },
      },
    },
    async (request) => ok(await uplineTransfers.transfer(request.merchant, request.member!, request.body)),
  );
};
