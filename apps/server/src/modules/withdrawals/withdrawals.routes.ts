import {
  BankAccountRemovedResponseSchema,
  BankAccountResponseSchema,
  BindBankAccountRequestSchema,
  ConfirmWithdrawalRequestSchema,
  CreateWithdrawalRequestSchema,
  ProofUploadedResponseSchema,
  RemoveBankAccountRequestSchema,
  WITHDRAWAL_CALLS,
  WITHDRAWAL_PROOF_LIMITS,
  WithdrawalListQuerySchema,
  WithdrawalOverviewResponseSchema,
  WithdrawalPageResponseSchema,
  WithdrawalParamsSchema,
  WithdrawalResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { acceptImageUploads } from '../merchant/index';

const TAGS = ['withdrawals'];
// Besides the payment password's own count of wrong tries, a plain cap per client on the calls that take it.
const RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };

/** The member's withdrawals (docs/product/calls.md#withdrawals): a real member's own only. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bankAccounts, requests } = app.withdrawals;
  // The proof upload's body is the image itself (this plugin's parser only).
  acceptImageUploads(app, WITHDRAWAL_PROOF_LIMITS.maxBytes);

  app.get(
    WITHDRAWAL_CALLS.overview.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'The rules, the turnover progress, the banks and the bank accounts of the member',
        response: { 200: WithdrawalOverviewResponseSchema },
      },
    },
    async (request) => ok(await requests.overview(request.merchant, request.member!, request.language)),
  );

  app.post(
    WITHDRAWAL_CALLS.bindBankAccount.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: "Binds a bank account; the holder must be the member's registered real name",
        body: BindBankAccountRequestSchema,
        response: { 200: BankAccountResponseSchema },
      },
    },
    async (request) =>
      ok(await bankAccounts.bind(request.merchant, request.member!, request.body, request.ip, request.language)),
  );

  app.post(
    WITHDRAWAL_CALLS.removeBankAccount.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Removes a bank account with the payment password (not while a withdrawal to it is open)',
        body: RemoveBankAccountRequestSchema,
        response: { 200: BankAccountRemovedResponseSchema },
      },
    },
    async (request) => {
      await bankAccounts.remove(request.merchant, request.member!, request.body);
      return ok(null);
    },
  );

  app.post(
    WITHDRAWAL_CALLS.createWithdrawal.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Asks for a withdrawal: checked against the rules, the amount held until paid or rejected',
        body: CreateWithdrawalRequestSchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request) => ok(await requests.request(request.merchant, request.member!, request.body, request.ip)),
  );

  app.get(
    WITHDRAWAL_CALLS.withdrawals.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's withdrawals, newest first",
        querystring: WithdrawalListQuerySchema,
        response: { 200: WithdrawalPageResponseSchema },
      },
    },
    async (request) => ok(await requests.list(request.merchant, request.member!, request.query)),
  );

  app.put(
    WITHDRAWAL_CALLS.uploadProof.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      bodyLimit: WITHDRAWAL_PROOF_LIMITS.maxBytes,
      schema: {
        tags: TAGS,
        summary: 'Adds a proof image (the body: PNG or JPEG, checked by its bytes, at most 5 MB, 3 a withdrawal)',
        params: WithdrawalParamsSchema,
        response: { 200: ProofUploadedResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('IMAGE_INVALID');
      return ok(
        await requests.uploadProof(request.merchant, request.member!, request.params.withdrawalId, request.body),
      );
    },
  );

  app.post(
    WITHDRAWAL_CALLS.confirmWithdrawal.path,
    {
      config: { auth: 'realMember', rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Confirms a paid withdrawal: received, partly received (the missing amount) or not received',
        params: WithdrawalParamsSchema,
        body: ConfirmWithdrawalRequestSchema,
        response: { 200: WithdrawalResponseSchema },
      },
    },
    async (request) =>
      ok(await requests.confirm(request.merchant, request.member!, request.params.withdrawalId, request.body)),
  );
};
