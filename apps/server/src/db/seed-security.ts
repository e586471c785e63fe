import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The demo member's sign-in history (the security centre, issue 33): eight sign-ins over the last three weeks from a
 * home and an office IP and a phone, with their countries and devices. History only: no session and no known IP, so
 * the first real sign-in is still trusted as the first (a known IP here would make every journey's sign-in from
 * another address ask for the extra verification). Added once, while the member has no sign-in at all.
 */
export async function seedDemoSignIns(db: Database, merchantCode: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO member_sign_ins (member_id, merchant_id, at, ip, country, user_agent, method)
    SELECT m.id, m.merchant_id, now() - v.age, v.ip, v.country, v.user_agent, v.method
      FROM members m JOIN merchants b ON b.id = m.merchant_id
      CROSS JOIN (VALUES
        (interval '20 days', '203.0.113.24', 'KR', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'password'),
        (interval '16 days 3 hours', '203.0.113.24', 'KR', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'password'),
        (interval '12 days 5 hours', '198.51.100.77', 'KR', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'sms'),
        (interval '9 days 2 hours', '192.0.2.140', 'JP', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15', 'second-check'),
        (interval '6 days 8 hours', '203.0.113.24', 'KR', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'password'),
        (interval '4 days 1 hour', '198.51.100.77', 'KR', 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0 Mobile Safari/537.36', 'password'),
        (interval '2 days 4 hours', '203.0.113.24', 'KR', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'password'),
        (interval '20 hours', '198.51.100.77', 'KR', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'password'))
        AS v (age, ip, country, user_agent, method)
     WHERE b.code = ${merchantCode} AND lower(m.account) = 'demo'
       AND NOT EXISTS (SELECT 1 FROM member_sign_ins x WHERE x.member_id = m.id)`);
}
