import {
  BACKOFFICE_CALLS,
  BoPointExchangePageResponseSchema,
  BoPointExchangeParamsSchema,
  BoPointExchangeResponseSchema,
  BoPointExchangesQuerySchema,
  BoPointProductPageResponseSchema,
  BoPointProductParamsSchema,
  BoPointProductResponseSchema,
  BoPointProductsQuerySchema,
  BrandParamsSchema,
  CreatePointProductRequestSchema,
  POINT_PRODUCT_IMAGE_LIMITS,
  ProcessPointExchangeRequestSchema,
  RejectPointExchangeRequestSchema,
  UpdatePointProductRequestSchema,
  UploadedImageResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';
import { acceptImageUploads } from '../merchant/index';

/**
 * A brand's points mall in the back office (decision 0045): products with stock and pictures (pointMall.products),
 * exchange orders to approve, complete or reject (pointMall.exchanges). Every change is audited by its service.
 */
export const pointMallBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.pointMall;
  const tags = ['point-mall'];
  // The picture upload's body is the image itself (this plugin's parser only).
  acceptImageUploads(app, POINT_PRODUCT_IMAGE_LIMITS.maxBytes);

  app.get(
    BACKOFFICE_CALLS.pointProducts.path,
    {
      config: { permission: 'pointMall.read' },
      schema: {
        tags,
        summary: "The brand's products in their order, with stock and what was redeemed (keyset paged)",
        params: BrandParamsSchema,
        querystring: BoPointProductsQuerySchema,
        response: { 200: BoPointProductPageResponseSchema },
      },
    },
    async (request) => ok(await admin.listProducts(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.createPointProduct.path,
    {
      config: { permission: 'pointMall.products' },
      schema: {
        tags,
        summary: 'Adds a product',
        params: BrandParamsSchema,
        body: CreatePointProductRequestSchema,
        response: { 200: BoPointProductResponseSchema },
      },
    },
    async (request) => ok(await admin.createProduct(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updatePointProduct.path,
    {
      config: { permission: 'pointMall.products' },
      schema: {
        tags,
        summary: 'Saves a product with the version the editor opened',
        params: BoPointProductParamsSchema,
        body: UpdatePointProductRequestSchema,
        response: { 200: BoPointProductResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.updateProduct(request.operator!.actor, brandOf(request), request.params.productId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.uploadPointProductImage.path,
    {
      config: { permission: 'pointMall.products' },
      bodyLimit: POINT_PRODUCT_IMAGE_LIMITS.maxBytes,
      schema: {
        tags,
        summary: "Uploads a product's picture: the body is the PNG or JPEG itself",
        description: 'Checked by its bytes, decoded and encoded again; stored under a generated name.',
        params: BrandParamsSchema,
        response: { 200: UploadedImageResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID');
      return ok(await admin.uploadImage(request.operator!.actor, brandOf(request), request.body));
    },
  );

  app.get(
    BACKOFFICE_CALLS.pointExchanges.path,
    {
      config: { permission: 'pointMall.read' },
      schema: {
        tags,
        summary: "A queue of the brand's exchange orders: open oldest first, done newest first (keyset paged)",
        params: BrandParamsSchema,
        querystring: BoPointExchangesQuerySchema,
        response: { 200: BoPointExchangePageResponseSchema },
      },
    },
    async (request) => ok(await admin.listExchanges(brandOf(request), request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.approvePointExchange.path,
    {
      config: { permission: 'pointMall.exchanges' },
      schema: {
        tags,
        summary: 'Approves an applying exchange (passed)',
        params: BoPointExchangeParamsSchema,
        body: ProcessPointExchangeRequestSchema,
        response: { 200: BoPointExchangeResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.approve(request.operator!.actor, brandOf(request), request.params.exchangeId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.completePointExchange.path,
    {
      config: { permission: 'pointMall.exchanges' },
      schema: {
        tags,
        summary: 'Completes an approved exchange (delivered)',
        params: BoPointExchangeParamsSchema,
        body: ProcessPointExchangeRequestSchema,
        response: { 200: BoPointExchangeResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.complete(request.operator!.actor, brandOf(request), request.params.exchangeId, request.body)),
  );

  app.post(
    BACKOFFICE_CALLS.rejectPointExchange.path,
    {
      config: { permission: 'pointMall.exchanges' },
      schema: {
        tags,
        summary: 'Rejects an exchange with a reason: its points and money go back to the member, the units to stock',
        params: BoPointExchangeParamsSchema,
        body: RejectPointExchangeRequestSchema,
        response: { 200: BoPointExchangeResponseSchema },
      },
    },
    async (request) =>
      ok(await admin.reject(request.operator!.actor, brandOf(request), request.params.exchangeId, request.body)),
  );
};
