import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { SessionService, type AuthenticatedMember } from '../modules/auth/session.service';

export type { AuthenticatedMember } from '../modules/auth/session.service';

/** Agent types that see the agent area (spec 01 §6). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
/** The trial, not-real account type (spec 01 §6). */
export const TRIAL_AGENT_TYPE = 4;

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** preHandler: a live session of this brand, else NOT_LOGGED_IN (401). */
    requireMember: Guard;
    /** preHandler: a real account — not agent type 4, not a free-play guest — else NEED_TRUE_ACCOUNT (403). */
    requireRealMember: Guard;
    /** preHandler: an agent (types 1, 2, 41, 42), else NOT_AGENT (403). */
    requireAgent: Guard;
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
    const sessions = new SessionService(app.db);
    app.decorate('sessions', sessions);
    app.decorateRequest('member', null);
    app.decorateRequest('sessionToken', null);

    app.addHook('onRequest', async (request) => {
      const token = readBearer(request);
      request.sessionToken = token;
      // request.merchant is set only for platform paths; other paths never carry a member.
      if (!token || !request.merchant) return;
      request.member = await sessions.authenticate(token, request.merchant.id);
    });

    const requireMember: Guard = async (request) => {
      if (!request.member) throw new AppError('NOT_LOGGED_IN');
    };
    app.decorate('requireMember', requireMember);
    app.decorate('requireRealMember', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireMember(request, reply);
      if (request.member && !isRealAccount(request.member)) throw new AppError('NEED_TRUE_ACCOUNT');
    });
    app.decorate('requireAgent', async (request: FastifyRequest, reply: FastifyReply) => {
      await requireMember(request, reply);
      if (request.member && !AGENT_TYPES.includes(request.member.agentType)) throw new AppError('NOT_AGENT');
    });
  },
  { name: 'auth', dependencies: ['db', 'merchant-context'] },
);
