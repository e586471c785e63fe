import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AgentCaller } from './agents.service';

/**
 * The session's agent and brand (the routes' token rule "agent" has checked the type): an agent acts on its own
 * downline and contracts, whatever the request names.
 */
export function callerOf(request: FastifyRequest): AgentCaller {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return { memberId: request.member.id, merchantId: request.member.merchantId };
}
