import type { PlayerStatus } from '@parlay/contract';
import { query, toIso, toNumber } from '@parlay/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberAccounts } from '../../db/schema/index';

// The back office's player pages (docs/decisions/0035-back-office-players.md): an operator's change of an
// account's status, and operators' notes. The search is member.repository's searchMembers.

/**
 * Sets the account's status from `from` to `to` with the operator's reason, only if it is `from` now: a page
 * opened before another operator's change is refused rather than undone. False: it was not `from`.
 */
export async function changeMemberStatus(
  db: Executor,
  memberId: number,
  merchantId: number,
  change: { from: PlayerStatus; to: PlayerStatus; reason: string },
): Promise<boolean> {
  const rows = await db
    .update(memberAccounts)
    .set({ status: change.to, statusReason: change.reason, statusChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(memberAccounts.id, memberId),
        eq(memberAccounts.merchantId, merchantId),
        eq(memberAccounts.status, change.from),
      ),
    )
    .returning({ id: memberAccounts.id });
  return rows.length > 0;
}

export interface NoteRow {
  id: number;
  at: string;
  operatorId: number | null;
  operatorLogin: string | null;
  actor: string;
  body: string;
}

const NOTE_COLUMNS = sql`n.id, n.at, n.operator_id, o.login, n.actor, n.body`;

interface RawNote {
  id: unknown;
  at: unknown;
  operator_id: unknown;
  login: string | null;
  actor: string;
  body: string;
  [column: string]: unknown;
}

function toNote(row: RawNote): NoteRow {
  return {
    id: toNumber(row.id),
    at: toIso(row.at),
    operatorId: row.operator_id === null ? null : toNumber(row.operator_id),
    operatorLogin: row.login,
    actor: row.actor,
    body: row.body,
  };
}

/** Adds a note (the table refuses any later change: db/functions/member_notes_append_only.sql). */
export async function insertNote(
  db: Executor,
  note: { merchantId: number; memberId: number; operatorId: number | null; actor: string; body: string },
): Promise<NoteRow> {
  const rows = await query<RawNote>(
    db,
    sql`WITH n AS (
          INSERT INTO member_notes (merchant_id, member_id, operator_id, actor, body)
          VALUES (${note.merchantId}, ${note.memberId}, ${note.operatorId}, ${note.actor}, ${note.body})
          RETURNING *
        )
        SELECT ${NOTE_COLUMNS} FROM n LEFT JOIN operators o ON o.id = n.operator_id`,
  );
  if (!rows[0]) throw new Error('note insert returned nothing');
  return toNote(rows[0]);
}

/** A page of a member's notes, newest first, those before `beforeId` (member_notes_member_idx). */
export async function findNotes(
  db: Executor,
  memberId: number,
  merchantId: number,
  page: { beforeId?: number | undefined; limit: number },
): Promise<NoteRow[]> {
  const rows = await query<RawNote>(
    db,
    sql`SELECT ${NOTE_COLUMNS}
        FROM member_notes n LEFT JOIN operators o ON o.id = n.operator_id
        WHERE n.member_id = ${memberId} AND n.merchant_id = ${merchantId}
          ${page.beforeId === undefined ? sql`` : sql`AND n.id < ${page.beforeId}`}
        ORDER BY n.id DESC LIMIT ${page.limit}`,
  );
  return rows.map(toNote);
}
