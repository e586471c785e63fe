import {
  APPLICATION_CALLS,
  APPLICATION_LIMITS,
  BACKOFFICE_CALLS,
  callWithParams,
  type ApplicationOffers,
  type BoApplication,
  type BoApplicationPage,
  type MemberApplication,
  type MemberApplications,
} from '@parlay/contract';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInTestMember } from '../../test/members';
import { bonusBooks, bonusesOf, createPromotion } from '../bonuses/bonuses.fixtures';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { ApplicationService } from './applications.service';

function png(width = 32, height = 24): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(180);
  return PNG.sync.write(image);
}
const JPEG = Buffer.from(jpeg.encode({ width: 20, height: 20, data: Buffer.alloc(20 * 20 * 4, 90) }, 80).data);
/** A GIF's bytes under a PNG's name and type. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface FormInput {
  promotionCode?: string;
  comment?: string;
  images?: { data: Buffer; name?: string; type?: string }[];
}

/** The multipart body a browser's FormData sends. */
function multipart(input: FormInput): { body: Buffer; contentType: string } {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const field = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (input.promotionCode !== undefined) field('promotionCode', input.promotionCode);
  if (input.comment !== undefined) field('comment', input.comment);
  for (const [index, image] of (input.images ?? []).entries()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${image.name ?? `shot${index}.png`}"\r\n` +
          `Content-Type: ${image.type ?? 'image/png'}\r\n\r\n`,
      ),
      image.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(ApplicationService.name, () => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let support: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.housekeeping.settlementFeed?.stop();
    await t.app.housekeeping.bonusExpiry?.stop();
    [admin, finance, support] = [
      await signInAs(t.app, 'demo-admin'),
      await signInAs(t.app, 'demo-finance'),
      await signInAs(t.app, 'demo-support'),
    ];
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const applicationPromotion = (options: Parameters<typeof createPromotion>[2] = {}) =>
    createPromotion(t.app, merchantId, {
      kind: 'application',
      ...options,
      rules: {
        percentBp: null,
        maxBonusMinor: null,
        fixedMinor: 10_000,
        minDepositMinor: 0,
        wageringMultiplier: 1,
        ...options.rules,
      },
    });
  const apply = (authorization: string, input: FormInput, language = 'EN') => {
    const { body, contentType } = multipart(input);
    return t.app.inject({
      method: 'POST',
      url: APPLICATION_CALLS.apply.path,
      headers: { authorization, 'content-type': contentType, language },
      payload: body,
    });
  };
  const offers = async (authorization?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: APPLICATION_CALLS.offers.path,
        headers: { language: 'EN', ...(authorization ? { authorization } : {}) },
      })
    ).json().value as ApplicationOffers;
  const mine = async (authorization: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: APPLICATION_CALLS.list.path,
        headers: { authorization, language: 'EN' },
      })
    ).json().value as MemberApplications;
  const bo = (
    cookie: string,
    call: { method: string; path: string },
    params: Record<string, string | number>,
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: call.method as 'GET' | 'POST',
      url: `${callWithParams(call as never, { brand: 'parlay', ...params }).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const count = async (statement: ReturnType<typeof sql>) =>
    toNumber((await query<{ n: unknown }>(t.app.db, statement))[0]!.n);
  const writes = (memberId: number) =>
    Promise.all([
      count(sql`SELECT count(*) AS n FROM promotion_applications WHERE member_id = ${memberId}`),
      count(sql`SELECT count(*) AS n FROM promotion_application_images WHERE member_id = ${memberId}`),
    ]);
  const messagesOf = (memberId: number) =>
    query<{ title: string; body: string; template_key: string }>(
      t.app.db,
      sql`SELECT title, body, template_key FROM member_messages WHERE member_id = ${memberId} ORDER BY id`,
    );

  it('refuses each bad form with its translated code and writes nothing', async () => {
    const promotion = await applicationPromotion();
    const member = await signInTestMember(t.app);
    const good = { promotionCode: promotion.code, comment: 'Big win!' };
    const cases: [FormInput, string, string, string?][] = [
      [
        { ...good, comment: 'x'.repeat(141) },
        'APPLICATION_COMMENT_TOO_LONG',
        'The comment may be 140 characters at most.',
      ],
      [{ ...good, comment: '   ' }, 'APPLICATION_COMMENT_REQUIRED', 'Please write a comment.'],
      [
        { ...good, images: [png(), png(), png(), png()].map((data) => ({ data })) },
        'APPLICATION_TOO_MANY_IMAGES',
        'You can attach at most 3 images.',
      ],
      [
        { ...good, images: [{ data: GIF, name: 'win.png' }] },
        'IMAGE_INVALID',
        'Only a PNG or JPEG image can be uploaded.',
      ],
      [
        {
          ...good,
          images: [{ data: Buffer.concat([png(), Buffer.alloc(APPLICATION_LIMITS.maxBytes + 1 - png().length)]) }],
        },
        'IMAGE_TOO_LARGE',
        'The image is too large: 5120 KB at most.',
      ],
      [{ ...good, promotionCode: 'NOSUCH' }, 'APPLICATION_PROMOTION_NOT_FOUND', 'This promotion was not found.'],
      [
        { ...good, comment: 'y'.repeat(141) },
        'APPLICATION_COMMENT_TOO_LONG',
        '내용은 140자 이하로 입력해 주세요.',
        'KO',
      ],
    ];
    for (const [input, code, message, language] of cases) {
      const response = await apply(member.authorization, input, language);
      expect(response.json(), code).toMatchObject({ success: false, code, message });
    }
    // Not a form of these fields: JSON, an unknown field, a field sent twice, a file where the comment belongs.
    const boundary = 'vitest-boundary';
    const rawForm = (parts: string) =>
      t.app.inject({
        method: 'POST',
        url: APPLICATION_CALLS.apply.path,
        headers: { authorization: member.authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${parts}--${boundary}--\r\n`,
      });
    const field = (name: string, value: string, filename?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
    const malformed = [
      await t.app.inject({
        method: 'POST',
        url: APPLICATION_CALLS.apply.path,
        headers: { authorization: member.authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(good),
      }),
      await rawForm(field('promotionCode', promotion.code) + field('comment', 'hi') + field('extra', 'x')),
      await rawForm(field('promotionCode', promotion.code) + field('comment', 'hi') + field('comment', 'again')),
      await rawForm(field('promotionCode', promotion.code) + field('comment', 'hi', 'comment.txt')),
    ];
    for (const response of malformed) {
      expect(response.json()).toMatchObject({ success: false, code: 'APPLICATION_FORM_INVALID' });
    }
    const size = Buffer.concat([png(), Buffer.alloc(APPLICATION_LIMITS.maxBytes + 1 - png().length)]).length;
    expect(size).toBe(APPLICATION_LIMITS.maxBytes + 1);
    // Not started, ended, switched off: not open.
    for (const closed of [
      await applicationPromotion({ startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
      await applicationPromotion({
        startsAt: '2020-01-01T00:00:00Z',
        endsAt: new Date(Date.now() - 1000).toISOString(),
      }),
    ]) {
      expect((await apply(member.authorization, { ...good, promotionCode: closed.code })).json()).toMatchObject({
        code: 'APPLICATION_PROMOTION_CLOSED',
        message: 'This promotion is not open for applications now.',
      });
    }
    const off = await applicationPromotion({ active: false });
    expect((await apply(member.authorization, { ...good, promotionCode: off.code })).json().code).toBe(
      'APPLICATION_PROMOTION_NOT_FOUND',
    );
    // A bonus promotion is not an application one.
    const deposit = await createPromotion(t.app, merchantId);
    expect((await apply(member.authorization, { ...good, promotionCode: deposit.code })).json().code).toBe(
      'APPLICATION_PROMOTION_NOT_FOUND',
    );
    expect(await writes(member.member.id)).toEqual([0, 0]);

    // 140 characters (Korean and an emoji count one each) with 3 images is taken; a second while it waits is not.
    const comment = `${'가'.repeat(138)}🎉!`;
    const made = await apply(member.authorization, {
      ...good,
      comment,
      images: [{ data: png() }, { data: JPEG, name: 'b.jpg', type: 'image/jpeg' }, { data: png(16, 16) }],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().value).toMatchObject({ status: 'applying', comment, promotionCode: promotion.code });
    expect(await writes(member.member.id)).toEqual([1, 3]);
    expect((await apply(member.authorization, good)).json()).toMatchObject({
      code: 'APPLICATION_PENDING',
      message: 'You have already applied. Please wait for the result.',
    });
    expect(await writes(member.member.id)).toEqual([1, 3]);
  }, 60_000);

  it('needs a real member to apply, and shows a visitor the offers by their dates', async () => {
    const soon = await applicationPromotion({ startsAt: new Date(Date.now() + 86_400_000).toISOString() });
    const open = await applicationPromotion();
    const response = await t.app.inject({ method: 'POST', url: APPLICATION_CALLS.apply.path, headers: {} });
    expect(response.json().code).toBe('NOT_LOGGED_IN');
    const items = (await offers()).items;
    expect(items.find((item) => item.code === soon.code)?.state).toBe('coming_soon');
    expect(items.find((item) => item.code === open.code)).toMatchObject({ state: 'join', rewardMinor: 10_000 });
  });

  it('approves once: the reward paid as a bonus, issued, a message; rejects with a reason that may apply again', async () => {
    const promotion = await applicationPromotion();
    const member = await signInTestMember(t.app);
    const made = (
      await apply(member.authorization, { promotionCode: promotion.code, comment: 'My win', images: [{ data: png() }] })
    ).json().value as MemberApplication;
    expect((await offers(member.authorization)).items.find((item) => item.code === promotion.code)?.state).toBe(
      'applying',
    );

    // The member sees its image; another member does not.
    const imagePath = callWithParams(APPLICATION_CALLS.image, {
      applicationId: made.id,
      imageId: made.imageIds[0]!,
    }).path;
    const image = await t.app.inject({
      method: 'GET',
      url: imagePath,
      headers: { authorization: member.authorization },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const other = await signInTestMember(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: imagePath, headers: { authorization: other.authorization } })).json()
        .code,
    ).toBe('APPLICATION_NOT_FOUND');

    // Reject first: the member reads the reason, and may apply again.
    expect(
      (await bo(support, BACKOFFICE_CALLS.rejectApplication, { applicationId: made.id }, { reason: 'x' })).json().code,
    ).toBe('BO_PERMISSION_DENIED');
    expect(
      (await bo(finance, BACKOFFICE_CALLS.rejectApplication, { applicationId: made.id }, { reason: 'x'.repeat(141) }))
        .statusCode,
    ).toBe(400);
    const rejected = await bo(
      finance,
      BACKOFFICE_CALLS.rejectApplication,
      { applicationId: made.id },
      { reason: 'Screenshot unreadable' },
    );
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      rejectReason: 'Screenshot unreadable',
      decidedBy: 'demo-finance',
    });
    expect((await offers(member.authorization)).items.find((item) => item.code === promotion.code)).toMatchObject({
      state: 'rejected',
      rejectReason: 'Screenshot unreadable',
    });
    expect((await bo(finance, BACKOFFICE_CALLS.approveApplication, { applicationId: made.id })).json().code).toBe(
      'APPLICATION_NOT_PENDING',
    );

    const again = (await apply(member.authorization, { promotionCode: promotion.code, comment: 'Clearer one' })).json()
      .value as MemberApplication;
    const listed = (await bo(support, BACKOFFICE_CALLS.applications, {}, undefined, '?status=applying')).json()
      .value as BoApplicationPage;
    expect(listed.items.map((item) => item.id)).toContain(again.id);
    expect(listed.items.every((item) => item.status === 'applying')).toBe(true);
    const boImage = await bo(support, BACKOFFICE_CALLS.applicationImage, { imageId: made.imageIds[0]! });
    expect(boImage.headers['content-type']).toBe('image/png');

    const approved = (await bo(admin, BACKOFFICE_CALLS.approveApplication, { applicationId: again.id })).json()
      .value as BoApplication;
    expect(approved).toMatchObject({ status: 'issued', rewardMinor: 10_000, decidedBy: 'demo-admin' });
    expect(await bonusesOf(t.app.db, member.member.id)).toEqual([
      expect.objectContaining({
        id: approved.bonusId,
        amountMinor: 10_000,
        wageringRequiredMinor: 10_000,
        status: 'active',
      }),
    ]);
    expect((await bo(admin, BACKOFFICE_CALLS.approveApplication, { applicationId: again.id })).json()).toMatchObject({
      code: 'APPLICATION_NOT_PENDING',
    });
    expect(await bonusesOf(t.app.db, member.member.id)).toHaveLength(1);
    expect(
      (await mine(member.authorization)).items.map((item) => [item.status, item.rejectReason, item.rewardMinor]),
    ).toEqual([
      ['issued', null, 10_000],
      ['rejected', 'Screenshot unreadable', null],
    ]);
    expect((await offers(member.authorization)).items.find((item) => item.code === promotion.code)?.state).toBe(
      'issued',
    );
    expect(
      (await apply(member.authorization, { promotionCode: promotion.code, comment: 'Once more' })).json().code,
    ).toBe('APPLICATION_ALREADY_ISSUED');
    // Two messages in the member's language (the demo brand's, KO), with the promotion's title, the reason and the amount.
    const messages = await messagesOf(member.member.id);
    expect(messages.map((message) => message.template_key)).toEqual(['applicationRejected', 'applicationIssued']);
    expect(messages[0]!.body).toContain('Screenshot unreadable');
    expect(messages[0]!.body).toContain(`테스트 ${promotion.code}`);
    expect(messages[1]!).toMatchObject({ title: '이벤트 신청 승인' });
    expect(messages[1]!.body).toContain('10,000');
    expect(
      await count(sql`SELECT count(*) AS n FROM audit_log WHERE action IN ('applications.approve', 'applications.reject')
        AND target_id IN (${String(made.id)}, ${String(again.id)})`),
    ).toBe(2);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 60_000);

  it('pays once when 50 approvals of one application run at once', async () => {
    const promotion = await applicationPromotion({ rules: { fixedMinor: 7_000, wageringMultiplier: 0 } });
    const member = await signInTestMember(t.app);
    const made = (await apply(member.authorization, { promotionCode: promotion.code, comment: 'race' })).json()
      .value as MemberApplication;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => bo(admin, BACKOFFICE_CALLS.approveApplication, { applicationId: made.id })),
    );
    expect(results.filter((result) => result.statusCode === 200)).toHaveLength(1);
    expect(new Set(results.filter((result) => result.statusCode !== 200).map((result) => result.json().code))).toEqual(
      new Set(['APPLICATION_NOT_PENDING']),
    );
    // Nothing to wager: the reward is free cash at once.
    expect(await bonusesOf(t.app.db, member.member.id)).toEqual([
      expect.objectContaining({ amountMinor: 7_000, status: 'completed' }),
    ]);
    expect(
      await t.app.gaming.wallet.findBalance(t.app.db, { merchantId, memberId: member.member.id, currency: 'KRW' }),
    ).toBe(7_000);
    expect(await count(sql`SELECT count(*) AS n FROM member_messages WHERE member_id = ${member.member.id}`)).toBe(1);
    expect(await bonusBooks(t.app.db)).toEqual({ paid: 0, takenBack: 0, unbalanced: 0, negative: 0 });
  }, 120_000);
});
