import { SUPPORT_VISITOR_HEADER, type ApiCall, type ErrorCode } from '@parlay/contract';
import type { z } from 'zod';
import { apiRequest, ApiError, type RequestOptions } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { getStoredLanguage } from '../../../lib/storage';
import { readVisitorToken } from '../lib/visitor-token';

/**
 * A support call: a member's through apiRequest (the session's token); a visitor's with their conversation's token in
 * its header, answered and refused as apiRequest answers (the envelope's value, or an ApiError with the server's
 * translated text). Its own fetch keeps the header out of the start-up client (the lobby's first load).
 */
export async function supportRequest<T>(
  call: ApiCall,
  options: Pick<RequestOptions, 'body'>,
  schema: z.ZodType<T>,
): Promise<T> {
  const visitor = useSessionStore.getState().isSignedIn ? null : readVisitorToken();
  if (!visitor) return apiRequest(call, options, schema);
  const headers: Record<string, string> = {
    accept: 'application/json',
    language: getStoredLanguage(),
    [SUPPORT_VISITOR_HEADER]: visitor,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof Blob) {
    body = options.body;
    headers['content-type'] = 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(call.path, { method: call.method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError('SERVICE_UNAVAILABLE', 'Network link is abnormal, please try again', 0);
  }
  const envelope = (await response.json().catch(() => ({}))) as {
    success?: boolean;
    code?: ErrorCode;
    message?: string;
    value?: unknown;
  };
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(envelope.code ?? 'SYSTEM_ERROR', envelope.message ?? 'System error', response.status);
  }
  return schema.parse(envelope.value);
}
