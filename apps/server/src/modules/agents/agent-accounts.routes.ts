import {
  AGENT_CALLS,
  CreateDownlineAccountRequestSchema,
  CreateInviteLinkRequestSchema,
  DisableInviteLinkRequestSchema,
  DownlineAccountResponseSchema,
  InviteLinkResponseSchema,
  InviteLinksResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { callerOf } from './caller';

/** The agent centre's account page, registerCenter (decision 0064): invitation links and accounts made directly. */
export const agentAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { agentAccounts } = app;
  const tags = ['agents'];

  app.get(
    AGENT_CALLS.inviteLinks.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "The agent's invitation links, newest first, each with its full link and registrations",
        response: { 200: InviteLinksResponseSchema },
      },
    },
    async (request) => ok(await agentAccounts.listLinks(callerOf(request), request.merchant)),
  );

  app.post(
    AGENT_CALLS.createInviteLink.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: 'A new invitation link with its own code: a registrant becomes a direct member of the given type',
        body: CreateInviteLinkRequestSchema,
        response: { 200: InviteLinkResponseSchema },
      },
    },
    async (request) => ok(await agentAccounts.createLink(callerOf(request), request.merchant, request.body)),
  );

  app.post(
    AGENT_CALLS.disableInviteLink.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "Disables one of the agent's links: registrations with its code are refused from then on",
        body: DisableInviteLinkRequestSchema,
        response: { 200: InviteLinkResponseSchema },
      },
    },
    async (request) => ok(await agentAccounts.disableLink(callerOf(request), request.merchant, request.body.id)),
  );

  app.post(
    AGENT_CALLS.createDownlineAccount.path,
    {
      config: { auth: 'agent' },
      schema: {
        tags,
        summary: "A direct member or sub-agent with an account and password by the brand's rules; once per requestId",
        body: CreateDownlineAccountRequestSchema,
        response: { 200: DownlineAccountResponseSchema },
      },
    },
    async (request) =>
      ok(
        await agentAccounts.createAccount(callerOf(request), request.merchant, request.body, {
          ip: request.ip,
          language: request.language,
        }),
      ),
  );
};
