import {
  AGENT_CALLS,
  TeamChildrenQuerySchema,
  TeamMembersQuerySchema,
  TeamOverviewResponseSchema,
  TeamPageResponseSchema,
  TeamProfitLossQuerySchema,
  TeamProfitLossResponseSchema,
  TeamBetsQuerySchema,
  TeamBetsResponseSchema,
  TeamTransactionsQuerySchema,
  TeamTransactionsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { callerOf } from './caller';

/** The agent centre's team calls (decision 0059): token rule "agent", the caller's own downline only. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { downline, teamOverview, teamProfitLoss, teamRecords } = app;
  const tags = ['agents'];

  app.get(
    AGENT_CALLS.teamMembers.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The agent's downline at any depth (or direct only), searchable by account, keyset by account",
        querystring: TeamMembersQuerySchema,
        response: { 200: TeamPageResponseSchema },
      },
    },
    async (request) => ok(await downline.teamMembers(callerOf(request), request.merchant, request.query)),
  );

  app.get(
    AGENT_CALLS.teamChildren.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "A node's direct children for the tree view: the agent's own, or a downline member's (parentId)",
        querystring: TeamChildrenQuerySchema,
        response: { 200: TeamPageResponseSchema },
      },
    },
    async (request) => ok(await downline.teamChildren(callerOf(request), request.merchant, request.query)),
  );

  app.get(
    AGENT_CALLS.teamOverview.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The agent's team over today, yesterday, this month and the last, and its last 14 days",
        response: { 200: TeamOverviewResponseSchema },
      },
    },
    async (request) => ok(await teamOverview.overview(callerOf(request), request.merchant)),
  );

  app.get(
    AGENT_CALLS.teamProfitLoss.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The team's profit and loss over a period: totals, by game type, and member by member",
        querystring: TeamProfitLossQuerySchema,
        response: { 200: TeamProfitLossResponseSchema },
      },
    },
    async (request) => ok(await teamProfitLoss.profitLoss(callerOf(request), request.merchant, request.query)),
  );

  app.get(
    AGENT_CALLS.teamBets.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The team's rounds over a period (one member's by account), newest first, with the period's totals",
        querystring: TeamBetsQuerySchema,
        response: { 200: TeamBetsResponseSchema },
      },
    },
    async (request) => ok(await teamRecords.bets(callerOf(request), request.merchant, request.query)),
  );

  app.get(
    AGENT_CALLS.teamTransactions.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The team's money movements over a period (one member's by account), newest first, totals by type",
        querystring: TeamTransactionsQuerySchema,
        response: { 200: TeamTransactionsResponseSchema },
      },
    },
    async (request) => ok(await teamRecords.transactions(callerOf(request), request.merchant, request.query)),
  );
};
