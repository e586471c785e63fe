import { PublicKeySchema, type ApiCall, type PublicKey } from '@parlay/contract';
import { SYSTEM_CALLS } from '@parlay/contract/constants';
import { CompactEncrypt, importJWK } from 'jose';
import { ApiError, apiRequest, type RequestOptions } from '../../../lib/api-client';

// Keys rotate but the old one still decrypts for a while: a few minutes of caching is safe.
const KEY_CACHE_MS = 5 * 60_000;
let cached: { key: Promise<PublicKey>; at: number } | null = null;

/** GET /wps/system/publicKey: the JWK the encrypted calls are sealed with. */
export function getPublicKey(): Promise<PublicKey> {
  if (!cached || Date.now() - cached.at > KEY_CACHE_MS) {
    const key = apiRequest(SYSTEM_CALLS.publicKey, {}, PublicKeySchema);
    cached = { key, at: Date.now() };
    key.catch(() => {
      cached = null;
    });
  }
  return cached.key;
}

/** Forgets the key, so the next call fetches the current one (after ENCRYPTED_BODY_INVALID). */
export function forgetPublicKey(): void {
  cached = null;
}

/** Seals a text as a compact JWE (RSA-OAEP-256 + A256GCM, kid in the protected header). */
export async function encryptText(text: string): Promise<string> {
  const publicKey = await getPublicKey();
  const key = await importJWK({ ...publicKey.key, alg: publicKey.alg }, publicKey.alg);
  return new CompactEncrypt(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: publicKey.alg, enc: publicKey.enc, kid: publicKey.key.kid, cty: 'application/json' })
    .encrypt(key);
}

/**
 * Sends an encrypted call (docs/product/calls.md#encrypted-calls): the JSON body travels as a compact JWE. A stale
 * key is refused by the server; the call is retried once with the current key. `device`: a sign-in or registration,
 * which carries the device id.
 */
export async function encryptedRequest<T>(
  call: ApiCall,
  body: unknown,
  parse: (value: unknown) => T,
  options: Pick<RequestOptions, 'device'> = {},
): Promise<T> {
  const send = async () =>
    apiRequest(call, { ...options, body: await encryptText(JSON.stringify(body)), contentType: 'application/jose' });
  try {
    return parse(await send());
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'ENCRYPTED_BODY_INVALID')) throw error;
    forgetPublicKey();
    return parse(await send());
  }
}
