import { query, toNullableNumber, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface FeedbackRow {
  id: number;
  at: Date;
  memberId: number | null;
  memberAccount: string | null;
  content: string;
  language: string;
  answer: string | null;
  answeredAt: Date | null;
  answeredBy: string | null;
  delivery: 'mailbox' | 'undeliverable' | null;
}

function toRow(row: Record<string, unknown>): FeedbackRow {
  return {
    id: toNumber(row['id']),
    at: new Date(row['created_at'] as string | Date),
    memberId: toNullableNumber(row['member_id']),
    memberAccount: (row['member_account'] as string | null) ?? null,
    content: String(row['content']),
    language: String(row['language']),
    answer: (row['answer'] as string | null) ?? null,
    answeredAt: row['answered_at'] === null ? null : new Date(row['answered_at'] as string | Date),
    answeredBy: (row['answered_by'] as string | null) ?? null,
    delivery: (row['delivery'] as FeedbackRow['delivery']) ?? null,
  };
}

const COLUMNS = sql`f.id, f.created_at, f.member_id, f.member_account, f.content, f.language, f.answer, f.answered_at,
  coalesce(op.login, f.answered_by) AS answered_by, f.delivery`;

export async function insertFeedback(
  db: Executor,
  feedback: {
    merchantId: number;
    memberId: number | null;
    memberAccount: string | null;
    content: string;
    language: string;
    ip: string;
    userAgent: string;
  },
): Promise<number> {
  const [row] = await query<{ id: unknown }>(
    db,
    sql`INSERT INTO feedback (merchant_id, member_id, member_account, content, language, ip, user_agent)
        VALUES (${feedback.merchantId}, ${feedback.memberId}, ${feedback.memberAccount}, ${feedback.content},
                ${feedback.language}, ${feedback.ip}, ${feedback.userAgent.slice(0, 512)})
        RETURNING id`,
  );
  if (!row) throw new Error('feedback insert returned nothing');
  return toNumber(row.id);
}

/** The brand's feedback newest first by id (index feedback_merchant_idx, or feedback_open_idx for the open ones). */
export async function findFeedback(
  db: Executor,
  merchantId: number,
  options: { status?: 'open' | 'answered' | undefined; beforeId?: number | undefined; id?: number; limit: number },
): Promise<FeedbackRow[]> {
  const status = options.status ?? null;
  const rows = await query<Record<string, unknown>>(
    db,
    sql`SELECT ${COLUMNS} FROM feedback f LEFT JOIN operators op ON op.id = f.answered_by_operator_id
         WHERE f.merchant_id = ${merchantId}
           AND (${status}::text IS NULL OR (${status}::text = 'open') = (f.answered_at IS NULL))
           AND (${options.beforeId ?? null}::bigint IS NULL OR f.id < ${options.beforeId ?? null}::bigint)
           AND (${options.id ?? null}::bigint IS NULL OR f.id = ${options.id ?? null}::bigint)
         ORDER BY f.id DESC
         LIMIT ${options.limit}`,
  );
  return rows.map(toRow);
}

/**
 * Records the answer of an open feedback: one conditional update, so of two operators answering at once one
 * wins and the other changes nothing (false).
 */
export async function recordAnswer(
  db: Executor,
  answer: {
    id: number;
    merchantId: number;
    answer: string;
    operatorId: number | null;
    actor: string;
    delivery: 'mailbox' | 'undeliverable';
  },
): Promise<boolean> {
  const rows = await query(
    db,
    sql`UPDATE feedback SET answer = ${answer.answer}, answered_at = now(), answered_by_operator_id = ${answer.operatorId},
               answered_by = ${answer.actor}, delivery = ${answer.delivery}
         WHERE id = ${answer.id} AND merchant_id = ${answer.merchantId} AND answered_at IS NULL
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function setAnswerMessage(db: Executor, id: number, messageId: number): Promise<void> {
  await db.execute(sql`UPDATE feedback SET answer_message_id = ${messageId} WHERE id = ${id}`);
}
