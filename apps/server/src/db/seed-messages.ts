import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The demo member's mailbox and the demo brand's feedback (issue 33): system messages from the templates (two read,
 * one unread), an operator's message to the member and a broadcast to every member (unread), and a feedback of the
 * demo member that support answered, its answer in the mailbox. Added once: each part only when the brand has none
 * of it yet, so a member's reads and removals survive a restart (a removal keeps its row).
 */
export async function seedDemoMessages(db: Database, merchantCode: string): Promise<void> {
  const demo = sql`(SELECT m.id, m.merchant_id, m.created_at, b.name, b.currency,
                           CASE WHEN upper(m.language) IN ('KO', 'EN') THEN upper(m.language) ELSE 'KO' END AS language
                      FROM members m JOIN merchants b ON b.id = m.merchant_id
                     WHERE b.code = ${merchantCode} AND lower(m.account) = 'demo')`;
  const fill = (text: string) =>
    sql.raw(
      `replace(replace(replace(replace(${text}, '{amount}', v.amount), '{reason}', v.reason), '{site}', d.name), '{currency}', d.currency)`,
    );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO member_messages (merchant_id, member_id, kind, title, body, template_key, created_at, read_at)
      SELECT d.merchant_id, d.id, 'system', ${fill('t.title')}, ${fill('t.body')}, t.template_key, now() - v.age,
             CASE WHEN v.read THEN now() - v.age + interval '10 minutes' END
        FROM ${demo} AS d
        CROSS JOIN (VALUES ('depositCredited', '100,000', '', interval '6 days', true),
                           ('withdrawalApproved', '50,000', '', interval '3 days', true),
                           ('depositFailed', '30,000', 'the bank did not confirm the transfer', interval '2 days', true),
                           ('depositCredited', '30,000', '', interval '5 hours', false))
                   AS v (template_key, amount, reason, age, read)
        JOIN message_templates t ON t.merchant_id IS NULL AND t.template_key = v.template_key AND t.language = d.language
       WHERE NOT EXISTS (SELECT 1 FROM member_messages x WHERE x.member_id = d.id AND x.kind = 'system')`);
    await tx.execute(sql`
      INSERT INTO operator_messages (merchant_id, audience, member_id, title, body, actor, recipients, created_at)
      SELECT d.merchant_id, v.audience, CASE WHEN v.audience = 'member' THEN d.id END, v.title, v.body, 'cli:seed',
             CASE WHEN v.audience = 'member' THEN 1
                  ELSE (SELECT count(*) FROM members WHERE merchant_id = d.merchant_id AND NOT is_free_play) END,
             -- A broadcast reaches members registered by its time: never before the demo member's registration.
             greatest(now() - v.age, d.created_at)
        FROM ${demo} AS d
        CROSS JOIN (VALUES ('all', '점검 안내 · Maintenance notice',
                            E'11월 30일 02:00–03:00 (KST) 서버 점검이 있습니다.\nServers are down for maintenance on 30 November, 02:00–03:00 KST.',
                            interval '1 day'),
                           ('member', '환영합니다 · Welcome, Demo',
                            E'VIP 담당자가 곧 연락드립니다.\nYour VIP host will be in touch soon.', interval '2 hours'))
                   AS v (audience, title, body, age)
       WHERE NOT EXISTS (SELECT 1 FROM operator_messages x WHERE x.merchant_id = d.merchant_id AND x.actor = 'cli:seed')`);
    // The answered feedback and its answer in the mailbox, from the template feedbackAnswer.
    await tx.execute(sql`
      WITH fb AS (
        INSERT INTO feedback (merchant_id, member_id, member_account, content, language, created_at, answer, answered_at,
                              answered_by, delivery)
        SELECT d.merchant_id, d.id, 'demo', v.content, d.language, now() - interval '4 days', v.answer,
               now() - interval '3 days', 'cli:seed', 'mailbox'
          FROM ${demo} AS d
          CROSS JOIN (VALUES ('The live casino lobby takes a long time to load on my phone in the evening. Could it be faster?',
                              'Thank you for telling us. We have added servers for the evening hours; the lobby should now load quickly.'))
                     AS v (content, answer)
         WHERE NOT EXISTS (SELECT 1 FROM feedback x WHERE x.merchant_id = d.merchant_id AND x.answered_by = 'cli:seed')
        RETURNING id, merchant_id, member_id, content, answer, language, answered_at
      ), answer AS (
        INSERT INTO member_messages (merchant_id, member_id, kind, title, body, template_key, created_at)
        SELECT fb.merchant_id, fb.member_id, 'feedback', t.title,
               replace(replace(replace(t.body, '{answer}', fb.answer), '{feedback}', fb.content), '{site}', b.name),
               'feedbackAnswer', fb.answered_at
          FROM fb JOIN merchants b ON b.id = fb.merchant_id
          JOIN message_templates t ON t.merchant_id IS NULL AND t.template_key = 'feedbackAnswer' AND t.language = fb.language
        RETURNING id
      )
      UPDATE feedback SET answer_message_id = (SELECT id FROM answer) WHERE id = (SELECT id FROM fb)`);
  });
}
