// Back-office calls in tests: signed-in demo operators and calls made as the back office's pages make them.
import { BACKOFFICE_CALLS, BACKOFFICE_SESSION_COOKIE } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { currentTotp } from '../../lib/crypto/totp';
import { DEMO_OPERATOR_PASSWORD, DEMO_TOTP_SECRET } from './demo-operators';

export interface BackofficeCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The `parlay_bo` cookie header (from signInAs), when signed in. */
  cookie?: string | undefined;
  payload?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A back-office call as its pages send it: a write says it is same-origin, as a browser does. */
export function callBackoffice(app: App, call: BackofficeCall): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    headers: {
      ...(call.method === 'GET' ? {} : { 'sec-fetch-site': 'same-origin' }),
      ...(call.cookie ? { cookie: call.cookie } : {}),
      ...call.headers,
    },
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
    ...(call.payload === undefined ? {} : { payload: call.payload as InjectOptions['payload'] }),
  };
  return app.inject(options);
}

/** The cookie header of a response's session cookie ('' when it set none). */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((line) => line.startsWith(`${BACKOFFICE_SESSION_COOKIE}=`));
  return header?.split(';')[0] ?? '';
}

/**
 * Signs a demo operator in through both steps and answers its cookie header. Each code signs in once, so the
 * operator's last accepted step is forgotten first: tests sign the same operator in many times a minute.
 */
export async function signInAs(
  app: App,
  login: string,
  options: { password?: string; remoteAddress?: string } = {},
): Promise<string> {
  await query(app.db, sql`UPDATE operators SET totp_last_step = NULL WHERE login = ${login}`);
  const step = await callBackoffice(app, {
    method: 'POST',
    url: BACKOFFICE_CALLS.signIn.path,
    payload: { login, password: options.password ?? DEMO_OPERATOR_PASSWORD },
    remoteAddress: options.remoteAddress,
  });
  if (step.statusCode !== 200) throw new Error(`sign-in of ${login}: ${step.body}`);
  const { challenge } = step.json<{ value: { challenge: string } }>().value;
  const answer = await callBackoffice(app, {
    method: 'POST',
    url: BACKOFFICE_CALLS.signInTotp.path,
    payload: { challenge, code: currentTotp(DEMO_TOTP_SECRET) },
    remoteAddress: options.remoteAddress,
  });
  if (answer.statusCode !== 200) throw new Error(`code step of ${login}: ${answer.body}`);
  return sessionCookieOf(answer);
}
