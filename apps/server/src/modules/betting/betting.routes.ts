import {
  BettingProfitQuerySchema,
  BettingProfitResponseSchema,
  BettingRecordDetailResponseSchema,
  BettingRecordsQuerySchema,
  BettingRecordsResponseSchema,
  WALLET_CALLS,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { ABANDONED_ROUND_AFTER_MS } from './betting.service';

/**
 * The member's betting records and profit and loss (the member centre's personalHistoryCopy and personalProfit
 * pages; a real account's only), and the abandoned rounds at /metrics.
 */
export const bettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { betting } = app.gaming;

  // Rounds a vendor left open: an operator asks the vendor, then cancels or settles them (decision 0021).
  new Gauge({
    name: 'parlay_game_rounds_abandoned',
    help: 'Rounds still open more than 24 hours after they started (npm run admin -- rounds open)',
    registers: [app.metrics],
    async collect() {
      // A database that does not answer must not take the process metrics down with this one gauge.
      try {
        this.set(await betting.countOpenRounds(ABANDONED_ROUND_AFTER_MS));
      } catch (error) {
        app.log.warn({ err: error }, 'abandoned rounds could not be counted for /metrics');
      }
    },
  });

  const tags = ['betting'];

  app.get(
    WALLET_CALLS.bettingRecords.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My rounds by category, vendor and period, newest first (keyset paged), with their totals',
        querystring: BettingRecordsQuerySchema,
        response: { 200: BettingRecordsResponseSchema },
      },
    },
    async (request) => {
      if (!request.member || !request.merchant) throw new AppError('NOT_LOGGED_IN');
      return ok(await betting.listRecords(request.member.id, request.query, request.merchant.brand.timeZone));
    },
  );

  app.get(
    WALLET_CALLS.bettingProfit.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags,
        summary: 'My profit and loss by day and category over a period of the brand’s days',
        querystring: BettingProfitQuerySchema,
        response: { 200: BettingProfitResponseSchema },
      },
    },
    async (request) => {
      if (!request.member || !request.merchant) throw new AppError('NOT_LOGGED_IN');
      return ok(await betting.getProfit(request.member.id, request.query, request.merchant.brand));
    },
  );

  app.get(
    WALLET_CALLS.bettingRecord.path,
    {
      config: { auth: 'realMember' },
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
