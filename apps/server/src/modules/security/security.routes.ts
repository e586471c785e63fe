import {
  AuthenticatorCodeRequestSchema,
  AuthenticatorEnrolmentResponseSchema,
  KnownIpsResponseSchema,
  MemberSessionsResponseSchema,
  MemberRecoveryCodesResponseSchema,
  RemoveAuthenticatorResponseSchema,
  RemoveKnownIpRequestSchema,
  RemoveKnownIpResponseSchema,
  SECURITY_CALLS,
  SecurityOverviewResponseSchema,
  SignInHistoryQuerySchema,
  SignInHistoryResponseSchema,
  SignOutSessionRequestSchema,
  SignOutSessionsResponseSchema,
} from '@parlay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { paymentPasswordRoutes } from './payment-password.routes';

const TAGS = ['security'];
// Codes are 6 digits: besides the service's count of wrong codes, a plain cap per client.
const CODE_RATE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

/** The security centre (docs/product/member-centre.md#security-centre): a real member's own account only. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { security, authenticator } = app.accounts;
  await app.register(paymentPasswordRoutes);

  app.get(
    SECURITY_CALLS.overview.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "What protects the account: the new-IP check's methods and the authenticator",
        response: { 200: SecurityOverviewResponseSchema },
      },
    },
    async (request) => ok(await security.overview(request.merchant, request.member!)),
  );

  app.get(
    SECURITY_CALLS.signIns.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "The member's sign-ins, newest first: time, IP, country, device",
        querystring: SignInHistoryQuerySchema,
        response: { 200: SignInHistoryResponseSchema },
      },
    },
    async (request) => ok(await security.signIns(request.member!, request.query)),
  );

  app.get(
    SECURITY_CALLS.sessions.path,
    {
      config: { auth: 'realMember' },
      schema: { tags: TAGS, summary: "The member's live sessions", response: { 200: MemberSessionsResponseSchema } },
    },
    async (request) => ok({ items: await security.liveSessions(request.member!) }),
  );

  app.post(
    SECURITY_CALLS.signOutSession.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: "Ends one of the member's other sessions",
        body: SignOutSessionRequestSchema,
        response: { 200: SignOutSessionsResponseSchema },
      },
    },
    async (request) => ok({ ended: await security.signOutSession(request.member!, request.body.sessionId) }),
  );

  app.post(
    SECURITY_CALLS.signOutOthers.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'Ends every session of the member but this one',
        response: { 200: SignOutSessionsResponseSchema },
      },
    },
    async (request) => ok({ ended: await security.signOutOthers(request.member!) }),
  );

  app.get(
    SECURITY_CALLS.knownIps.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'The IPs the new-IP check trusts, with the device last seen on each',
        response: { 200: KnownIpsResponseSchema },
      },
    },
    async (request) => ok({ items: await security.knownIps(request.member!, request.ip) }),
  );

  app.post(
    SECURITY_CALLS.removeKnownIp.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'Forgets a known IP (never the last): the next sign-in from it asks for the extra verification',
        body: RemoveKnownIpRequestSchema,
        response: { 200: RemoveKnownIpResponseSchema },
      },
    },
    async (request) => {
      await security.removeKnownIp(request.member!, request.body.ip);
      return ok(null);
    },
  );

  app.post(
    SECURITY_CALLS.startAuthenticator.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Starts enrolling an authenticator: its secret and the otpauth:// URI for the QR code',
        response: { 200: AuthenticatorEnrolmentResponseSchema },
      },
    },
    async (request) => ok(await authenticator.start(request.member!, request.merchant.brand.name)),
  );

  app.post(
    SECURITY_CALLS.confirmAuthenticator.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Confirms the enrolment with a code; answers the recovery codes, shown this once',
        body: AuthenticatorCodeRequestSchema,
        response: { 200: MemberRecoveryCodesResponseSchema },
      },
    },
    async (request) => ok(await security.confirmAuthenticator(request.merchant, request.member!, request.body.code)),
  );

  app.post(
    SECURITY_CALLS.removeAuthenticator.path,
    {
      config: { auth: 'realMember', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Removes the authenticator with one of its codes or a recovery code',
        body: AuthenticatorCodeRequestSchema,
        response: { 200: RemoveAuthenticatorResponseSchema },
      },
    },
    async (request) => {
      await security.removeAuthenticator(request.merchant, request.member!, request.body.code);
      return ok(null);
    },
  );
};
