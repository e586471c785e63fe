import {
  AGENT_CALLS,
  CONTRACT_KINDS,
  ConsolidatedContractsResponseSchema,
  ContractActionRequestSchema,
  ContractActionResponseSchema,
  KindContractsResponseSchema,
  type ContractKind,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { callerOf } from './caller';

const KindQuerySchema = z.object({ kind: z.enum(CONTRACT_KINDS) }).strict();

/**
 * The agent centre's contract calls (decision 0066), token rule "agent": the consolidated info, one kind's contracts,
 * an action on any kind, and the specification's four calls, each one kind's read (GET) or action (POST).
 */
export const agentContractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const contracts = app.agentContracts;
  const tags = ['agents'];

  app.get(
    AGENT_CALLS.contracts.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The consolidated contract info: each kind's waiting request, the caller's contracts up and down",
        response: { 200: ConsolidatedContractsResponseSchema },
      },
    },
    async (request) => ok(await contracts.consolidated(callerOf(request))),
  );

  app.get(
    AGENT_CALLS.kindContracts.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "One kind's contracts of the caller (open and ended)",
        querystring: KindQuerySchema,
        response: { 200: KindContractsResponseSchema },
      },
    },
    async (request) => ok(await contracts.ofKind(callerOf(request), request.query.kind)),
  );

  app.post(
    AGENT_CALLS.processContract.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'An action on a contract: offer, accept, reject, cancel, request, confirm or withdraw a termination',
        body: ContractActionRequestSchema,
        response: { 200: ContractActionResponseSchema },
      },
    },
    async (request) => ok(await contracts.process(callerOf(request), request.body)),
  );

  const reads: [{ path: string }, ContractKind][] = [
    [AGENT_CALLS.dividendContracts, 'dividend'],
    [AGENT_CALLS.dailySalaryContracts, 'daily_salary'],
  ];
  for (const [call, kind] of reads) {
    app.get(
      call.path,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: `The caller's ${kind} contracts (open and ended)`,
          response: { 200: KindContractsResponseSchema },
        },
      },
      async (request) => ok(await contracts.ofKind(callerOf(request), kind)),
    );
  }

  const actions: [{ path: string }, ContractKind][] = [
    [AGENT_CALLS.processHourlySalaryContract, 'hourly_salary'],
    [AGENT_CALLS.processRealtimeSalaryContract, 'realtime_salary'],
  ];
  for (const [call, kind] of actions) {
    app.post(
      call.path,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: `An action on a ${kind} contract`,
          body: ContractActionRequestSchema,
          response: { 200: ContractActionResponseSchema },
        },
      },
      async (request) => ok(await contracts.process(callerOf(request), request.body, kind)),
    );
  }
};
