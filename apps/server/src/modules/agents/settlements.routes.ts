import {
  ACCOUNT_CALLS,
  AGENT_CALLS,
  AgentIncomeQuerySchema,
  AgentIncomeResponseSchema,
  DevSettlementClockRequestSchema,
  DevSettlementClockResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { callerOf } from './caller';

/**
 * The agent's income (agentRevenueReport and the kinds' records, decision 0068), token rule "agent"; and, only when
 * `exposeClock` (DEV_CLOCK_API, never in production), the settlement clock a journey moves.
 */
export const agentSettlementRoutes: FastifyPluginAsyncZod<{ exposeClock?: boolean }> = async (app, options) => {
  const settlements = app.agentSettlements;
  const tags = ['agents'];

  app.get(
    AGENT_CALLS.agentIncome.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The caller's settlement lines, earned and paid out, by period, with totals by kind",
        querystring: AgentIncomeQuerySchema,
        response: { 200: AgentIncomeResponseSchema },
      },
    },
    async (request) => ok(await settlements.income(callerOf(request), request.merchant, request.query)),
  );

  if (options.exposeClock) {
    app.post(
      ACCOUNT_CALLS.devSettlementClock.path,
      {
        schema: {
          tags: ['dev'],
          summary: "Moves the settlement's clock forward and settles what is due (DEV_CLOCK_API only)",
          body: DevSettlementClockRequestSchema,
          response: { 200: DevSettlementClockResponseSchema },
        },
      },
      async (request) => {
        const now = settlements.advanceClock(request.body.advanceMinutes * 60_000);
        const result = await settlements.settleDue();
        return ok({ now: now.toISOString(), settled: result.settled, paid: result.paid });
      },
    );
  }
};
