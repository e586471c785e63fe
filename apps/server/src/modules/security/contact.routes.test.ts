import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import {
  createTestMember,
  injectEncrypted,
  loginThroughApi,
  queryRows,
  signInTestMember,
  type TestMember,
} from '../../test/members';
import { ContactBindingService } from './contact-binding.service';

let t: TestApp;
let counter = 1;
const nextIp = () => `10.62.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;
let phoneCounter = 1000;
/** A fresh Korean mobile number: every test sends to numbers of its own, so no send waits on another's. */
const nextPhone = () => `10${String(62_000_000 + phoneCounter++).padStart(8, '0')}`;
const rows = <T>(query: SQL) => queryRows<T>(t.app, query);
const OTHER_HOST = 'contact-other.example';

beforeAll(async () => {
  t = await createTestApp();
  await createTestBrand(t.app.db, 'contact-other', OTHER_HOST);
});
afterAll(async () => {
  await t.close();
});

const URL = {
  contacts: '/wps/member/security/contact',
  start: '/wps/member/security/contact/start',
  verifyCurrent: '/wps/member/security/contact/verify-current',
  sendNew: '/wps/member/security/contact/new',
  confirm: '/wps/member/security/contact/confirm',
};

function call(authorization: string | null, url: string, body?: unknown, options: { host?: string; ip?: string } = {}) {
  return t.app.inject({
    method: body === undefined ? 'GET' : 'POST',
    url,
    headers: { host: options.host ?? 'localhost', language: 'EN', ...(authorization ? { authorization } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
    remoteAddress: options.ip ?? nextIp(),
  });
}

/** The code of the newest message the outbox holds for a recipient. */
async function codeSentTo(recipient: string): Promise<string> {
  const [row] = await rows<{ body: string }>(
    sql`SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
  );
  const code = /Your code is (\d{6})/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

const outboxTo = (recipient: string) =>
  rows<{ channel: string; body: string }>(
    sql`SELECT channel, body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id`,
  );

/** Codes sent to a target a minute and more ago: the one-a-minute limit per target then lets the next one go. */
const ageCodes = (target: string) =>
  rows(sql`UPDATE verification_codes SET created_at = now() - interval '2 minutes' WHERE target = ${target}`);

/** The member's own language is English: its notices (the mailbox's templates) are written in it. */
const readsEnglish = (member: TestMember) => rows(sql`UPDATE members SET language = 'EN' WHERE id = ${member.id}`);

const templatesOf = async (member: TestMember) =>
  (
    await rows<{ template_key: string; body: string }>(
      sql`SELECT template_key, body FROM member_messages WHERE member_id = ${member.id} ORDER BY id`,
    )
  ).map((row) => row.template_key);

const contactOf = async (member: TestMember) =>
  (
    await rows<{ country_dialing_code: string | null; mobile_num: string | null; email: string | null }>(
      sql`SELECT country_dialing_code, mobile_num, email FROM members WHERE id = ${member.id}`,
    )
  )[0];

