import { BACKOFFICE_CALLS, callWithParams, KYC_CALLS, KYC_DOCUMENT_LIMITS } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { signInTestMember } from '../../test/members';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { bindAccount, createWithdrawer, requestWithdrawal } from '../withdrawals/withdrawals.fixtures';
import { KycService } from './kyc.service';

function png(): Buffer {
  const image = new PNG({ width: 4, height: 3 });
  image.data.fill(200);
  return PNG.sync.write(image);
}
const JPEG = Buffer.from(jpeg.encode({ width: 4, height: 4, data: Buffer.alloc(64, 128) }, 80).data);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

describe(KycService.name, () => {
  let t: TestApp;
  let risk: string;
  let support: string;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    [risk, support, owner] = [
      await signInAs(t.app, 'demo-risk'),
      await signInAs(t.app, 'demo-support'),
      await signInAs(t.app, 'demo-owner'),
    ];
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const setKyc = (enabled: boolean, threshold: number | null) =>
    query(
      t.app.db,
      sql`INSERT INTO kyc_settings (merchant_id, enabled, withdrawal_threshold_minor, version)
          SELECT id, ${enabled}, ${threshold}::bigint, 1 FROM merchants WHERE code = 'parlay'
          ON CONFLICT (merchant_id) DO UPDATE SET enabled = EXCLUDED.enabled,
            withdrawal_threshold_minor = EXCLUDED.withdrawal_threshold_minor, version = kyc_settings.version + 1`,
    );
  const upload = (authorization: string, body: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: KYC_CALLS.uploadKycDocument.path,
      headers: { authorization, 'content-type': type, language: 'EN' },
      payload: body,
    });
  const state = async (authorization: string) =>
    (await t.app.inject({ method: 'GET', url: KYC_CALLS.kycStatus.path, headers: { authorization } })).json().value;
  const count = async (statement: ReturnType<typeof sql>) =>
    Number(((await query<{ n: unknown }>(t.app.db, statement))[0] as { n: unknown }).n);
  const bo = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT',
    call: { method: string; path: string },
    params: Record<string, string | number>,
    payload?: unknown,
  ) =>
    callBackoffice(t.app, {
      method,
      url: callWithParams(call as never, { brand: 'parlay', ...params }).path,
      cookie,
      payload,
    });

  it('is off in the demo brand: the member sees "none" and an upload is refused, writing nothing', async () => {
    const member = await signInTestMember(t.app);
    expect(await state(member.authorization)).toMatchObject({ enabled: false, status: 'none', documents: [] });
    expect((await upload(member.authorization, png())).json().code).toBe('KYC_NOT_ENABLED');
    expect(await count(sql`SELECT count(*) AS n FROM kyc_documents WHERE member_id = ${member.member.id}`)).toBe(0);
  });

  it('takes PNG, JPEG and PDF documents by content, at most 3 a round, and refuses the rest, writing nothing', async () => {
    await setKyc(true, 100_000);
    const member = await signInTestMember(t.app);
    const documents = sql`SELECT count(*) AS n FROM kyc_documents WHERE member_id = ${member.member.id}`;
    // A script named and typed as a PNG, a truncated PNG, a PDF without its end: refused by their bytes.
    for (const body of [
      Buffer.from('<script>alert(1)</script>'),
      png().subarray(0, 40),
      Buffer.from('%PDF-1.4 no end'),
    ]) {
      expect((await upload(member.authorization, body, 'image/png')).json().code).toBe('KYC_DOCUMENT_INVALID');
    }
    const tooBig = Buffer.concat([PDF, Buffer.alloc(KYC_DOCUMENT_LIMITS.maxBytes)]);
    expect((await upload(member.authorization, tooBig, 'application/pdf')).json().code).toBe('KYC_DOCUMENT_TOO_LARGE');
    expect(await count(documents)).toBe(0);
    expect((await state(member.authorization)).status).toBe('none');

    const first = await upload(member.authorization, png(), 'image/png');
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ enabled: true, status: 'pending', withdrawalThresholdMinor: 100_000 });
    expect((await upload(member.authorization, PDF, 'application/pdf')).statusCode).toBe(200);
    expect((await upload(member.authorization, JPEG)).statusCode).toBe(200);
    const fourth = await upload(member.authorization, PDF);
    expect(fourth.json()).toMatchObject({
      code: 'KYC_TOO_MANY_DOCUMENTS',
      message: 'You can upload at most 3 documents.',
    });
    expect((await state(member.authorization)).documents.map((d: { contentType: string }) => d.contentType)).toEqual([
      'image/png',
      'application/pdf',
      'image/jpeg',
    ]);
    expect(await count(documents)).toBe(3);
  });

  it('lets the risk role reject with a reason and approve, audited; support may not; a stale version is refused', async () => {
    await setKyc(true, 100_000);
    const member = await signInTestMember(t.app);
    await upload(member.authorization, png());
    const memberId = member.member.id;
    const audit = sql`SELECT count(*) AS n FROM audit_log WHERE target_type = 'member' AND target_id = ${String(memberId)}
                        AND action LIKE 'kyc.%'`;

    expect((await bo(support, 'GET', BACKOFFICE_CALLS.kycReviews, {})).statusCode).toBe(403);
    const queue = (await bo(risk, 'GET', BACKOFFICE_CALLS.kycReviews, {})).json().value;
    expect(queue.items.map((item: { memberId: number }) => item.memberId)).toContain(memberId);
    const review = (await bo(risk, 'GET', BACKOFFICE_CALLS.kycReview, { memberId })).json().value;
    expect(review).toMatchObject({ status: 'pending', documents: 1, account: member.member.account });

    // The document, as an attachment that never runs in the back office's origin.
    const file = await bo(risk, 'GET', BACKOFFICE_CALLS.kycDocument, { documentId: review.documentList[0].id });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');

    expect(
      (await bo(support, 'POST', BACKOFFICE_CALLS.rejectKyc, { memberId }, { version: review.version, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    const stale = await bo(
      risk,
      'POST',
      BACKOFFICE_CALLS.rejectKyc,
      { memberId },
      { version: review.version + 5, reason: 'Blurry' },
    );
    expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
    expect(await count(audit)).toBe(0);

    const rejected = await bo(
      risk,
      'POST',
      BACKOFFICE_CALLS.rejectKyc,
      { memberId },
      { version: review.version, reason: 'The photo is blurry' },
    );
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reason: 'The photo is blurry' });
    expect(await state(member.authorization)).toMatchObject({ status: 'rejected', reason: 'The photo is blurry' });
    expect(
      (
        await bo(risk, 'POST', BACKOFFICE_CALLS.approveKyc, { memberId }, { version: rejected.json().value.version })
      ).json().code,
    ).toBe('KYC_NOT_PENDING');

    // Sending again starts a new round: pending, the old documents kept but not counted.
    expect((await upload(member.authorization, PDF)).json().value).toMatchObject({ status: 'pending', reason: null });
    expect((await state(member.authorization)).documents).toHaveLength(1);
    const again = (await bo(risk, 'GET', BACKOFFICE_CALLS.kycReview, { memberId })).json().value;
    const approved = await bo(risk, 'POST', BACKOFFICE_CALLS.approveKyc, { memberId }, { version: again.version });
    expect(approved.json().value.status).toBe('verified');
    expect((await upload(member.authorization, PDF)).json().code).toBe('KYC_ALREADY_VERIFIED');
    const actions = await query<{ action: string }>(
      t.app.db,
      sql`SELECT action FROM audit_log WHERE target_type = 'member' AND target_id = ${String(memberId)} AND action LIKE 'kyc.%' ORDER BY id`,
    );
    expect(actions.map((row) => row.action)).toEqual(['kyc.reject', 'kyc.approve']);
  });

  it('requires a verified member for withdrawals above the threshold, and only where the brand checks identities', async () => {
    const member = await signInTestMember(t.app);
    const who = { merchantId: member.member.merchantId, memberId: member.member.id };
    await setKyc(false, 100_000);
    await expect(t.app.accounts.kyc.requireVerifiedFor(who, 500_000)).resolves.toBeUndefined();
    await setKyc(true, 100_000);
    await expect(t.app.accounts.kyc.requireVerifiedFor(who, 100_000)).resolves.toBeUndefined();
    await expect(t.app.accounts.kyc.requireVerifiedFor(who, 100_001)).rejects.toMatchObject({
      code: 'KYC_VERIFICATION_REQUIRED',
    });
    await upload(member.authorization, png());
    await expect(t.app.accounts.kyc.requireVerifiedFor(who, 100_001)).rejects.toMatchObject({
      code: 'KYC_VERIFICATION_REQUIRED',
    });
    await query(t.app.db, sql`UPDATE kyc_checks SET status = 'verified' WHERE member_id = ${member.member.id}`);
    await expect(t.app.accounts.kyc.requireVerifiedFor(who, 100_001)).resolves.toBeUndefined();
    await setKyc(true, null);
    const other = await signInTestMember(t.app);
    await expect(
      t.app.accounts.kyc.requireVerifiedFor({ merchantId: other.member.merchantId, memberId: other.member.id }, 9e9),
    ).resolves.toBeUndefined();
  });

  it('refuses a withdrawal above the threshold of a member not verified, holding nothing; verified, it goes', async () => {
    await setKyc(true, 40_000);
    const who = await createWithdrawer(t.app, { depositMinor: 100_000, betMinor: 100_000 });
    const bankAccountId = await bindAccount(t.app, who);
    const refused = await requestWithdrawal(t.app, who, { bankAccountId, amountMinor: 50_000 });
    expect(refused.json().code).toBe('KYC_VERIFICATION_REQUIRED');
    expect(
      await count(sql`SELECT count(*) AS n FROM wallet_movements WHERE member_id = ${who.member.id}
                            AND kind = 'withdrawal_hold'`),
    ).toBe(0);
    expect((await requestWithdrawal(t.app, who, { bankAccountId, amountMinor: 40_000 })).statusCode).toBe(200);
    await query(
      t.app.db,
      sql`INSERT INTO kyc_checks (member_id, merchant_id, status) VALUES (${who.member.id}, ${who.member.merchantId}, 'verified')`,
    );
    expect((await requestWithdrawal(t.app, who, { bankAccountId, amountMinor: 50_000 })).statusCode).toBe(200);
  });

  it("keeps a brand's checks to its own operators' brand, and saves settings with the upline limits, audited", async () => {
    await createTestBrand(t.app.db, 'otherk', 'other-kyc.example');
    const stranger = await signInTestMember(t.app, { merchantCode: 'otherk' });
    await query(
      t.app.db,
      sql`INSERT INTO kyc_checks (member_id, merchant_id, status) VALUES (${stranger.member.id}, ${stranger.member.merchantId}, 'pending')`,
    );
    expect((await bo(risk, 'GET', BACKOFFICE_CALLS.kycReview, { memberId: stranger.member.id })).json().code).toBe(
      'KYC_NOT_FOUND',
    );

    const settings = (await bo(owner, 'GET', BACKOFFICE_CALLS.cashierSettings, {})).json().value;
    const next = {
      ...settings,
      kycEnabled: true,
      kycWithdrawalThresholdMinor: 250_000,
      uplineTransfer: { minMinor: 5_000, maxMinor: 50_000, dailyMaxMinor: 200_000 },
    };
    expect((await bo(risk, 'PUT', BACKOFFICE_CALLS.saveCashierSettings, {}, next)).statusCode).toBe(403);
    const bad = await bo(
      owner,
      'PUT',
      BACKOFFICE_CALLS.saveCashierSettings,
      {},
      { ...next, uplineTransfer: { minMinor: 9, maxMinor: 8, dailyMaxMinor: 10 } },
    );
    expect(bad.json().code).toBe('TRANSFER_LIMITS_INVALID');
    const saved = await bo(owner, 'PUT', BACKOFFICE_CALLS.saveCashierSettings, {}, next);
    expect(saved.json().value).toMatchObject({
      kycWithdrawalThresholdMinor: 250_000,
      uplineTransfer: next.uplineTransfer,
    });
    expect((await bo(owner, 'PUT', BACKOFFICE_CALLS.saveCashierSettings, {}, next)).json().code).toBe(
      'BO_CHANGED_SINCE_OPENED',
    );
    const merchant = await t.app.merchants.findByCode('parlay');
    expect(await t.app.gaming.uplineTransfers.getLimits(merchant!.id)).toEqual(next.uplineTransfer);
    expect(await count(sql`SELECT count(*) AS n FROM audit_log WHERE action = 'cashier.settings'`)).toBe(1);
  });
});
