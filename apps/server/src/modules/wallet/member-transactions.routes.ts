import { Readable } from 'node:stream';
import {
  MemberTransactionsFilterSchema,
  MemberTransactionsOrPointsResponseSchema,
  MemberTransactionsWithPointsQuerySchema,
  WALLET_CALLS,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { RecordOwner } from './member-transactions.service';

/** The session's member and brand: a member reads only its own movements, whatever the request names. */
function ownerOf(request: FastifyRequest): RecordOwner {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId, brand: request.merchant.brand };
}

/** The member's account record (the member centre's transactionHistory; a real account's only). */
export const memberTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberTransactions } = app.gaming;
  const { points } = app;
  const tags = ['wallet'];

  app.get(
    WALLET_CALLS.memberTransactions.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary:
          'My account record: every movement of my money by type and period, newest first (keyset paged); ' +
          'with ledger=points, my point entries instead (decision 0044)',
        querystring: MemberTransactionsWithPointsQuerySchema,
        response: { 200: MemberTransactionsOrPointsResponseSchema },
      },
    },
    async (request) => {
      const owner = ownerOf(request);
      if (request.query.ledger === 'points') {
        return ok(await points.memberEntries(owner, request.merchant, request.query));
      }
      return ok(await memberTransactions.list(owner, request.query));
    },
  );

  app.get(
    WALLET_CALLS.memberTransactionsExport.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My account record as CSV (amounts in major units), streamed as it is read',
        querystring: MemberTransactionsFilterSchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const lines = await memberTransactions.exportCsv(ownerOf(request), request.query, request.language);
      const name = from && to ? `transactions-${from}-${to}.csv` : 'transactions.csv';
      // Read page by page as the client takes the reply: a member's years are never held at once.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
