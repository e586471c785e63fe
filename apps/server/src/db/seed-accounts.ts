import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto/password';
import type { Database } from './client';
import { memberAccounts, merchants } from './schema/index';

/** Demo accounts of the demo brand; the README lists them. */
export const DEMO_ACCOUNTS = [
  {
    account: 'demo',
    password: 'Demo1234!',
    nickname: 'Demo',
    agentType: 0,
    countryDialingCode: '82',
    mobileNum: '1012345678',
    email: 'demo@parlay.example',
    payeeName: '홍길동',
    inviteCode: 'DEMO0001',
  },
  {
    account: 'agent',
    password: 'Agent1234!',
    nickname: 'Agent',
    agentType: 1,
    countryDialingCode: '82',
    mobileNum: '1087654321',
    email: 'agent@parlay.example',
    payeeName: '김에이',
    inviteCode: 'AGENT001',
  },
  {
    account: 'trial',
    password: 'Trial1234!',
    nickname: 'Trial',
    agentType: 4,
    countryDialingCode: null,
    mobileNum: null,
    email: null,
    payeeName: null,
    inviteCode: null,
  },
] as const;

// scrypt costs ~0.3 s; every test database seeds these, so hash each demo password once per process.
const hashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * Idempotent: creates the demo accounts of a brand when missing and never touches existing ones, so a
 * changed demo password survives a restart. The demo member's first sign-in IP is trusted.
 */
export async function seedDemoAccounts(db: Database, merchantCode: string): Promise<void> {
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map((demo) => demoHash(demo.password)));
  await db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, merchantCode));
    if (!merchant) throw new Error(`merchant '${merchantCode}' missing: seed the brand first`);
    const merchantId = merchant.id;
    for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
      const { password: _password, ...fields } = demo;
      await tx
        .insert(memberAccounts)
        .values({
          ...fields,
          merchantId,
          passwordHash: passwordHashes[index],
          passwordChangedAt: new Date(),
          registerMethod: 'SEED',
          firstTimeLogin: false,
        })
        .onConflictDoNothing();
    }
    const agent = await tx
      .select({ id: memberAccounts.id })
      .from(memberAccounts)
      .where(and(eq(memberAccounts.merchantId, merchantId), sql`lower(${memberAccounts.account}) = 'agent'`));
    const agentId = agent[0]?.id;
    if (agentId !== undefined) {
      // The demo member sits under the demo agent, so the agent area has a downline to show.
      await tx
        .update(memberAccounts)
        .set({ uplineId: agentId })
        .where(
          and(
            eq(memberAccounts.merchantId, merchantId),
            sql`lower(${memberAccounts.account}) = 'demo'`,
            sql`${memberAccounts.uplineId} IS NULL`,
            eq(memberAccounts.registerMethod, 'SEED'),
          ),
        );
    }
  });
}
