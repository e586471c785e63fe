import { BACKOFFICE_PATH_PREFIX, BACKOFFICE_SESSION_COOKIE, OPERATOR_SESSION_ABSOLUTE_SECONDS } from '@parlay/contract';

// One cookie, set and read by hand: @fastify/cookie was dropped for the engines it pulls in (cookie 2 is
// Node 22 only), and a token of base64url characters needs no encoding (decision 0032).
const COOKIE_PATH = BACKOFFICE_PATH_PREFIX.replace(/\/$/, '');
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The operator's session token from a Cookie header, or null. */
export function readSessionCookie(header: string | string[] | undefined): string | null {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== BACKOFFICE_SESSION_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    if (TOKEN.test(value)) return value;
  }
  return null;
}

/**
 * The Set-Cookie of a new session: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
 * it), sent only to the back office's API, Secure when the request came over TLS. It lasts as long as the
 * session can; the server ends it sooner after 30 idle minutes.
 */
export function sessionCookie(token: string, options: { secure: boolean }): string {
  if (!TOKEN.test(token)) throw new Error('not a session token');
  return cookie(token, OPERATOR_SESSION_ABSOLUTE_SECONDS, options.secure);
}

/** The Set-Cookie that removes the session cookie (sign-out). */
export function clearedSessionCookie(options: { secure: boolean }): string {
  return cookie('', 0, options.secure);
}

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${BACKOFFICE_SESSION_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
