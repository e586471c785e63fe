import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
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
