import { createHmac } from 'node:crypto';
import { type HmacSha256 } from '../random';

/** node:crypto's HMAC-SHA256: an independent implementation, and a fast one for long simulations. */
export const nativeHmacSha256: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();
