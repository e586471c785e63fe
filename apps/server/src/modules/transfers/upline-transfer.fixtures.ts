import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { hashPassword } from '../../lib/crypto/password';
import { createTestMember, signInTestMember, type TestMember } from '../../test/members';
import type { TransferDirection } from './member-transfer.repository';

/** The payment password the fixtures' members have. */
export const TEST_PAYMENT_PASSWORD = '135790';
let paymentHash: Promise<string> | undefined;

/** Gives the member a payment password as if set in the security centre. */
export async function setPaymentPassword(app: App, memberId: number): Promise<void> {
  paymentHash ??= hashPassword(TEST_PAYMENT_PASSWORD);
  await app.db.execute(sql`UPDATE members SET payment_password_hash = ${await paymentHash} WHERE id = ${memberId}`);
}

/** Funds a member's main wallet as an operator's adjustment does. */
export async function fund(app: App, member: TestMember, amountMinor: number): Promise<void> {
  await app.gaming.wallet.adjust(
    {
      merchantCode: member.merchantCode,
      account: member.account,
      amountMinor,
      reason: 'test funding',
      idempotencyKey: `fund-${randomBytes(6).toString('hex')}`,
    },
    app.merchants,
  );
}

/** A signed-in member under a new agent of the demo brand, with a payment password and `funds` in the wallet. */
export async function createMemberUnderAgent(app: App, funds: number) {
  const agent = await createTestMember(app, { agentType: 1 });
  const signedIn = await signInTestMember(app, { uplineId: agent.id });
  await setPaymentPassword(app, signedIn.member.id);
  if (funds > 0) await fund(app, signedIn.member, funds);
  return { agent, ...signedIn };
}

/** The main balance of a member (0 without an account). */
export async function mainBalance(app: App, memberId: number): Promise<number> {
  const result: unknown = await app.db.execute(
    sql`SELECT balance_minor FROM wallet_accounts WHERE owner_type = 'member' AND member_id = ${memberId}`,
  );
  return Number((result as { rows: { balance_minor: unknown }[] }).rows[0]?.balance_minor ?? 0);
}

/** How many rows a table holds for a member as sender: nothing written is checked by these staying put. */
export async function countWritten(
  app: App,
  memberId: number,
  direction: TransferDirection = 'upline',
): Promise<{ movements: number; transfers: number }> {
  const kind = `${direction}_transfer`;
  const result: unknown = await app.db.execute(sql`SELECT
      (SELECT count(*) FROM wallet_movements WHERE member_id = ${memberId} AND kind = ${kind}) AS movements,
      (SELECT count(*) FROM member_transfers WHERE from_member_id = ${memberId} AND direction = ${direction})
        AS transfers`);
  const row = (result as { rows: { movements: unknown; transfers: unknown }[] }).rows[0];
  return { movements: Number(row?.movements), transfers: Number(row?.transfers) };
}

/**
 * An agent and a member under it, the sender of the direction (the member for upline, the agent for downline) with a
 * payment password and `funds`, and its transfer to the other as the service makes it.
 */
export async function createTransferPair(app: App, direction: TransferDirection, funds: number) {
  const agent = await createTestMember(app, { agentType: 1 });
  const member = await createTestMember(app, { uplineId: agent.id });
  const [sender, recipient] = direction === 'upline' ? [member, agent] : [agent, member];
  await setPaymentPassword(app, sender.id);
  if (funds > 0) await fund(app, sender, funds);
  const merchant = await app.merchants.findByCode(sender.merchantCode);
  if (!merchant) throw new Error('no brand');
  const send = (request: { amountMinor: number; paymentPassword: string; requestId: string }) =>
    direction === 'upline'
      ? app.gaming.uplineTransfers.transfer(merchant, sender, request)
      : app.gaming.downlineTransfers.transfer(merchant, sender, { ...request, memberId: recipient.id });
  return { sender, recipient, send };
}
