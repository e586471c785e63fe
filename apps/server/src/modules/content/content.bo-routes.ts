import {
  AnnouncementListQuerySchema,
  AnnouncementListResponseSchema,
  AnnouncementOrderResponseSchema,
  AnnouncementResponseSchema,
  BACKOFFICE_CALLS,
  BrandParamsSchema,
  BRAND_IMAGE_LIMITS,
  ContentIdParamsSchema,
  ContentRemovedResponseSchema,
  CreateAnnouncementRequestSchema,
  CreateHelpItemRequestSchema,
  HelpItemListQuerySchema,
  HelpItemListResponseSchema,
  HelpItemResponseSchema,
  SetAnnouncementOrderRequestSchema,
  UpdateAnnouncementRequestSchema,
  UpdateHelpItemRequestSchema,
  UploadedImageResponseSchema,
  VersionQuerySchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { acceptImageUploads } from '../merchant/index';
import { brandOf } from '../../plugins/backoffice-brand';

const actorOf = (request: FastifyRequest) => request.operator!.actor;

/** A brand's content in the back office: announcements, the help centre and their images (content.*). */
export const contentBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { content: contentAdmin } = app.admin;
  const tags = ['content'];
  acceptImageUploads(app);

  app.get(
    BACKOFFICE_CALLS.announcements.path,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: "The brand's announcements of every type, newest first (keyset paged), by type, language and state",
        params: BrandParamsSchema,
        querystring: AnnouncementListQuerySchema,
        response: { 200: AnnouncementListResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.listAnnouncements(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.announcement.path,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: 'One announcement',
        params: ContentIdParamsSchema,
        response: { 200: AnnouncementResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.getAnnouncement(brandOf(request), request.params.id)),
  );

  app.post(
    BACKOFFICE_CALLS.createAnnouncement.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'A new announcement (its HTML sanitised)',
        params: BrandParamsSchema,
        body: CreateAnnouncementRequestSchema,
        response: { 200: AnnouncementResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.createAnnouncement(actorOf(request), brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateAnnouncement.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Change an announcement (its HTML sanitised); a stale version changes nothing',
        params: ContentIdParamsSchema,
        body: UpdateAnnouncementRequestSchema,
        response: { 200: AnnouncementResponseSchema },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return ok(
        await contentAdmin.updateAnnouncement(actorOf(request), brandOf(request), request.params.id, input, version),
      );
    },
  );

  app.put(
    BACKOFFICE_CALLS.setAnnouncementOrder.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: "A new order of announcements (a place's banners) as one change; a stale version moves none",
        params: BrandParamsSchema,
        body: SetAnnouncementOrderRequestSchema,
        response: { 200: AnnouncementOrderResponseSchema },
      },
    },
    async (request) =>
      ok({ items: await contentAdmin.setAnnouncementOrder(actorOf(request), brandOf(request), request.body.items) }),
  );

  app.delete(
    BACKOFFICE_CALLS.removeAnnouncement.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Remove an announcement; a stale version removes nothing',
        params: ContentIdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: ContentRemovedResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await contentAdmin.removeAnnouncement(actorOf(request), brandOf(request), id, request.query.version);
      return ok({ id });
    },
  );

  app.get(
    BACKOFFICE_CALLS.helpItems.path,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: "The brand's help-centre items, newest first (keyset paged), by language and category",
        params: BrandParamsSchema,
        querystring: HelpItemListQuerySchema,
        response: { 200: HelpItemListResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.listHelpItems(brandOf(request), request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.helpItem.path,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: 'One help item',
        params: ContentIdParamsSchema,
        response: { 200: HelpItemResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.getHelpItem(brandOf(request), request.params.id)),
  );

  app.post(
    BACKOFFICE_CALLS.createHelpItem.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'A new help item (its HTML sanitised)',
        params: BrandParamsSchema,
        body: CreateHelpItemRequestSchema,
        response: { 200: HelpItemResponseSchema },
      },
    },
    async (request) => ok(await contentAdmin.createHelpItem(actorOf(request), brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updateHelpItem.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Change a help item (its HTML sanitised); a stale version changes nothing',
        params: ContentIdParamsSchema,
        body: UpdateHelpItemRequestSchema,
        response: { 200: HelpItemResponseSchema },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      return ok(
        await contentAdmin.updateHelpItem(actorOf(request), brandOf(request), request.params.id, input, version),
      );
    },
  );

  app.delete(
    BACKOFFICE_CALLS.removeHelpItem.path,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Remove a help item; a stale version removes nothing',
        params: ContentIdParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: ContentRemovedResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await contentAdmin.removeHelpItem(actorOf(request), brandOf(request), id, request.query.version);
      return ok({ id });
    },
  );

  app.post(
    BACKOFFICE_CALLS.uploadContentImage.path,
    {
      config: { permission: 'content.write' },
      bodyLimit: BRAND_IMAGE_LIMITS.maxBytes,
      schema: {
        tags,
        summary: 'Upload an image for a banner or a promotion: the body is the PNG or JPEG itself',
        description: 'Checked by its bytes, decoded and encoded again; stored under a generated name.',
        params: BrandParamsSchema,
        response: { 200: UploadedImageResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID');
      return ok(await contentAdmin.uploadImage(actorOf(request), brandOf(request), request.body));
    },
  );
};
