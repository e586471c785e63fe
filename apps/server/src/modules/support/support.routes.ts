import {
  OpenSupportRequestSchema,
  OpenSupportResponseSchema,
  SendSupportMessageRequestSchema,
  SUPPORT_CALLS,
  SUPPORT_IMAGE_LIMITS,
  SUPPORT_VISITOR_HEADER,
  SupportImageParamsSchema,
  SupportMessageResponseSchema,
  SupportThreadResponseSchema,
} from '@parlay/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import type { SupportCaller } from './support.service';

/** The body types a picture may be sent as; the server never believes them and checks the bytes. */
const UPLOAD_TYPES = ['application/octet-stream', ...SUPPORT_IMAGE_LIMITS.types];
/** New conversations a visitor may open from one IP (a member has one open at a time and is not counted). */
const VISITOR_OPEN_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

/** The caller: the signed-in member (any session, a free-play guest too), or a visitor by their token header. */
export function callerOf(request: FastifyRequest): SupportCaller {
  const merchantId = request.merchant.id;
  if (request.member) {
    return { kind: 'member', merchantId, memberId: request.member.id, account: request.member.account };
  }
  const token = request.headers[SUPPORT_VISITOR_HEADER];
  return { kind: 'visitor', merchantId, token: typeof token === 'string' && token ? token : null };
}

function tooLarge(): AppError {
  const maxBytes = SUPPORT_IMAGE_LIMITS.maxBytes;
  return new AppError('SUPPORT_IMAGE_TOO_LARGE', { maxBytes }, { params: { maxMb: maxBytes / 1024 / 1024 } });
}

/** A stored picture, never run as a page: its checked type, no sniffing, a sandbox if opened on its own. */
export function sendImage(reply: FastifyReply, image: { contentType: string; bytes: Buffer }) {
  return reply
    .header('content-type', image.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, max-age=3600')
    .send(image.bytes);
}

/**
 * The support chat's calls for members and visitors (docs/product/site-shell-and-routes.md#support-chat). A member is
 * known by the session; a visitor by the signed token the first call answered, in the x-support-visitor header. The
 * send limit is the service's (per conversation, SUPPORT_SEND_LIMIT); a visitor's new conversations are limited by IP.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app;
  const tags = ['support'];
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: SUPPORT_IMAGE_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );
  app.addHook('preParsing', async (request) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!UPLOAD_TYPES.includes(type)) return;
    if (Number(request.headers['content-length'] ?? 0) > SUPPORT_IMAGE_LIMITS.maxBytes) throw tooLarge();
  });

  app.post(
    SUPPORT_CALLS.openSupport.path,
    {
      config: {
        rateLimit: { ...VISITOR_OPEN_LIMIT, allowList: (request: FastifyRequest) => request.member !== null },
      },
      schema: {
        tags,
        summary: "Opens my conversation with support: a member's open one, a visitor's by token, or a new one",
        body: OpenSupportRequestSchema,
        response: { 200: OpenSupportResponseSchema },
      },
    },
    async (request) => ok(await support.open(callerOf(request), request.body)),
  );

  app.get(
    SUPPORT_CALLS.supportHistory.path,
    {
      schema: {
        tags,
        summary: "My conversation and its latest messages (the operators' then read)",
        response: { 200: SupportThreadResponseSchema },
      },
    },
    async (request) => ok(await support.history(callerOf(request))),
  );

  app.post(
    SUPPORT_CALLS.sendSupportMessage.path,
    {
      schema: {
        tags,
        summary: 'Sends a text to support (at most 10 a minute a conversation)',
        body: SendSupportMessageRequestSchema,
        response: { 200: SupportMessageResponseSchema },
      },
    },
    async (request) => ok(await support.send(callerOf(request), request.body.text)),
  );

  app.post(
    SUPPORT_CALLS.sendSupportImage.path,
    {
      bodyLimit: SUPPORT_IMAGE_LIMITS.maxBytes,
      schema: {
        tags,
        summary: 'Sends a picture to support: the body is the PNG, JPEG or WebP itself (checked by its bytes)',
        response: { 200: SupportMessageResponseSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('SUPPORT_IMAGE_INVALID');
      return ok(await support.sendImage(callerOf(request), request.body));
    },
  );

  app.get(
    SUPPORT_CALLS.supportImage.path,
    {
      schema: { tags, summary: 'A picture of my conversation, its bytes', params: SupportImageParamsSchema },
    },
    async (request, reply) => sendImage(reply, await support.getImage(callerOf(request), request.params.imageId)),
  );
};
