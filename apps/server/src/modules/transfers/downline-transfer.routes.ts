import {
  DownlineTransferOverviewResponseSchema,
  DownlineTransferResponseSchema,
  TRANSFER_CALLS,
  TransferDownlineRequestSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

/**
 * An agent's transfer to its downline (docs/product/calls.md#transfer-to-the-downline): token rule "agent" (a trial account
 * NEED_TRUE_ACCOUNT, any other non-agent NOT_AGENT); the sender is always the session's agent.
 */
export const downlineTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { downlineTransfers } = app.gaming;

  app.get(
    TRANSFER_CALLS.downlineOverview.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags: ['agents'],
        summary: 'My downline transfer scope and limits, what I sent to my downline today, and my balance',
        response: { 200: DownlineTransferOverviewResponseSchema },
      },
    },
    async (request) => ok(await downlineTransfers.getOverview(request.merchant, request.member!)),
  );

  app.post(
    TRANSFER_CALLS.transferDownline.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags: ['agents'],
        summary: 'Send money to a member of my downline (payment password; idempotent by requestId)',
        body: TransferDownlineRequestSchema,
        response: { 200: DownlineTransferResponseSchema },
      },
    },
    async (request) => ok(await downlineTransfers.transfer(request.merchant, request.member!, request.body)),
  );
};
