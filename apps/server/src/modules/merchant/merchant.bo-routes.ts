import {
  BACKOFFICE_CALLS,
  BRAND_IMAGE_LIMITS,
  BrandParamsSchema,
  BrandSettingsResponseSchema,
  SetBrandFlagRequestSchema,
  SetCurrencyRequestSchema,
  SetCustomerServiceRequestSchema,
  SetOperatorRequestSchema,
  SetDomainsRequestSchema,
  SetLanguagesRequestSchema,
  SetMaintenanceRequestSchema,
  SetRegionBlocksRequestSchema,
  SetSiteUrlRequestSchema,
  SetThemeRequestSchema,
  VersionQuerySchema,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { acceptImageUploads } from './media-upload';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's settings in the back office (brand.read, brand.write): each save changes one part, carries the
 * version the page read and answers the settings as they now are.
 */
export const merchantBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.admin.merchants;
  const tags = ['brand'];
  acceptImageUploads(app);
  const settingsOf = (request: FastifyRequest) => admin.getSettings(brandOf(request).code);
  const write = { config: { permission: 'brand.write' as const } };

  app.get(
    BACKOFFICE_CALLS.brandSettings.path,
    {
      config: { permission: 'brand.read' },
      schema: {
        tags,
        summary: "The brand's settings, with the version a save must carry",
        params: BrandParamsSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => ok(await settingsOf(request)),
  );

  app.put(
    BACKOFFICE_CALLS.setBrandFlag.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'Switch one module of the whitelabel tree (a known module missing from it is added at the top)',
        params: BrandParamsSchema,
        body: SetBrandFlagRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { modId, enabled, version } = request.body;
      await admin.setFlag(request.operator!.actor, brandOf(request).code, modId, enabled, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandMaintenance.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'Maintenance off, on now, or scheduled from a start (it stays on until turned off)',
        params: BrandParamsSchema,
        body: SetMaintenanceRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, ...change } = request.body;
      await admin.setMaintenance(request.operator!.actor, brandOf(request).code, change, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandRegions.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'Replace the countries and IP ranges whose visitors see the restricted page',
        params: BrandParamsSchema,
        body: SetRegionBlocksRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, ...rules } = request.body;
      await admin.setRegionRules(request.operator!.actor, brandOf(request).code, rules, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandDomains.path,
    {
      ...write,
      schema: {
        tags,
        summary: "Replace the brand's domains, in order (a domain of another brand is refused)",
        params: BrandParamsSchema,
        body: SetDomainsRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, domains } = request.body;
      await admin.setDomains(request.operator!.actor, brandOf(request).code, domains, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandCustomerService.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'Replace the customer-service links (one per channel)',
        params: BrandParamsSchema,
        body: SetCustomerServiceRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, entries } = request.body;
      await admin.setCustomerService(request.operator!.actor, brandOf(request).code, entries, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandOperator.path,
    {
      ...write,
      schema: {
        tags,
        summary: "Replace the footer's operator and licence lines",
        params: BrandParamsSchema,
        body: SetOperatorRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, operator } = request.body;
      await admin.setOperator(request.operator!.actor, brandOf(request).code, operator, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandLanguages.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'The languages the brand offers and its default',
        params: BrandParamsSchema,
        body: SetLanguagesRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, ...languages } = request.body;
      await admin.setLanguages(request.operator!.actor, brandOf(request).code, languages, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandCurrency.path,
    {
      ...write,
      schema: {
        tags,
        summary:
          'The currency, its symbol and minor-unit exponent (currency and exponent refused while members hold a balance)',
        params: BrandParamsSchema,
        body: SetCurrencyRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, ...currency } = request.body;
      await admin.setCurrency(request.operator!.actor, brandOf(request).code, currency, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandTheme.path,
    {
      ...write,
      schema: {
        tags,
        summary: "The brand's colours: live chat header, main and second colour of the site",
        params: BrandParamsSchema,
        body: SetThemeRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, ...theme } = request.body;
      await admin.setTheme(request.operator!.actor, brandOf(request).code, theme, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.setBrandSiteUrl.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'The origin of the player site, which every link the platform sends is built on',
        params: BrandParamsSchema,
        body: SetSiteUrlRequestSchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      const { version, siteUrl } = request.body;
      await admin.setSiteUrl(request.operator!.actor, brandOf(request).code, siteUrl, { version });
      return ok(await settingsOf(request));
    },
  );

  app.put(
    BACKOFFICE_CALLS.uploadBrandLogo.path,
    {
      ...write,
      bodyLimit: BRAND_IMAGE_LIMITS.maxBytes,
      schema: {
        tags,
        summary: 'A new logo: the body is the PNG or JPEG itself (checked by its bytes, decoded, encoded again)',
        params: BrandParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID');
      await admin.setLogo(request.operator!.actor, brandOf(request).code, request.body, {
        version: request.query.version,
      });
      return ok(await settingsOf(request));
    },
  );

  app.delete(
    BACKOFFICE_CALLS.removeBrandLogo.path,
    {
      ...write,
      schema: {
        tags,
        summary: 'Remove the logo (the site shows the brand name alone)',
        params: BrandParamsSchema,
        querystring: VersionQuerySchema,
        response: { 200: BrandSettingsResponseSchema },
      },
    },
    async (request) => {
      await admin.removeLogo(request.operator!.actor, brandOf(request).code, { version: request.query.version });
      return ok(await settingsOf(request));
    },
  );
};
