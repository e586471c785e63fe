import { ERRORS, isErrorCode, type ErrorCode, type ErrorEnvelope } from '@parlay/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { translateError } from '../lib/envelope';
import { pickLanguage } from './request-context';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  value?: unknown,
  params?: Record<string, string | number>,
) {
  const body: ErrorEnvelope = {
    success: false,
    code,
    message: translateError(code, request.language, params),
    ...(value === undefined ? {} : { value }),
  };
  return reply.status(ERRORS[code].status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

const KOREAN_ISSUE_TEXTS = z.locales.ko().localeError;

type Issue = { path: string; message: string };

/**
 * The fields a request failed its schema on, in the request's language. Zod words its issues in English as
 * it validates, when the language is not yet known; for a KO request the failing part is parsed again with
 * Zod's Korean texts. That runs only when validation has failed, and the same schema over the same input
 * finds the same issues, so only their words change.
 */
function validationIssues(
  request: FastifyRequest,
  context: string | undefined,
  validation: FastifySchemaValidationError[],
): Issue[] {
  const english = validation.map((issue) => ({
    path: `${context ?? ''}${issue.instancePath}`,
    message: issue.message ?? '',
  }));
  if (request.language !== 'KO' || !context) return english;
  const parts: Record<string, [unknown, unknown]> = {
    body: [request.routeOptions.schema?.body, request.body],
    querystring: [request.routeOptions.schema?.querystring, request.query],
    params: [request.routeOptions.schema?.params, request.params],
    headers: [request.routeOptions.schema?.headers, request.headers],
  };
  const [schema, input] = parts[context] ?? [];
  if (!(schema instanceof z.ZodType)) return english;
  const result = schema.safeParse(input, { error: KOREAN_ISSUE_TEXTS });
  if (result.success) return english;
  return result.error.issues.map((issue) => ({ path: `${context}/${issue.path.join('/')}`, message: issue.message }));
}

/**
 * Fastify's `frameworkErrors`: failures found before routing, when no hook has run (a path that cannot
 * be decoded, a parameter past the router's length). They leave as the envelope in the caller's language,
 * not as Fastify's own body that echoes the path.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  try {
    request.language = pickLanguage(request);
  } catch {
    // The query could not be read either: the headers decide, or the default language.
  }
  const known = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (!known) request.log.error({ err: error }, 'unhandled framework error');
  // The reply is sent here; what send returns is the reply itself, nothing to wait for.
  void send(request, reply, known ? 'MALFORMED_REQUEST' : 'SYSTEM_ERROR');
}

/**
 * How a service's AppError is logged. A refusal the service chose (a 4xx: NOT_LOGGED_IN, a wrong
 * password; or a 503 such as GAME_MAINTENANCE, a state an operator set) is part of the platform working:
 * a 4xx at debug, a 503 at warn, each by its code and with no stack. SYSTEM_ERROR, and a failure the
 * service wrapped (its `cause`: the SMTP server down behind EMAIL_SEND_FAILED), is logged at error with
 * the stack of what failed.
 */
function logAppError(request: FastifyRequest, error: AppError): void {
  const status = ERRORS[error.code].status;
  if (error.code === 'SYSTEM_ERROR' || (status >= 500 && error.cause !== undefined)) {
    request.log.error({ err: error.cause ?? error, code: error.code }, 'service failure');
    return;
  }
  const cause = error.cause instanceof Error ? { cause: error.cause.message } : {};
  if (status >= 500) request.log.warn({ code: error.code, status, ...cause }, `refused: ${error.code}`);
  else request.log.debug({ code: error.code, status, ...cause }, `refused: ${error.code}`);
}

/** A refusal found before the service ran (the request's shape, its size, its rate): debug, no stack. */
function logRefusal(request: FastifyRequest, code: ErrorCode, details: object = {}): void {
  request.log.debug({ code, status: ERRORS[code].status, ...details }, `refused: ${code}`);
}

/** The one error handler: every failure leaves as the envelope; a 5xx never shows its internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        logAppError(request, error);
        return send(request, reply, error.code, error.value, error.params);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = validationIssues(request, error.validationContext, error.validation);
        logRefusal(request, 'VALIDATION_FAILED', { issues: issues.map((issue) => issue.path) });
        return send(request, reply, 'VALIDATION_FAILED', { issues });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
        return send(request, reply, 'SYSTEM_ERROR');
      }
      const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (mapped) {
        logRefusal(request, mapped, { fastifyCode: error.code });
        return send(request, reply, mapped);
      }
      if (error.statusCode === 429) {
        logRefusal(request, 'TOO_MANY_REQUESTS');
        return send(request, reply, 'TOO_MANY_REQUESTS', {
          retryAfterSeconds: Number(reply.getHeader('retry-after') ?? 60),
        });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const code = isErrorCode(error.code ?? '') ? (error.code as ErrorCode) : 'VALIDATION_FAILED';
        logRefusal(request, code, { fastifyCode: error.code, message: error.message });
        return send(request, reply, code);
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, 'SYSTEM_ERROR');
    });

    app.setNotFoundHandler((request, reply) => send(request, reply, 'NOT_FOUND'));
  },
  { name: 'errors' },
);
