import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import { DEFAULT_PRACTICE_BALANCE_MAJOR } from '@parlay/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { App } from '../app';
import { DEMO_MERCHANT_CODE } from '../db/seed';
import { memberAccounts, merchants } from '../db/schema/index';
import { hashPassword } from '../lib/crypto/password';

export interface TestMemberOverrides {
  account?: string;
  password?: string;
  /** 0 member (default), 1/2/41/42 agent, 4 trial account. */
  agentType?: number;
  isFreePlay?: boolean;
  /** Brand of the member; the demo brand by default. */
  merchantCode?: string;
  nickname?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  email?: string;
  payeeName?: string;
  uplineId?: number;
  status?: 'active' | 'locked' | 'closed';
}

export interface TestMember {
  id: number;
  merchantId: number;
  merchantCode: string;
  account: string;
  password: string;
  agentType: number;
  isFreePlay: boolean;
}

// One scrypt run per distinct password per process keeps test files fast.
const hashes = new Map<string, Promise<string>>();

/** Inserts a real account (scrypt-hashed password) on a brand, with a unique name unless one is given. */
export async function createTestMember(app: App, overrides: TestMemberOverrides = {}): Promise<TestMember> {
  const merchantCode = overrides.merchantCode ?? DEMO_MERCHANT_CODE;
  const [merchant] = await app.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, merchantCode));
  if (!merchant) throw new Error(`no merchant '${merchantCode}'`);
  const password = overrides.password ?? 'Test1234!';
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  const account = overrides.account ?? `t${randomBytes(5).toString('hex')}`;
  const isFreePlay = overrides.isFreePlay ?? false;
  const [row] = await app.db
    .insert(memberAccounts)
    .values({
      merchantId: merchant.id,
      account,
      nickname: overrides.nickname ?? account,
      agentType: overrides.agentType ?? 0,
      isFreePlay,
      expiresAt: isFreePlay ? new Date(Date.now() + 2 * 60 * 60 * 1000) : null,
      passwordHash: await hash,
      passwordChangedAt: new Date(),
      countryDialingCode: overrides.countryDialingCode ?? null,
      mobileNum: overrides.mobileNum ?? null,
      email: overrides.email ?? null,
      payeeName: overrides.payeeName ?? null,
      uplineId: overrides.uplineId ?? null,
      status: overrides.status ?? 'active',
      registerMethod: 'TEST',
      firstTimeLogin: false,
    })
    .returning({ id: memberAccounts.id });
  if (!row) throw new Error('member insert returned nothing');
  // A free-play guest comes with its practice money, as one signed in through free play does (decision 0072).
  if (isFreePlay) {
    await app.db.execute(
      sql`INSERT INTO practice_wallets (member_id, merchant_id, currency, balance_minor)
          SELECT ${row.id}, id, currency, (${DEFAULT_PRACTICE_BALANCE_MAJOR} * 10 ^ currency_exponent)::bigint
          FROM merchants WHERE id = ${merchant.id}`,
    );
  }
  return {
    id: row.id,
    merchantId: merchant.id,
    merchantCode,
    account,
    password,
    agentType: overrides.agentType ?? 0,
    isFreePlay,
  };
}

/**
 * A signed-in member: creates one (or takes the given one) and opens a real session for it, returning
 * the bearer token to send as `Authorization: Bearer <token>`.
 */
export async function signInTestMember(
  app: App,
  memberOrOverrides: TestMember | TestMemberOverrides = {},
): Promise<{ member: TestMember; token: string; authorization: string }> {
  const member =
    'id' in memberOrOverrides && typeof memberOrOverrides.id === 'number'
      ? memberOrOverrides
      : await createTestMember(app, memberOrOverrides);
  const { token } = await app.sessions.createSession(member, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { member, token, authorization: `Bearer ${token}` };
}

/** Encrypts a JSON body for an encrypted call with the app's current public key (as the player site does). */
export async function encryptBody(app: App, body: unknown, host = 'localhost'): Promise<string> {
  return encryptText(app, JSON.stringify(body), host);
}

/** Encrypts a text as it is (a JSON text too deep for JSON.stringify, say) for an encrypted call. */
export async function encryptText(app: App, text: string, host = 'localhost'): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { host } });
  const { key } = response.json<{ value: { key: JWK & { kid: string } } }>().value;
  const publicKey = await importJWK(key, 'RSA-OAEP-256');
  return new CompactEncrypt(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })
    .encrypt(publicKey);
}

/** Who a challenge is for: the body of POST /wps/verification/altcha. */
export type AltchaFor =
  | { purpose: 'login'; username: string; type?: 'username' | 'sms'; countryDialingCode?: string }
  | { purpose: 'register' };

/** Solves a challenge as the browser does: SHA-256 for the behaviour check, PBKDF2 for the harder levels. */
export async function solveChallengePayload(challenge: Challenge): Promise<string> {
  const deriveKey = challenge.parameters.algorithm === 'PBKDF2/SHA-256' ? derivePbkdf2 : deriveSha;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the altcha challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Fetches a challenge: the behaviour check, or with `purpose` the one issued for that sign-in or registration. */
export async function fetchAltcha(
  app: App,
  options: { host?: string; remoteAddress?: string; purpose?: AltchaFor } = {},
): Promise<Challenge> {
  const response = await app.inject({
    method: options.purpose ? 'POST' : 'GET',
    url: '/wps/verification/altcha',
    headers: { host: options.host ?? 'localhost' },
    ...(options.purpose ? { payload: options.purpose } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`altcha challenge: ${response.statusCode} ${response.body}`);
  return response.json<{ value: Challenge }>().value;
}

/**
 * Fetches and solves a challenge, returning the payload to send as `altcha`: the behaviour check, or
 * with `purpose` the challenge issued for that sign-in or registration from `remoteAddress`.
 */
export async function solveAltcha(
  app: App,
  host = 'localhost',
  remoteAddress?: string,
  purpose?: AltchaFor,
): Promise<string> {
  return solveChallengePayload(
    await fetchAltcha(app, { host, ...(remoteAddress ? { remoteAddress } : {}), ...(purpose ? { purpose } : {}) }),
  );
}

/** Sends an encrypted call the way the player site does. */
export async function injectEncrypted(
  app: App,
  options: {
    method: 'POST' | 'PUT';
    url: string;
    body: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  },
) {
  const host = options.headers?.['host'] ?? 'localhost';
  return app.inject({
    method: options.method,
    url: options.url,
    headers: { host, ...options.headers, 'content-type': 'application/jose' },
    payload: await encryptBody(app, options.body, host),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * Signs in through POST /wps/session/login (encrypted, behaviour check solved); with `harderCheck`, the
 * proof of work is the one the platform issues for this account from this address after failures; with
 * `altcha`, that payload.
 */
export async function loginThroughApi(
  app: App,
  credentials: { username: string; password: string },
  options: { headers?: Record<string, string>; remoteAddress?: string; harderCheck?: boolean; altcha?: string } = {},
) {
  const { harderCheck, altcha: given, ...request } = options;
  // Fetched from the caller's address, as a browser does: one address's limit is not every test's.
  const altcha =
    given ??
    (await solveAltcha(
      app,
      'localhost',
      options.remoteAddress,
      harderCheck ? { purpose: 'login', username: credentials.username } : undefined,
    ));
  return injectEncrypted(app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { ...credentials, type: 'username', altcha },
    ...request,
  });
}

/** Rows of a raw SQL query, for tests that check what a call changed. */
export async function queryRows<T>(app: App, query: SQL): Promise<T[]> {
  const result: unknown = await app.db.execute(query);
  return (result as { rows: T[] }).rows;
}
