import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  BACKOFFICE_CALLS,
  BrandParamsSchema,
  EmptyResponseSchema,
  EndSessionsResponseSchema,
  EnrolmentResponseSchema,
  InvitationRequestSchema,
  InvitationResponseSchema,
  InviteOperatorRequestSchema,
  IpAllowListResponseSchema,
  OperatorDetailResponseSchema,
  OperatorIdParamsSchema,
  OperatorListQuerySchema,
  OperatorListResponseSchema,
  OperatorSessionResponseSchema,
  RecoveryCodesResponseSchema,
  RecoverySignInRequestSchema,
  RenewRecoveryCodesRequestSchema,
  SetIpAllowListRequestSchema,
  SetOperatorBrandsRequestSchema,
  SetOperatorRolesRequestSchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SignOutEverywhereResponseSchema,
  SuspendOperatorRequestSchema,
  TotpSignInRequestSchema,
  VersionedRequestSchema,
} from '@parlay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './session-cookie';

const client = (request: FastifyRequest) => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
};
const overTls = (request: FastifyRequest) => request.protocol === 'https';
const setSession = (request: FastifyRequest, reply: FastifyReply, token: string) =>
  reply.header('set-cookie', sessionCookie(token, { secure: overTls(request) }));

/** The operator's sign-in and session, invitations, operators and roles, and brands' IP allow-lists. */
export const operatorsBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signIn, operators, ipAllowLists } = app.backoffice;
  const tags = ['session'];

  app.post(
    BACKOFFICE_CALLS.signIn.path,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Sign-in, step 1: login and password',
        body: SignInRequestSchema,
        response: { 200: SignInResponseSchema },
      },
    },
    async (request) => ok(await signIn.signIn(request.body, client(request))),
  );

  app.post(
    BACKOFFICE_CALLS.signInTotp.path,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: "Sign-in, step 2: a code of the operator's authenticator (sets the session cookie)",
        body: TotpSignInRequestSchema,
        response: { 200: OperatorSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, session } = await signIn.signInWithTotp(request.body, client(request));
      setSession(request, reply, token);
      return ok(session);
    },
  );

  app.post(
    BACKOFFICE_CALLS.signInRecovery.path,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Sign-in, step 2: a recovery code, good once (sets the session cookie)',
        body: RecoverySignInRequestSchema,
        response: { 200: OperatorSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, session } = await signIn.signInWithRecoveryCode(request.body, client(request));
      setSession(request, reply, token);
      return ok(session);
    },
  );

  app.post(
    BACKOFFICE_CALLS.enrolTotp.path,
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'First sign-in, step 2: the first code of the authenticator just enrolled; answers the recovery codes',
        body: TotpSignInRequestSchema,
        response: { 200: EnrolmentResponseSchema },
      },
    },
    async (request, reply) => {
      const { token, session } = await signIn.enrolTotp(request.body, client(request));
      setSession(request, reply, token);
      return ok(session);
    },
  );

  app.get(
    BACKOFFICE_CALLS.session.path,
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'The signed-in operator', response: { 200: OperatorSessionResponseSchema } },
    },
    async (request) => ok(await signIn.describeSession(request.operator!)),
  );

  app.delete(
    BACKOFFICE_CALLS.signOut.path,
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Sign out (ends this session)', response: { 200: EmptyResponseSchema } },
    },
    async (request, reply) => {
      const token = readSessionCookie(request.headers.cookie);
      if (token) await signIn.signOut(token);
      reply.header('set-cookie', clearedSessionCookie({ secure: overTls(request) }));
      return ok(null);
    },
  );

  app.delete(
    BACKOFFICE_CALLS.signOutEverywhere.path,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Sign out everywhere (every session of the operator, this one included)',
        response: { 200: SignOutEverywhereResponseSchema },
      },
    },
    async (request, reply) => {
      const ended = await signIn.signOutEverywhere(request.operator!);
      reply.header('set-cookie', clearedSessionCookie({ secure: overTls(request) }));
      return ok({ ended });
    },
  );

  app.post(
    BACKOFFICE_CALLS.renewRecoveryCodes.path,
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'New recovery codes, confirmed by a code of the authenticator (the old ones stop working)',
        body: RenewRecoveryCodesRequestSchema,
        response: { 200: RecoveryCodesResponseSchema },
      },
    },
    async (request) =>
      ok({ recoveryCodes: await signIn.renewRecoveryCodes(request.operator!, request.body.code, client(request)) }),
  );

  app.post(
    BACKOFFICE_CALLS.invitation.path,
    {
      config: { permission: 'public' },
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link is for',
        body: InvitationRequestSchema,
        response: { 200: InvitationResponseSchema },
      },
    },
    async (request) => ok(await operators.describeInvitation(request.body.token)),
  );

  app.post(
    BACKOFFICE_CALLS.acceptInvitation.path,
    {
      config: { permission: 'public' },
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation: choose the password, then sign in',
        body: AcceptInvitationRequestSchema,
        response: { 200: AcceptInvitationResponseSchema },
      },
    },
    async (request) => ok(await operators.acceptInvitation(request.body, client(request))),
  );

  const operatorTags = ['operators'];
  app.get(
    BACKOFFICE_CALLS.operators.path,
    {
      config: { permission: 'operators.read' },
      schema: {
        tags: operatorTags,
        summary: "Operators of the caller's brands",
        querystring: OperatorListQuerySchema,
        response: { 200: OperatorListResponseSchema },
      },
    },
    async (request) => ok(await operators.list(request.operator!.actor, request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.operator.path,
    {
      config: { permission: 'operators.read' },
      schema: {
        tags: operatorTags,
        summary: 'One operator',
        params: OperatorIdParamsSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) => ok(await operators.get(request.operator!.actor, request.params.operatorId)),
  );

  app.post(
    BACKOFFICE_CALLS.inviteOperator.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'Invite an operator: its invitation link goes by e-mail',
        body: InviteOperatorRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) => ok((await operators.invite(request.operator!.actor, request.body, 'email')).operator),
  );

  app.post(
    BACKOFFICE_CALLS.reinviteOperator.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'Send a new invitation link (the earlier one stops working)',
        params: OperatorIdParamsSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok((await operators.reinvite(request.operator!.actor, request.params.operatorId, 'email')).operator),
  );

  app.post(
    BACKOFFICE_CALLS.suspendOperator.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'Suspend an operator: no sign-in, its sessions end',
        params: OperatorIdParamsSchema,
        body: SuspendOperatorRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        await operators.suspend(
          request.operator!.actor,
          request.params.operatorId,
          request.body.reason,
          request.body.version,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.reactivateOperator.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'Let a suspended operator sign in again',
        params: OperatorIdParamsSchema,
        body: VersionedRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok(await operators.reactivate(request.operator!.actor, request.params.operatorId, request.body.version)),
  );

  app.put(
    BACKOFFICE_CALLS.setOperatorRoles.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: "Change an operator's roles (the owner role: owners only)",
        params: OperatorIdParamsSchema,
        body: SetOperatorRolesRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        await operators.setRoles(
          request.operator!.actor,
          request.params.operatorId,
          request.body.roles,
          request.body.version,
        ),
      ),
  );

  app.put(
    BACKOFFICE_CALLS.setOperatorBrands.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'Change the brands an operator may act on',
        params: OperatorIdParamsSchema,
        body: SetOperatorBrandsRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok(
        await operators.setBrands(
          request.operator!.actor,
          request.params.operatorId,
          { allBrands: request.body.allBrands, brands: request.body.brands },
          request.body.version,
        ),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.resetOperatorTotp.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'The operator enrols a new authenticator at its next sign-in; its sessions end',
        params: OperatorIdParamsSchema,
        body: VersionedRequestSchema,
        response: { 200: OperatorDetailResponseSchema },
      },
    },
    async (request) =>
      ok(await operators.resetTotp(request.operator!.actor, request.params.operatorId, request.body.version)),
  );

  app.delete(
    BACKOFFICE_CALLS.endOperatorSessions.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: operatorTags,
        summary: 'End every session of an operator',
        params: OperatorIdParamsSchema,
        response: { 200: EndSessionsResponseSchema },
      },
    },
    async (request) => ok({ ended: await operators.endSessions(request.operator!.actor, request.params.operatorId) }),
  );

  const brandTags = ['ip-allow-list'];
  app.get(
    BACKOFFICE_CALLS.ipAllowList.path,
    {
      config: { permission: 'operators.read' },
      schema: {
        tags: brandTags,
        summary: "The brand's IP allow-list for the back office",
        params: BrandParamsSchema,
        response: { 200: IpAllowListResponseSchema },
      },
    },
    async (request) => ok(await ipAllowLists.get(request.brand!, request.ip)),
  );

  app.put(
    BACKOFFICE_CALLS.setIpAllowList.path,
    {
      config: { permission: 'operators.write' },
      schema: {
        tags: brandTags,
        summary: "Replace the brand's IP allow-list (it must allow the caller's own IP)",
        params: BrandParamsSchema,
        body: SetIpAllowListRequestSchema,
        response: { 200: IpAllowListResponseSchema },
      },
    },
    async (request) => ok(await ipAllowLists.set(request.operator!.actor, request.brand!, request.body)),
  );
};
