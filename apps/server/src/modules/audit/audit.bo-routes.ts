import { AuditPageResponseSchema, AuditQuerySchema, BACKOFFICE_CALLS } from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

/** The audit trail's search. */
export const auditBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app;

  app.get(
    BACKOFFICE_CALLS.audit.path,
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: "Changes made through the back office and the CLI, newest first, on the caller's brands",
        querystring: AuditQuerySchema,
        response: { 200: AuditPageResponseSchema },
      },
    },
    async (request) => {
      const { allBrands, merchantIds } = request.operator!;
      return ok(await audit.search({ allBrands, merchantIds }, request.query));
    },
  );
};
