import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuthenticatedMember } from '../modules/session/index';

export type { AuthenticatedMember } from '../modules/session/index';

/** Agent types that see the agent area (docs/product/accounts.md#account-types-and-roles). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
/** The trial, not-real account type (docs/product/accounts.md#account-types-and-roles). */
export const TRIAL_AGENT_TYPE = 4;

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type RouteAuth = 'member' | 'realMember' | 'agent';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a live session of this brand, else NOT_LOGGED_IN (401). */
    requireMember: Guard;
    /** preHandler: a real account — not agent type 4, not a free-play guest — else NEED_TRUE_ACCOUNT (403). */
    requireRealMember: Guard;
    /** preHandler: an agent (types 1, 2, 41, 42), else NEED_TRUE_ACCOUNT (a trial account) or NOT_AGENT (403). */
    requireAgent: Guard;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route, checked on the session as the request arrives, before its body is read,
     * decrypted or validated: 'member' any signed-in member of this brand (NOT_LOGGED_IN, 401);
     * 'realMember' not a trial account or free-play guest (NEED_TRUE_ACCOUNT, 403); 'agent' an agent
     * (a trial account NEED_TRUE_ACCOUNT, any other NOT_AGENT, 403). The route's OpenAPI entry gets the bearer security from it.
     */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in member of this brand, or null. Set from `Authorization: Bearer <token>`. */
    member: AuthenticatedMember | null;
    /** The bearer token as sent, when there is one. */
    sessionToken: string | null;
  }
}

function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function isRealAccount(member: Pick<AuthenticatedMember, 'agentType' | 'isFreePlay'>): boolean {
  return member.agentType !== TRIAL_AGENT_TYPE && !member.isFreePlay;
}

/**
 * Resolves the session of each platform request. A token is bound to the brand that issued it, so a
 * token of brand A is unknown on brand B.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { sessions } = app;
    app.decorateRequest('member', null);
    app.decorateRequest('sessionToken', null);

    const requireMember: Guard = async (request) => {
      if (request.member) return;
      // A session player protection ended says why (its time limit, a time-out, a self-exclusion): decision 0042.
      const reason =
        request.sessionToken && request.merchant
          ? await sessions.findEndReason(request.sessionToken, request.merchant.id)
          : null;
      throw new AppError('NOT_LOGGED_IN', reason ? { reason } : undefined);
    };
    const guards: Record<RouteAuth, Guard> = {
      member: requireMember,
      realMember: async (request, reply) => {
        await requireMember(request, reply);
        if (request.member && !isRealAccount(request.member)) throw new AppError('NEED_TRUE_ACCOUNT');
      },
      // A trial account is told it is not real (the in_need_true_account warning) before it is told it is no agent:
      // docs/product/agent-centre.md#who-may-open-it.
      agent: async (request, reply) => {
        await requireMember(request, reply);
        if (request.member && !isRealAccount(request.member)) throw new AppError('NEED_TRUE_ACCOUNT');
        if (request.member && !AGENT_TYPES.includes(request.member.agentType)) throw new AppError('NOT_AGENT');
      },
    };
    app.decorate('requireMember', guards.member);
    app.decorate('requireRealMember', guards.realMember);
    app.decorate('requireAgent', guards.agent);

    // One declaration a route: its guard below, and its bearer security in the API documentation.
    app.addHook('onRoute', (route) => {
      if (!route.config?.auth) return;
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });

    app.addHook('onRequest', async (request, reply) => {
      const token = readBearer(request);
      request.sessionToken = token;
      // request.merchant is set only for platform paths; other paths never carry a member.
      if (token && request.merchant) request.member = await sessions.authenticate(token, request.merchant.id);
      // Here, not in preHandler: a caller without the right session learns nothing of the body's rules
      // (validation, ENCRYPTION_REQUIRED) and costs no decryption.
      const rule = request.routeOptions.config.auth;
      if (rule) await guards[rule](request, reply);
    });
  },
  { name: 'auth', dependencies: ['services', 'merchant-context'] },
);
