import type { ApiCall, ErrorCode } from '@parlay/contract';
import { DEVICE_HEADER } from '@parlay/contract/constants';
import type { z } from 'zod';
import { deviceId } from './device-id';
import { getStoredLanguage } from './storage';

/** A failed call: `code` is the contract error code; branch on it, never on `message`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  /**
   * A JSON body, a URLSearchParams (sent form-urlencoded), a FormData (sent multipart), a compact JWE string or a
   * file (Blob, sent raw).
   */
  body?: unknown;
  /** Content type of a string body, e.g. 'application/jose' for an encrypted call. */
  contentType?: string;
  signal?: AbortSignal;
  /**
   * Sends this browser's device id (X-Parlay-Device, lib/device-id.ts) for the abuse check: the sign-in and
   * registration calls only, not every call (decision 0057).
   */
  device?: boolean;
}

let tokenProvider: () => string | null = () => null;
let unauthorisedHandler: ((value: unknown) => void) | null = null;

/** The session store registers how to read the token and what to do when the server refuses it. */
export function configureApiClient(options: {
  getToken: () => string | null;
  /** A call with the token was refused NOT_LOGGED_IN; `value` is the refusal's (a protection reason, decision 0042). */
  onUnauthorised: (value: unknown) => void;
}) {
  tokenProvider = options.getToken;
  unauthorisedHandler = options.onUnauthorised;
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Makes `call` (a method and path of the contract's tables; a path with parameters filled by
 * callWithParams) and unwraps the `{ success, code, message, value }` envelope. With a schema the value is
 * checked against the contract, so drift shows as an error, not a broken page.
 */
export async function apiRequest<T>(call: ApiCall, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', language: getStoredLanguage() };
  const token = tokenProvider();
  if (token) headers['authorization'] = `Bearer ${token}`;
  const device = options.device ? deviceId() : null;
  if (device) headers[DEVICE_HEADER] = device;
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    body = options.body;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (typeof options.body === 'string') {
    body = options.body;
    headers['content-type'] = options.contentType ?? 'text/plain';
  } else if (options.body instanceof FormData) {
    // A multipart form (fields and files): the browser writes its content type with the boundary.
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file upload sent as it is (the server checks its bytes, never a declared type).
    body = options.body;
    headers['content-type'] = 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(call.path, options.query), {
      method: call.method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // No answer at all: the catalogue's code for a platform out of reach, whose English words these are;
    // status 0 tells it from a 503 the server sent.
    throw new ApiError('SERVICE_UNAVAILABLE', 'Network link is abnormal, please try again', 0);
  }
  // The server answers only codes of the contract's catalogue (apps/server/src/plugins/errors.ts). They are
  // not checked again here: isErrorCode would bring the whole catalogue, texts and all, into the start-up
  // chunk this client is part of.
  let envelope: { success?: boolean; code?: ErrorCode; message?: string; value?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('SYSTEM_ERROR', response.statusText || 'System error', response.status);
  }
  if (!response.ok || envelope.success !== true) {
    if (response.status === 401 && token) unauthorisedHandler?.(envelope.value);
    throw new ApiError(
      envelope.code ?? 'SYSTEM_ERROR',
      envelope.message ?? 'System error',
      response.status,
      envelope.value,
    );
  }
  return schema ? schema.parse(envelope.value) : (envelope.value as T);
}
