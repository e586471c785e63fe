import { query, toNumber } from '@parlay/db';
import type { ContactKind } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// A member's change of mobile number or e-mail (migration 0062): the ticket in member_contact_changes, the contact
// itself in members (country_dialing_code, mobile_num, email).

export interface ContactChangeRow {
  id: string;
  memberId: number;
  merchantId: number;
  kind: ContactKind;
  currentTarget: string | null;
  currentMasked: string | null;
  currentProvedAt: Date | null;
  newCountryDialingCode: string | null;
  newValue: string | null;
  newTarget: string | null;
  expiresAt: Date;
}

export interface MemberContactRow {
  id: number;
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

function toChange(row: Record<string, unknown>): ContactChangeRow {
  return {
    id: String(row['id']),
    memberId: toNumber(row['member_id']),
    merchantId: toNumber(row['merchant_id']),
    kind: row['kind'] as ContactKind,
    currentTarget: (row['current_target'] as string | null) ?? null,
    currentMasked: (row['current_masked'] as string | null) ?? null,
    currentProvedAt: toDate(row['current_proved_at']),
    newCountryDialingCode: (row['new_country_dialing_code'] as string | null) ?? null,
    newValue: (row['new_value'] as string | null) ?? null,
    newTarget: (row['new_target'] as string | null) ?? null,
    expiresAt: toDate(row['expires_at']) ?? new Date(0),
  };
}

/** A new change; the member's other open change of the same kind is closed (only the newest one works). */
export async function openChange(
  db: Executor,
  change: {
    id: string;
    memberId: number;
    merchantId: number;
    kind: ContactKind;
    currentTarget: string | null;
    currentMasked: string | null;
    provedNow: boolean;
    expiresAt: Date;
  },
): Promise<void> {
  await query(
    db,
    sql`UPDATE member_contact_changes SET closed_at = now()
        WHERE member_id = ${change.memberId} AND kind = ${change.kind} AND closed_at IS NULL`,
  );
  await query(
    db,
    sql`INSERT INTO member_contact_changes (id, member_id, merchant_id, kind, current_target, current_masked,
                                         current_proved_at, expires_at)
        VALUES (${change.id}, ${change.memberId}, ${change.merchantId}, ${change.kind}, ${change.currentTarget},
                ${change.currentMasked},
                ${change.provedNow ? sql`now()` : null}, ${change.expiresAt.toISOString()})`,
  );
}

/** The member's open, unexpired change by its id, locked for the caller's transaction when `lock` is set. */
export async function findOpenChange(
  db: Executor,
  ref: { id: string; memberId: number; merchantId: number },
  lock = false,
): Promise<ContactChangeRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT * FROM member_contact_changes
        WHERE id = ${ref.id} AND member_id = ${ref.memberId} AND merchant_id = ${ref.merchantId}
          AND closed_at IS NULL AND expires_at > now()
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ? toChange(rows[0]) : undefined;
}

export async function markCurrentProved(db: Executor, id: string): Promise<void> {
  await query(db, sql`UPDATE member_contact_changes SET current_proved_at = now() WHERE id = ${id}`);
}

/** The new contact named; a code is sent to it next. Naming another later replaces it. */
export async function setNewContact(
  db: Executor,
  id: string,
  contact: { countryDialingCode: string | null; value: string; target: string },
): Promise<void> {
  await query(
    db,
    sql`UPDATE member_contact_changes
        SET new_country_dialing_code = ${contact.countryDialingCode}, new_value = ${contact.value},
            new_target = ${contact.target}
        WHERE id = ${id}`,
  );
}

export async function closeChange(db: Executor, id: string): Promise<void> {
  await query(db, sql`UPDATE member_contact_changes SET closed_at = now() WHERE id = ${id}`);
}

/** The member's bound contacts, the row locked for the rest of the transaction when `lock` is set. */
export async function findMemberContact(
  db: Executor,
  memberId: number,
  merchantId: number,
  lock = false,
): Promise<MemberContactRow | undefined> {
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT id, country_dialing_code, mobile_num, email FROM members
        WHERE id = ${memberId} AND merchant_id = ${merchantId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: toNumber(row['id']),
    countryDialingCode: (row['country_dialing_code'] as string | null) ?? null,
    mobileNum: (row['mobile_num'] as string | null) ?? null,
    email: (row['email'] as string | null) ?? null,
  };
}

/** Whether another member of the brand has this mobile number (the unique index holds it at the write too). */
export async function isMobileUsedByOther(
  db: Executor,
  merchantId: number,
  memberId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<boolean> {
  const rows = await query(
    db,
    sql`SELECT 1 FROM members
        WHERE merchant_id = ${merchantId} AND country_dialing_code = ${countryDialingCode}
          AND mobile_num = ${mobileNum} AND id <> ${memberId} LIMIT 1`,
  );
  return rows.length > 0;
}

/**
 * Whether another member of the brand has this e-mail, case-insensitively. No unique index holds e-mails (accounts
 * made before may share one), so a writer first takes the address's advisory lock for its transaction: two members
 * binding one address at once are judged one after the other.
 */
export async function isEmailUsedByOther(
  db: Executor,
  merchantId: number,
  memberId: number,
  email: string,
  lockForWrite = false,
): Promise<boolean> {
  if (lockForWrite) {
    await query(
      db,
      sql`SELECT pg_advisory_xact_lock(hashtext(${`member-email:${merchantId}:${email.toLowerCase()}`}))`,
    );
  }
  const rows = await query(
    db,
    sql`SELECT 1 FROM members
        WHERE merchant_id = ${merchantId} AND lower(email) = lower(${email}) AND id <> ${memberId} LIMIT 1`,
  );
  return rows.length > 0;
}

export async function setMobile(
  db: Executor,
  memberId: number,
  countryDialingCode: string,
  mobileNum: string,
): Promise<void> {
  await query(
    db,
    sql`UPDATE members SET country_dialing_code = ${countryDialingCode}, mobile_num = ${mobileNum}, updated_at = now()
        WHERE id = ${memberId}`,
  );
}

export async function setEmail(db: Executor, memberId: number, email: string): Promise<void> {
  await query(db, sql`UPDATE members SET email = ${email}, updated_at = now() WHERE id = ${memberId}`);
}
