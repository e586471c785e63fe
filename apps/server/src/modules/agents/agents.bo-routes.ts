import {
  BACKOFFICE_CALLS,
  BoContractListQuerySchema,
  BoContractPageResponseSchema,
  BoContractResponseSchema,
  BoSetBrandContractRequestSchema,
  BoMoveMemberRequestSchema,
  BoTreeMemberParamsSchema,
  BoTreeNodeResponseSchema,
  BoTreePageResponseSchema,
  BoTreeQuerySchema,
  BrandParamsSchema,
  PageRequestSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's downline tree in the back office (decision 0059): its members with their upline and level and a node's
 * children (brand.read); a member moved under another upline with its whole downline (brand.write, audited).
 */
export const agentsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { downline } = app;
  const tags = ['agents'];

  app.get(
    BACKOFFICE_CALLS.agentTree.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's members and agents by account (keyset) with their upline, level and downline counts",
        params: BrandParamsSchema,
        querystring: BoTreeQuerySchema,
        response: { 200: BoTreePageResponseSchema },
      },
    },
    async (request) => ok(await downline.boTree(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.agentTreeChildren.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "A member's direct children, by account (keyset)",
        params: BoTreeMemberParamsSchema,
        querystring: PageRequestSchema,
        response: { 200: BoTreePageResponseSchema },
      },
    },
    async (request) => ok(await downline.boChildren(brandOf(request), request.params.memberId, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.moveAgentTreeMember.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: 'Moves a member and its whole downline under another agent of the brand, or to the top (audited)',
        params: BoTreeMemberParamsSchema,
        body: BoMoveMemberRequestSchema,
        response: { 200: BoTreeNodeResponseSchema },
      },
    },
    async (request) =>
      ok(await downline.move(request.operator!.actor, brandOf(request), request.params.memberId, request.body)),
  );

  app.get(
    BACKOFFICE_CALLS.agentContracts.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's agent contracts, newest first (keyset), open or ended",
        params: BrandParamsSchema,
        querystring: BoContractListQuerySchema,
        response: { 200: BoContractPageResponseSchema },
      },
    },
    async (request) => ok(await app.agentContracts.boList(brandOf(request).id, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.setBrandAgentContract.path,
    {
      config: { permission: 'brand.write' },
      schema: {
        tags,
        summary: "Sets the brand's contract with a top agent: active at once, replacing its brand contract (audited)",
        params: BrandParamsSchema,
        body: BoSetBrandContractRequestSchema,
        response: { 200: BoContractResponseSchema },
      },
    },
    async (request) =>
      ok(await app.agentContracts.boSetBrandContract(brandOf(request).id, request.body, request.operator!.actor)),
  );
};
