import {
  BettingRecordDetailResponseSchema,
  BettingRecordsQuerySchema,
  BettingRecordsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { BettingService } from './betting.service';

/** The member's betting records (the member centre's personalHistoryCopy page). */
export function bettingRoutes(betting: BettingService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['betting'];

    app.get(
      '/wps/member/betting/records',
      {
        config: { auth: 'member' },
        schema: {
          tags,
          summary: 'My rounds, newest first (keyset paged)',
          querystring: BettingRecordsQuerySchema,
          response: { 200: BettingRecordsResponseSchema },
        },
      },
      async (request) => {
        if (!request.member) throw new AppError('NOT_LOGGED_IN');
        return ok(await betting.listRecords(request.member.id, request.query));
      },
    );

    app.get(
      '/wps/member/betting/records/:vassalage/:roundId',
      {
        config: { auth: 'member' },
        schema: {
          tags,
          summary: 'One of my rounds with its transactions and replay detail',
          params: z.object({ vassalage: z.string().min(1).max(64), roundId: z.string().min(1).max(128) }),
          response: { 200: BettingRecordDetailResponseSchema },
        },
      },
      async (request) => {
        if (!request.member) throw new AppError('NOT_LOGGED_IN');
        return ok(await betting.getRecordDetail(request.member.id, request.params.vassalage, request.params.roundId));
      },
    );
  };
}
