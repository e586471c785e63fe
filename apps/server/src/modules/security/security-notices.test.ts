import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember, queryRows, signInTestMember } from '../../test/members';
import { prepareSecurityNotice } from './security-notices';

let t: TestApp;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Sets a first payment password through the call: the change that sends securityPaymentPasswordSet. */
async function setPaymentPassword(language: 'KO' | 'EN', email: string, mobileNum: string) {
  const member = await createTestMember(t.app, { password: '13579246', email, countryDialingCode: '82', mobileNum });
  await rows(sql`UPDATE members SET language = ${language} WHERE id = ${member.id}`);
  const { authorization } = await signInTestMember(t.app, member);
  const response = await t.app.inject({
    method: 'POST',
    url: '/wps/member/security/payment-password',
    headers: { host: 'localhost', language, authorization },
    payload: { loginPassword: member.password, newPassword: '802468' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [mailbox] = await rows<{ title: string; body: string }>(
    sql`SELECT title, body FROM member_messages WHERE member_id = ${member.id} AND kind = 'system'`,
  );
  const outbox = await rows<{ channel: string; recipient: string; subject: string; body: string }>(
    sql`SELECT channel, recipient, subject, body FROM outbox_messages
        WHERE recipient IN (${email}, ${`+82${mobileNum}`}) ORDER BY channel`,
  );
  return { mailbox, outbox };
}

describe(prepareSecurityNotice.name, () => {
  it("sends by e-mail and SMS the words the mailbox writes: the template's, the brand's own first, KO and EN", async () => {
    const [brand] = await rows<{ id: string; name: string }>(sql`SELECT id, name FROM merchants WHERE code = 'parlay'`);
    await rows(
      sql`INSERT INTO message_templates (merchant_id, template_key, language, title, body) VALUES
            (${brand!.id}, 'securityPaymentPasswordSet', 'EN', 'Pay PIN saved', 'Your {site} pay PIN was saved.'),
            (${brand!.id}, 'securityPaymentPasswordSet', 'KO', '결제 PIN 저장', '{site} 결제 PIN이 저장되었습니다.')`,
    );
    const en = await setPaymentPassword('EN', 'notice.en@mail.io', '1063000001');
    expect(en.mailbox).toEqual({ title: 'Pay PIN saved', body: `Your ${brand!.name} pay PIN was saved.` });
    expect(en.outbox).toEqual([
      {
        channel: 'email',
        recipient: 'notice.en@mail.io',
        subject: `[${brand!.name}] Pay PIN saved`,
        body: en.mailbox!.body,
      },
      { channel: 'sms', recipient: '+821063000001', subject: '', body: en.mailbox!.body },
    ]);
    const ko = await setPaymentPassword('KO', 'notice.ko@mail.io', '1063000002');
    expect(ko.mailbox).toEqual({ title: '결제 PIN 저장', body: `${brand!.name} 결제 PIN이 저장되었습니다.` });
    expect(ko.outbox.map((row) => [row.channel, row.subject, row.body])).toEqual([
      ['email', `[${brand!.name}] 결제 PIN 저장`, ko.mailbox!.body],
      ['sms', '', ko.mailbox!.body],
    ]);
  });
});