describe(ContactBindingService.name, () => {
  it('refuses a visitor, a trial account, and a token of this brand sent to another brand', async () => {
    expect((await call(null, URL.contacts)).json().code).toBe('NOT_LOGGED_IN');
    expect((await call(null, URL.start, { kind: 'mobile' })).json().code).toBe('NOT_LOGGED_IN');
    const trial = await signInTestMember(t.app, { agentType: 4, email: 'trial.contact@mail.io' });
    expect((await call(trial.authorization, URL.contacts)).json().code).toBe('NEED_TRUE_ACCOUNT');
    expect((await call(trial.authorization, URL.start, { kind: 'email' })).json().code).toBe('NEED_TRUE_ACCOUNT');
    expect(await outboxTo('trial.contact@mail.io')).toEqual([]);
    const member = await signInTestMember(t.app, { email: 'elsewhere.contact@mail.io' });
    const elsewhere = await call(member.authorization, URL.start, { kind: 'email' }, { host: OTHER_HOST });
    expect(elsewhere.json().code).toBe('NOT_LOGGED_IN');
    expect(await outboxTo('elsewhere.contact@mail.io')).toEqual([]);
  });

  it('shows the bound mobile and e-mail masked, and null for what is not bound', async () => {
    const both = await signInTestMember(t.app, {
      countryDialingCode: '82',
      mobileNum: '1055512345',
      email: 'masked.member@mail.io',
    });
    expect((await call(both.authorization, URL.contacts)).json().value).toEqual({
      mobile: { masked: '+82 10****2345', countryDialingCode: '82' },
      email: { masked: 'ma***********@mail.io' },
    });
    const none = await signInTestMember(t.app);
    expect((await call(none.authorization, URL.contacts)).json().value).toEqual({ mobile: null, email: null });
  });

  it('changes the mobile by a code to the old number, then one to the new, in that order, and announces it', async () => {
    const oldMobile = nextPhone();
    const newMobile = nextPhone();
    const taken = nextPhone();
    await createTestMember(t.app, { countryDialingCode: '82', mobileNum: taken });
    const { member, authorization } = await signInTestMember(t.app, {
      countryDialingCode: '82',
      mobileNum: oldMobile,
      email: 'mobile.change@mail.io',
    });
    await readsEnglish(member);

    const started = (await call(authorization, URL.start, { kind: 'mobile' })).json();
    expect(started.code).toBe('OK');
    expect(started.value).toMatchObject({
      kind: 'mobile',
      step: 'verifyCurrent',
      maskedCurrent: `+82 ${oldMobile.slice(0, 2)}****${oldMobile.slice(-4)}`,
      maskedNew: null,
      expiredMinutes: 5,
      expiresInSeconds: 900,
    });
    const ticketId = started.value.ticketId as string;
    const oldCode = await codeSentTo(`+82${oldMobile}`);

    // Out of order: the new number before the old is proved, the confirmation before either.
    expect(
      (await call(authorization, URL.sendNew, { ticketId, countryDialingCode: '82', mobileNum: newMobile })).json()
        .code,
    ).toBe('CONTACT_CHANGE_STEP');
    expect((await call(authorization, URL.confirm, { ticketId, code: oldCode })).json().code).toBe(
      'CONTACT_CHANGE_STEP',
    );
    expect(await outboxTo(`+82${newMobile}`)).toEqual([]);
    // A wrong code, then the right one.
    const wrong = oldCode === '000000' ? '111111' : '000000';
    expect((await call(authorization, URL.verifyCurrent, { ticketId, code: wrong })).json().code).toBe(
      'VERIFICATION_CODE_INVALID',
    );
    const verified = (await call(authorization, URL.verifyCurrent, { ticketId, code: oldCode })).json();
    expect(verified.value).toMatchObject({ step: 'newContact', expiredMinutes: null });
    // Proved once: the same code again is a step already done.
    expect((await call(authorization, URL.verifyCurrent, { ticketId, code: oldCode })).json().code).toBe(
      'CONTACT_CHANGE_STEP',
    );

    // The new number: its format, not the bound one, not another member's.
    const sendNew = (body: Record<string, unknown>) => call(authorization, URL.sendNew, { ticketId, ...body });
    expect((await sendNew({ countryDialingCode: '82', mobileNum: '10-12' })).json().code).toBe('PHONE_INVALID');
    expect((await sendNew({ mobileNum: newMobile })).json().code).toBe('PHONE_MISSING');
    const short = await sendNew({ countryDialingCode: '82', mobileNum: '123456' });
    expect(short.json()).toMatchObject({ code: 'FIELD_INVALID', value: { field: 'mobileNum' } });
    expect((await sendNew({ countryDialingCode: '82', mobileNum: oldMobile })).json().code).toBe('CONTACT_UNCHANGED');
    expect((await sendNew({ countryDialingCode: '82', mobileNum: taken })).json().code).toBe('MOBILE_EXISTS');
    expect(await outboxTo(`+82${taken}`)).toEqual([]);
    const named = (await sendNew({ countryDialingCode: '+82', mobileNum: newMobile })).json();
    expect(named.value).toMatchObject({
      step: 'verifyNew',
      maskedNew: `+82 ${newMobile.slice(0, 2)}****${newMobile.slice(-4)}`,
      expiredMinutes: 5,
    });
    const newCode = await codeSentTo(`+82${newMobile}`);

    // The old number's code, spent, does not prove the new one; nothing changed yet.
    if (oldCode !== newCode) {
      expect((await call(authorization, URL.confirm, { ticketId, code: oldCode })).json().code).toBe(
        'VERIFICATION_CODE_INVALID',
      );
    }
    expect(await contactOf(member)).toMatchObject({ mobile_num: oldMobile });
    const done = (await call(authorization, URL.confirm, { ticketId, code: newCode })).json();
    expect(done.code).toBe('OK');
    expect(done.value.mobile).toEqual({
      masked: `+82 ${newMobile.slice(0, 2)}****${newMobile.slice(-4)}`,
      countryDialingCode: '82',
    });
    expect(await contactOf(member)).toEqual({
      country_dialing_code: '82',
      mobile_num: newMobile,
      email: 'mobile.change@mail.io',
    });
    // The ticket is closed: the same code again changes nothing.
    expect((await call(authorization, URL.confirm, { ticketId, code: newCode })).json().code).toBe(
      'CONTACT_CHANGE_EXPIRED',
    );

    // Told in the mailbox, and at the old number and the e-mail; the new number got its code only.
    expect(await templatesOf(member)).toEqual(['securityPhoneChanged']);
    const toOld = await outboxTo(`+82${oldMobile}`);
    expect(toOld).toHaveLength(2);
    expect(toOld[1]?.body).toContain('mobile number of your');
    expect((await outboxTo('mobile.change@mail.io')).map((row) => row.channel)).toEqual(['email']);
    expect(await outboxTo(`+82${newMobile}`)).toHaveLength(1);
  });

  it('changes the e-mail by a code to the old address, then one to the new; refuses one another member has', async () => {
    await createTestMember(t.app, { email: 'Taken.Address@mail.io' });
    const { member, authorization } = await signInTestMember(t.app, { email: 'old.address@mail.io' });
    await readsEnglish(member);
    const started = (await call(authorization, URL.start, { kind: 'email' })).json();
    expect(started.value).toMatchObject({ step: 'verifyCurrent', maskedCurrent: 'ol*********@mail.io' });
    const ticketId = started.value.ticketId as string;
    await call(authorization, URL.verifyCurrent, { ticketId, code: await codeSentTo('old.address@mail.io') });

    const sendNew = (email: string) => call(authorization, URL.sendNew, { ticketId, email });
    expect((await sendNew('not-an-address')).json()).toMatchObject({
      code: 'FIELD_INVALID',
      value: { field: 'email' },
    });
    expect((await sendNew('')).json()).toMatchObject({ code: 'FIELD_REQUIRED', value: { field: 'email' } });
    expect((await sendNew('OLD.address@mail.io')).json().code).toBe('CONTACT_UNCHANGED');
    expect((await sendNew('taken.address@MAIL.io')).json().code).toBe('EMAIL_EXISTS');
    expect((await sendNew('New.Address@mail.io')).json().value).toMatchObject({
      step: 'verifyNew',
      maskedNew: 'ne*********@mail.io',
    });
    const done = (
      await call(authorization, URL.confirm, { ticketId, code: await codeSentTo('new.address@mail.io') })
    ).json();
    expect(done.value.email).toEqual({ masked: 'ne*********@mail.io' });
    expect((await contactOf(member))?.email).toBe('new.address@mail.io');
    expect(await templatesOf(member)).toEqual(['securityEmailChanged']);
    const toOld = await outboxTo('old.address@mail.io');
    expect(toOld.map((row) => row.channel)).toEqual(['email', 'email']);
    expect(toOld[1]?.body).toMatch(/e-mail of your .* is now ne\*+@mail\.io/);
  });

  it('binds a first mobile with the login password and a code to the new number', async () => {
    const mobile = nextPhone();
    const { member, authorization } = await signInTestMember(t.app, { email: 'binds.mobile@mail.io' });
    expect((await call(authorization, URL.start, { kind: 'mobile' })).json().code).toBe('CONTACT_PASSWORD_REQUIRED');
    expect((await call(authorization, URL.start, { kind: 'mobile', password: 'Wrong1234!' })).json().code).toBe(
      'CONTACT_PASSWORD_WRONG',
    );
    const started = (await call(authorization, URL.start, { kind: 'mobile', password: member.password })).json();
    expect(started.value).toMatchObject({ step: 'newContact', maskedCurrent: null, expiredMinutes: null });
    const ticketId = started.value.ticketId as string;
    await call(authorization, URL.sendNew, { ticketId, countryDialingCode: '82', mobileNum: mobile });
    const done = (await call(authorization, URL.confirm, { ticketId, code: await codeSentTo(`+82${mobile}`) })).json();
    expect(done.value.mobile).toMatchObject({ countryDialingCode: '82' });
    expect(await contactOf(member)).toMatchObject({ country_dialing_code: '82', mobile_num: mobile });
    expect(await templatesOf(member)).toEqual(['securityPhoneChanged']);
    // Told at the e-mail it had; the new number has its code only.
    expect((await outboxTo('binds.mobile@mail.io')).map((row) => row.channel)).toEqual(['email']);
    expect(await outboxTo(`+82${mobile}`)).toHaveLength(1);
  });

  it("never reaches another member's change, and refuses an expired change and an expired code", async () => {
    const owner = await signInTestMember(t.app, { email: 'ticket.owner@mail.io' });
    const stranger = await signInTestMember(t.app, { email: 'ticket.stranger@mail.io' });
    const ticketId = (await call(owner.authorization, URL.start, { kind: 'email' })).json().value.ticketId as string;
    const code = await codeSentTo('ticket.owner@mail.io');
    expect((await call(stranger.authorization, URL.verifyCurrent, { ticketId, code })).json().code).toBe(
      'CONTACT_CHANGE_EXPIRED',
    );
    expect(
      (await call(owner.authorization, URL.verifyCurrent, { ticketId, code }, { host: OTHER_HOST })).json().code,
    ).toBe('NOT_LOGGED_IN');

    await rows(
      sql`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = 'ticket.owner@mail.io'`,
    );
    expect((await call(owner.authorization, URL.verifyCurrent, { ticketId, code })).json().code).toBe(
      'VERIFICATION_CODE_EXPIRED',
    );
    await rows(sql`UPDATE member_contact_changes SET expires_at = now() - interval '1 second' WHERE id = ${ticketId}`);
    expect((await call(owner.authorization, URL.verifyCurrent, { ticketId, code })).json().code).toBe(
      'CONTACT_CHANGE_EXPIRED',
    );
    expect((await contactOf(owner.member))?.email).toBe('ticket.owner@mail.io');
  });

  it('keeps to the sending limits: a second code to the same number within the minute is refused', async () => {
    const mobile = nextPhone();
    const { authorization } = await signInTestMember(t.app, { countryDialingCode: '82', mobileNum: mobile });
    const first = (await call(authorization, URL.start, { kind: 'mobile' })).json();
    expect(first.code).toBe('OK');
    const again = await call(authorization, URL.start, { kind: 'mobile' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('SMS_TOO_MANY_REQUESTS');
    expect(await outboxTo(`+82${mobile}`)).toHaveLength(1);
    // The refused start opened nothing: the first change is still the open one.
    expect(
      (
        await call(authorization, URL.verifyCurrent, {
          ticketId: first.value.ticketId,
          code: await codeSentTo(`+82${mobile}`),
        })
      ).json().value.step,
    ).toBe('newContact');
  });

  it('a newer start closes the open change of the kind', async () => {
    const { authorization } = await signInTestMember(t.app, { email: 'two.starts@mail.io' });
    const first = (await call(authorization, URL.start, { kind: 'email' })).json().value.ticketId as string;
    await ageCodes('two.starts@mail.io');
    const second = (await call(authorization, URL.start, { kind: 'email' })).json().value.ticketId as string;
    const code = await codeSentTo('two.starts@mail.io');
    expect((await call(authorization, URL.verifyCurrent, { ticketId: first, code })).json().code).toBe(
      'CONTACT_CHANGE_EXPIRED',
    );
    expect((await call(authorization, URL.verifyCurrent, { ticketId: second, code })).json().value.step).toBe(
      'newContact',
    );
  });

  it('the new-IP check offers and sends its code to the new mobile and e-mail after a change', async () => {
    const oldMobile = nextPhone();
    const newMobile = nextPhone();
    const member = await createTestMember(t.app, {
      countryDialingCode: '82',
      mobileNum: oldMobile,
      email: 'ipcheck.old@mail.io',
    });
    const home = nextIp();
    const signedIn = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: home },
    );
    const authorization = `Bearer ${signedIn.json().value.token}`;

    for (const change of [
      {
        kind: 'mobile',
        old: `+82${oldMobile}`,
        next: `+82${newMobile}`,
        body: { countryDialingCode: '82', mobileNum: newMobile },
      },
      {
        kind: 'email',
        old: 'ipcheck.old@mail.io',
        next: 'ipcheck.new@mail.io',
        body: { email: 'ipcheck.new@mail.io' },
      },
    ]) {
      const ticketId = (await call(authorization, URL.start, { kind: change.kind })).json().value.ticketId as string;
      await call(authorization, URL.verifyCurrent, { ticketId, code: await codeSentTo(change.old) });
      await call(authorization, URL.sendNew, { ticketId, ...change.body });
      expect(
        (await call(authorization, URL.confirm, { ticketId, code: await codeSentTo(change.next) })).json().code,
      ).toBe('OK');
      await ageCodes(change.next);
    }

    const office = nextIp();
    const challenged = await loginThroughApi(
      t.app,
      { username: member.account, password: member.password },
      { remoteAddress: office },
    );
    expect(challenged.json()).toMatchObject({
      code: 'LOGIN_VERIFICATION_REQUIRED',
      value: {
        methods: ['sms', 'email'],
        maskedMobile: `+82 ${newMobile.slice(0, 2)}****${newMobile.slice(-4)}`,
        maskedEmail: 'ip*********@mail.io',
      },
    });
    const challengeId = challenged.json().value.challengeId as string;
    for (const [method, target] of [
      ['sms', `+82${newMobile}`],
      ['email', 'ipcheck.new@mail.io'],
    ] as const) {
      const sent = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login/verification/code',
        body: { challengeId, method },
        remoteAddress: office,
      });
      expect(sent.json().code).toBe('OK');
      expect((await outboxTo(target)).at(-1)?.body).toMatch(/Your code is \d{6}/);
    }
    const oldCountBefore = (await outboxTo(`+82${oldMobile}`)).length;
    const answered = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login/verification',
      body: { challengeId, method: 'email', answer: await codeSentTo('ipcheck.new@mail.io') },
      remoteAddress: office,
    });
    expect(answered.json().code).toBe('OK');
    // Nothing of the check went to the old number.
    expect((await outboxTo(`+82${oldMobile}`)).length).toBe(oldCountBefore);
  });
});
