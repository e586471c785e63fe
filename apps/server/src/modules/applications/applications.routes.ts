import {
  APPLICATION_CALLS,
  APPLICATION_LIMITS,
  ApplicationImageParamsSchema,
  ApplicationOffersResponseSchema,
  MemberApplicationResponseSchema,
  MemberApplicationsResponseSchema,
} from '@parlay/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { isRealAccount } from '../../plugins/auth';
import type { ApplicationForm } from './applications.service';

const TAGS = ['applications'];
/** The most a form may weigh: its images at their limit and the two fields; a declared length over it is refused. */
export const APPLICATION_BODY_LIMIT = APPLICATION_LIMITS.maxImages * APPLICATION_LIMITS.maxBytes + 64 * 1024;

/** The session's member: a member applies and reads only its own applications, whatever the request names. */
function memberIdOf(request: FastifyRequest): number {
  if (!request.member) throw new AppError('NOT_LOGGED_IN');
  return request.member.id;
}

/**
 * @fastify/multipart's refusals as the contract's: one image too many, or one over its size, gets its own code; any
 * other malformed form is APPLICATION_FORM_INVALID.
 */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const { maxImages: max, maxBytes } = APPLICATION_LIMITS;
  if (code === 'FST_FILES_LIMIT') return new AppError('APPLICATION_TOO_MANY_IMAGES', { max }, { params: { max } });
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('IMAGE_TOO_LARGE', { maxBytes }, { params: { maxKb: Math.floor(maxBytes / 1024) } });
  }
  return new AppError('APPLICATION_FORM_INVALID');
}

/** The form's fields and image files; a field named twice, an unknown one, or a file where a field belongs is refused. */
async function readForm(request: FastifyRequest): Promise<ApplicationForm> {
  if (!request.isMultipart()) throw new AppError('APPLICATION_FORM_INVALID');
  const fields = new Map<string, string>();
  const images: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'images') {
        images.push(await part.toBuffer());
      } else if (
        part.type === 'field' &&
        (part.fieldname === 'promotionCode' || part.fieldname === 'comment') &&
        typeof part.value === 'string' &&
        !fields.has(part.fieldname)
      ) {
        fields.set(part.fieldname, part.value);
      } else {
        throw new AppError('APPLICATION_FORM_INVALID');
      }
    }
  } catch (error) {
    throw formError(error);
  }
  const promotionCode = fields.get('promotionCode');
  if (!promotionCode || promotionCode.length > 40) throw new AppError('APPLICATION_PROMOTION_NOT_FOUND');
  return { promotionCode, comment: fields.get('comment') ?? '', images };
}

/**
 * Application promotions (docs/product/calls.md#application-promotions, decision 0052): the brand's offers with the
 * member's state (no token needed), the member's applications, applying with a multipart form (read by
 * @fastify/multipart under its limits, then checked whole; a declared length over them refused before a byte is read),
 * and the member's own images.
 */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { applications } = app;
  // Only this plugin reads multipart forms (@fastify/multipart, registered inside it). A 4th image is one file over
  // the limit, and a 5 MB + 1 byte image one byte over its size: each is refused by its own code (formError).
  await app.register(multipart, {
    limits: {
      files: APPLICATION_LIMITS.maxImages,
      fileSize: APPLICATION_LIMITS.maxBytes,
      fields: 2,
      // One part more than the fields and images allowed, so that a 4th image meets the files limit first.
      parts: APPLICATION_LIMITS.maxImages + 3,
      fieldSize: 4 * 1024,
    },
  });
  app.addHook('preParsing', async (request) => {
    if (!request.isMultipart()) return;
    if (Number(request.headers['content-length'] ?? 0) > APPLICATION_BODY_LIMIT)
      throw new AppError('PAYLOAD_TOO_LARGE');
  });

  app.get(
    APPLICATION_CALLS.offers.path,
    {
      schema: {
        tags: TAGS,
        summary: "The brand's application promotions, with my state when signed in",
        response: { 200: ApplicationOffersResponseSchema },
      },
    },
    async (request) => {
      // A trial account or guest sees the offers as a visitor does: it cannot apply.
      const member = request.member && isRealAccount(request.member) ? request.member.id : null;
      return ok(await applications.offers(request.merchant, member, request.language));
    },
  );

  app.get(
    APPLICATION_CALLS.list.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary: 'My applications, newest first, with their status and the reason of a rejection',
        response: { 200: MemberApplicationsResponseSchema },
      },
    },
    async (request) => ok(await applications.list(request.merchant, memberIdOf(request), request.language)),
  );

  app.post(
    APPLICATION_CALLS.apply.path,
    {
      config: { auth: 'realMember' },
      schema: {
        tags: TAGS,
        summary:
          'Apply: multipart/form-data of promotionCode, comment (at most 140 characters) and up to 3 images (PNG or JPEG, 5 MB each, checked by their bytes)',
        response: { 200: MemberApplicationResponseSchema },
      },
    },
    async (request) =>
      ok(await applications.apply(request.merchant, memberIdOf(request), await readForm(request), request.language)),
  );

  app.get(
    APPLICATION_CALLS.image.path,
    {
      config: { auth: 'realMember' },
      schema: { tags: TAGS, summary: 'An image of my application', params: ApplicationImageParamsSchema },
    },
    async (request, reply) => {
      const image = await applications.memberImage(
        request.merchant.id,
        memberIdOf(request),
        request.params.applicationId,
        request.params.imageId,
      );
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('cache-control', 'private, no-store')
        .send(image.bytes);
    },
  );
};
