import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The demo brand's support chat (issue 39), written once (when the brand has no conversation), after the demo
 * operators: a visitor's open question waiting for an answer, and the demo member's conversation that demo-support
 * answered and closed yesterday, so the back office's inbox is not empty on a fresh start. Times are relative to now.
 */
export async function seedDemoSupport(db: Database, merchantCode: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [brand] = await query<{ id: unknown; member_id: unknown; account: string | null; operator_id: unknown }>(
      tx,
      sql`SELECT b.id, m.id AS member_id, m.account,
            (SELECT id FROM operators WHERE login = 'demo-support') AS operator_id
          FROM merchants b LEFT JOIN members m ON m.merchant_id = b.id AND lower(m.account) = 'demo'
          WHERE b.code = ${merchantCode}`,
    );
    if (!brand) return 0;
    const merchantId = toNumber(brand.id);
    if ((await query(tx, sql`SELECT 1 FROM support_conversations WHERE merchant_id = ${merchantId} LIMIT 1`)).length) {
      return 0;
    }
    const conversation = async (
      who: { memberId: number | null; account: string | null; name: string | null; email: string | null },
      messages: { operator: boolean; body: string; minutesAgo: number }[],
      closedMinutesAgo: number | null,
    ) => {
      const [row] = await query<{ id: unknown }>(
        tx,
        sql`INSERT INTO support_conversations (merchant_id, member_id, member_account, visitor_name, visitor_email,
              status, assigned_operator_id, created_at, closed_at)
            VALUES (${merchantId}, ${who.memberId}, ${who.account}, ${who.name}, ${who.email},
              ${closedMinutesAgo === null ? 'open' : 'closed'},
              ${messages.some((message) => message.operator) ? brand.operator_id : null},
              now() - make_interval(mins => ${messages[0]?.minutesAgo ?? 0}),
              ${closedMinutesAgo === null ? null : sql`now() - make_interval(mins => ${closedMinutesAgo})`})
            RETURNING id`,
      );
      const id = toNumber(row?.id);
      for (const message of messages) {
        await query(
          tx,
          sql`INSERT INTO support_messages (conversation_id, sender, operator_id, body, created_at)
              VALUES (${id}, ${message.operator ? 'operator' : 'customer'}, ${message.operator ? brand.operator_id : null},
                ${message.body}, now() - make_interval(mins => ${message.minutesAgo}))`,
        );
      }
      // Everything before was read by both sides, except the visitor's waiting question.
      await query(
        tx,
        sql`UPDATE support_conversations SET
              last_message_at = (SELECT max(created_at) FROM support_messages WHERE conversation_id = ${id}),
              customer_read_id = coalesce((SELECT max(id) FROM support_messages WHERE conversation_id = ${id}), 0),
              operator_read_id = ${closedMinutesAgo === null ? 0 : sql`coalesce((SELECT max(id) FROM support_messages WHERE conversation_id = ${id}), 0)`}
            WHERE id = ${id}`,
      );
    };
    await conversation(
      { memberId: null, account: null, name: 'Minji', email: 'minji@example.com' },
      [
        { operator: false, body: '안녕하세요, 가입 보너스는 슬롯에도 적용되나요?', minutesAgo: 42 },
        { operator: false, body: 'Does the welcome bonus count on slots too?', minutesAgo: 41 },
      ],
      null,
    );
    if (brand.member_id !== null && brand.operator_id !== null) {
      await conversation(
        { memberId: toNumber(brand.member_id), account: brand.account, name: null, email: null },
        [
          { operator: false, body: 'How long does a bank withdrawal take?', minutesAgo: 26 * 60 },
          {
            operator: true,
            body: 'Once finance approves it, usually within 30 minutes. You can follow it under Withdraw in the member centre.',
            minutesAgo: 26 * 60 - 4,
          },
          { operator: false, body: 'Got it, thanks!', minutesAgo: 26 * 60 - 6 },
        ],
        25 * 60,
      );
    }
    return 1;
  });
}
