import { Readable } from 'node:stream';
import {
  BACKOFFICE_CALLS,
  DailyReportExportQuerySchema,
  DailyReportPageResponseSchema,
  DailyReportQuerySchema,
  DashboardQuerySchema,
  DashboardResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

const BrandParamsSchema = z.object({ brand: z.string().min(1).max(64).describe("The brand's merchant code.") });

/** A brand's dashboard and daily reports (docs/decisions/0034-settlement-feed.md). */
export const reportsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports } = app;
  const tags = ['reports'];

  app.get(
    BACKOFFICE_CALLS.dashboard.path,
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        summary: "The brand's figures over a period: totals, a series by hour or day, by category and by vendor",
        params: BrandParamsSchema,
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => ok(await reports.getDashboard(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.dailyReport.path,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        summary: 'Daily rows by brand, vendor, category or game, newest day first (keyset paged)',
        params: BrandParamsSchema,
        querystring: DailyReportQuerySchema,
        response: { 200: DailyReportPageResponseSchema },
      },
    },
    async (request) => ok(await reports.listDailyRows(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.dailyReportExport.path,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        summary: 'Every daily row of the period as CSV (amounts in major units), streamed as it is read',
        params: BrandParamsSchema,
        querystring: DailyReportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const brand = brandOf(request);
      const { from, to, level } = request.query;
      // Read page by page as the client takes the reply: a month of a busy brand is never held at once.
      const body = Readable.from(reports.exportDailyRows(brand, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${brand.code}-${level}-${from}-${to}.csv"`)
        .send(body);
    },
  );
};
