import type { ApiCall, ErrorCode } from '@parlay/contract';
import { getStoredLanguage } from './storage';

/** A failed call: `code` is the contract's error code; branch on it, never on `message` (already translated). */
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

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** A body sent as it is (an image upload), with its type; the server checks its bytes, never this type. */
  rawBody?: { data: Blob; contentType: string };
  signal?: AbortSignal;
}

let lastCallAt = Date.now();

/** When the last call answered: the server's idle timeout counts from there. */
export function getLastCallAt(): number {
  return lastCallAt;
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
 * Makes a back-office call (a method and path of BACKOFFICE_CALLS, parameters filled by callWithParams) and
 * unwraps the envelope. The session is the `parlay_bo` cookie, which the browser sends to /bo/api on its own;
 * the server checks every answer against the contract, so values are not parsed again here (decision 0008).
 */
export async function apiRequest<T>(call: ApiCall, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', language: getStoredLanguage() };
  let body: string | Blob | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  } else if (options.rawBody) {
    body = options.rawBody.data;
    headers['content-type'] = options.rawBody.contentType;
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
    throw new ApiError('SERVICE_UNAVAILABLE', 'Network link is abnormal, please try again', 0);
  }
  let envelope: { success?: boolean; code?: ErrorCode; message?: string; value?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('SYSTEM_ERROR', response.statusText || 'System error', response.status);
  }
  lastCallAt = Date.now();
  if (!response.ok || envelope.success !== true) {
    throw new ApiError(
      envelope.code ?? 'SYSTEM_ERROR',
      envelope.message ?? 'System error',
      response.status,
      envelope.value,
    );
  }
  return envelope.value as T;
}
