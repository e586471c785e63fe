import {
  BACKOFFICE_CALLS,
  BoDepositPageResponseSchema,
  BoDepositParamsSchema,
  BoDepositResponseSchema,
  BoDepositsQuerySchema,
  BoPaymentMethodParamsSchema,
  BoPaymentMethodResponseSchema,
  BoPaymentSettingsResponseSchema,
  BrandParamsSchema,
  RejectDepositRequestSchema,
  SavePaymentMethodRequestSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { brandOf } from '../../plugins/backoffice-brand';

/**
 * A brand's deposits in the back office (decision 0039): every order by state, finance's confirmation or rejection of
 * manual bank transfers, and the brand's payment methods. Every change is audited by its service.
 */
export const cashierBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deposits, methods } = app.cashier;
  const tags = ['deposits'];

  app.get(
    BACKOFFICE_CALLS.depositQueue.path,
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        summary: "The brand's deposit orders, newest first, by state and kind of method (keyset paged)",
        params: BrandParamsSchema,
        querystring: BoDepositsQuerySchema,
        response: { 200: BoDepositPageResponseSchema },
      },
    },
    async (request) => ok(await deposits.listBrandOrders(brandOf(request).id, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.confirmDeposit.path,
    {
      config: { permission: 'deposits.write' },
      schema: {
        tags,
        summary: 'Credits a manual bank transfer finance found (pending or expired)',
        params: BoDepositParamsSchema,
        response: { 200: BoDepositResponseSchema },
      },
    },
    async (request) =>
      ok(await deposits.confirmManual(brandOf(request).id, request.params.orderId, request.operator!.actor)),
  );

  app.post(
    BACKOFFICE_CALLS.rejectDeposit.path,
    {
      config: { permission: 'deposits.write' },
      schema: {
        tags,
        summary: 'Rejects a manual bank transfer that did not arrive; the member is told the reason',
        params: BoDepositParamsSchema,
        body: RejectDepositRequestSchema,
        response: { 200: BoDepositResponseSchema },
      },
    },
    async (request) =>
      ok(
        await deposits.rejectManual(
          brandOf(request).id,
          request.params.orderId,
          request.body.reason,
          request.operator!.actor,
        ),
      ),
  );

  app.get(
    BACKOFFICE_CALLS.paymentSettings.path,
    {
      config: { permission: 'deposits.read' },
      schema: {
        tags,
        summary: "The brand's payment methods and the configured providers (never their secrets)",
        params: BrandParamsSchema,
        response: { 200: BoPaymentSettingsResponseSchema },
      },
    },
    async (request) => ok(await methods.getSettings(brandOf(request))),
  );

  app.post(
    BACKOFFICE_CALLS.createPaymentMethod.path,
    {
      config: { permission: 'deposits.write' },
      schema: {
        tags,
        summary: 'Adds a payment method to the brand',
        params: BrandParamsSchema,
        body: SavePaymentMethodRequestSchema,
        response: { 200: BoPaymentMethodResponseSchema },
      },
    },
    async (request) => ok(await methods.create(request.operator!.actor, brandOf(request), request.body)),
  );

  app.put(
    BACKOFFICE_CALLS.updatePaymentMethod.path,
    {
      config: { permission: 'deposits.write' },
      schema: {
        tags,
        summary: 'Saves a payment method with the version it was opened at',
        params: BoPaymentMethodParamsSchema,
        body: SavePaymentMethodRequestSchema,
        response: { 200: BoPaymentMethodResponseSchema },
      },
    },
    async (request) =>
      ok(await methods.update(request.operator!.actor, brandOf(request), request.params.methodId, request.body)),
  );
};
