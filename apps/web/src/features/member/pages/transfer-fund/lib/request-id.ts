import { ApiError } from '../../../../../lib/api-client';

/** A transfer's idempotency key (the contract's requestId: 8 to 128 of letters, digits and . _ : -). */
export function newRequestId(): string {
  return `web-${crypto.randomUUID()}`;
}

/** The platform refused (4xx): nothing moved, so the next attempt is a new request with a new id. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
