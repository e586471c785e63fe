import {
  ConvertPointsRequestSchema,
  ConvertResultResponseSchema,
  POINT_MALL_CALLS,
  PointProductsResponseSchema,
  PointRecordPageResponseSchema,
  PointRecordsQuerySchema,
  RedeemPointProductRequestSchema,
  RedeemResultResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';

const TAGS = ['point-mall'];
// Besides the payment password's own count of wrong tries, a plain cap per client on the calls that take it.
const RATE_LIMIT = { max: 60, timeWindow: 10 * 60_000 };

/** The member's points mall (docs/product/calls.md#points): a real member's own only. */
export const pointMallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mall } = app.pointMall;

  app.get(
    POINT_MALL_CALLS.products.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'The products on offer, with what the member may still redeem of each',
        response: { 200: PointProductsResponseSchema },
      },
    },
    async (request) => ok(await mall.products(request.merchant, request.member!, request.language)),
  );

  app.post(
    POINT_MALL_CALLS.redeem.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Redeems a product with the payment password: points, stock and any money part in one transaction',
        body: RedeemPointProductRequestSchema,
        response: { 200: RedeemResultResponseSchema },
      },
    },
    async (request) => ok(await mall.redeem(request.merchant, request.member!, request.body, request.language)),
  );

  app.get(
    POINT_MALL_CALLS.records.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's exchange records or redeem history, newest first (keyset)",
        querystring: PointRecordsQuerySchema,
        response: { 200: PointRecordPageResponseSchema },
      },
    },
    async (request) => ok(await mall.records(request.member!, request.query, request.language)),
  );

  app.post(
    POINT_MALL_CALLS.convert.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: "Converts points to money at the brand's rate, with the payment password",
        body: ConvertPointsRequestSchema,
        response: { 200: ConvertResultResponseSchema },
      },
    },
    async (request) => ok(await mall.convert(request.merchant, request.member!, request.body)),
  );
};
