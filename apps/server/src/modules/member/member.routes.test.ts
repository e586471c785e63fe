import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember, injectEncrypted, loginThroughApi, signInTestMember, queryRows } from '../../test/members';
import { PasswordService } from '../password/index';

// Sign-ins run scrypt at production cost; a loaded CI machine needs room.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; data: string }[] = [];
let counter = 1;
const nextIp = () => `10.2.${Math.floor(counter / 250)}.${(counter++ % 250) + 1}`;

const rows = <T>(query: SQL) => queryRows<T>(t.app, query);

async function latestCode(recipient: string): Promise<string> {
  const [row] = await rows<{ body: string }>(
    sql`SELECT body FROM outbox_messages WHERE recipient = ${recipient} ORDER BY id DESC LIMIT 1`,
  );
  const match = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!match?.[1]) throw new Error(`no code sent to ${recipient}`);
  return match[1];
}

beforeAll(async () => {
  // A real SMTP peer: the e-mail provider is exercised end to end, not mocked.
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Parlay <no-reply@parlay.example>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe(PasswordService.name, () => {
  describe('POST /wps/member/password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const member = await createTestMember(t.app);
      const here = await signInTestMember(t.app, member);
      const elsewhere = await signInTestMember(t.app, member);
      const change = (body: Record<string, string>, language = 'EN') =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/member/password',
          headers: { authorization: here.authorization, language },
          body,
        });

      expect(
        (
          await change({ oldPassword: 'Wrong1234!', newPassword: 'Fresh1234!', confirmNewPassword: 'Fresh1234!' })
        ).json(),
      ).toMatchObject({
        code: 'OLD_PASSWORD_WRONG',
      });
      expect(
        (
          await change({ oldPassword: member.password, newPassword: 'Fresh1234!', confirmNewPassword: 'Fresh1234?' })
        ).json(),
      ).toMatchObject({
        code: 'PASSWORD_CONFIRMATION_MISMATCH',
      });
      expect(
        (await change({ oldPassword: member.password, newPassword: 'short', confirmNewPassword: 'short' })).json(),
      ).toMatchObject({
        code: 'FIELD_INVALID',
        value: { field: 'password' },
      });
      expect(
        (
          await change({
            oldPassword: member.password,
            newPassword: member.password,
            confirmNewPassword: member.password,
          })
        ).json(),
      ).toMatchObject({
        code: 'PASSWORD_UNCHANGED',
      });
      // None of the refusals changed anything: the old password still signs in.
      expect(
        (
          await loginThroughApi(
            t.app,
            { username: member.account, password: member.password },
            { remoteAddress: nextIp() },
          )
        ).statusCode,
      ).toBe(200);

      const ok = await change({
        oldPassword: member.password,
        newPassword: 'Fresh1234!',
        confirmNewPassword: 'Fresh1234!',
      });
      expect(ok.statusCode).toBe(200);
      const info = (authorization: string) =>
        t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } });
      expect((await info(here.authorization)).statusCode).toBe(200);
      expect((await info(elsewhere.authorization)).statusCode).toBe(401);
      expect(
        (
          await loginThroughApi(
            t.app,
            { username: member.account, password: 'Fresh1234!' },
            { remoteAddress: nextIp() },
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await loginThroughApi(
            t.app,
            { username: member.account, password: member.password },
            { remoteAddress: nextIp() },
          )
        ).statusCode,
      ).toBe(400);
    });

    it('clears the default-password flag', async () => {
      const member = await createTestMember(t.app);
      await t.app.db.execute(sql`UPDATE members SET password_is_default = true WHERE id = ${member.id}`);
      const { authorization } = await signInTestMember(t.app, member);
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/member/password',
        headers: { authorization },
        body: { oldPassword: member.password, newPassword: 'Other1234!', confirmNewPassword: 'Other1234!' },
      });
      expect(response.statusCode).toBe(200);
      const login = await loginThroughApi(
        t.app,
        { username: member.account, password: 'Other1234!' },
        { remoteAddress: nextIp() },
      );
      expect(login.json().value).toMatchObject({ cpw: false, passwordIsDefault: false });
    });

    it('needs a session', async () => {
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/member/password',
        body: { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' },
      });
      expect(response.json().code).toBe('NOT_LOGGED_IN');
    });
  });

  describe('POST /wps/member/password/verification', () => {
    it('sets a new password with the code from the outbox, signs in, and refuses the code a second time', async () => {
      const member = await createTestMember(t.app, { countryDialingCode: '82', mobileNum: '1077701111' });
      const old = await signInTestMember(t.app, member);
      const ip = nextIp();
      await t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum: '1077701111', countryDialingCode: '82' },
        remoteAddress: ip,
      });
      const code = await latestCode('+821077701111');
      const recover = (verificationCode: string, newPassword = 'Phone1234!') =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/member/password/verification',
          body: {
            mobileNum: '1077701111',
            countryDialingCode: '82',
            verificationCode,
            newPassword,
            confirmNewPassword: newPassword,
          },
          remoteAddress: ip,
        });
      expect((await recover(code, 'weak')).json().code).toBe('FIELD_INVALID');
      const response = await recover(code);
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toMatchObject({ id: member.id, token: expect.any(String) });
      expect(
        (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: old.authorization } }))
          .statusCode,
      ).toBe(401);
      expect((await recover(code, 'Again1234!')).json().code).toBe('VERIFICATION_CODE_INVALID');
      // Signing in from the IP the recovery signed in from needs no second check.
      expect(
        (await loginThroughApi(t.app, { username: member.account, password: 'Phone1234!' }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    });

    it('refuses a number without an account like a wrong code', async () => {
      const response = await injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/member/password/verification',
        body: {
          mobileNum: '1077709999',
          countryDialingCode: '82',
          verificationCode: '123456',
          newPassword: 'Phone1234!',
        },
        remoteAddress: nextIp(),
      });
      expect(response.json().code).toBe('VERIFICATION_CODE_INVALID');
    });
  });

  describe('POST /wps/member/password/email', () => {
    it('tells when the username and e-mail do not match an account, as the spec asks', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded', language: 'EN' },
        payload: 'username=demo&email=wrong%40mail.io',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'USERNAME_OR_EMAIL_NOT_FOUND',
        message: 'Username/Email does not exist',
      });
    });

    it('e-mails a reset link through SMTP; the link sets a new password once', async () => {
      const member = await createTestMember(t.app, { email: 'reset.me@mail.io' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${member.account}&email=RESET.me%40mail.io`,
        remoteAddress: nextIp(),
      });
      expect(response.json()).toMatchObject({ success: true, value: { sent: true } });
      const mail = received.find((message) => message.to.includes('reset.me@mail.io'));
      expect(mail).toBeDefined();
      const token = /resetPasswordToken=3D([A-Za-z0-9_-]+)|resetPasswordToken=([A-Za-z0-9_-]+)/.exec(
        mail?.data.replace(/=\r?\n/g, '') ?? '',
      );
      const resetToken = token?.[1] ?? token?.[2] ?? '';
      expect(resetToken).toHaveLength(43);

      const reset = (newPassword: string) =>
        injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/member/password/email/reset',
          body: { token: resetToken, newPassword, confirmNewPassword: newPassword },
        });
      expect((await reset('Mailed1234!')).statusCode).toBe(200);
      expect((await reset('Twice1234!')).json().code).toBe('RESET_TOKEN_INVALID');
      // Three links an hour per account, from any IP.
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/member/password/email',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=${member.account}&email=reset.me%40mail.io`,
          remoteAddress: nextIp(),
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).json().code).toBe('TOO_MANY_REQUESTS');
      expect(
        (
          await loginThroughApi(
            t.app,
            { username: member.account, password: 'Mailed1234!' },
            { remoteAddress: nextIp() },
          )
        ).statusCode,
      ).toBe(200);
    });

    it("builds the link on the brand's site address, whatever Host the request names", async () => {
      const member = await createTestMember(t.app, { email: 'host.poison@mail.io' });
      // An unknown host falls back to the default brand: the request reaches the demo brand's member.
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        headers: { host: 'evil-attacker.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${member.account}&email=host.poison%40mail.io`,
        remoteAddress: nextIp(),
      });
      expect(response.json()).toMatchObject({ success: true, value: { sent: true } });
      const [mail] = await rows<{ body: string }>(
        sql`SELECT body FROM outbox_messages WHERE recipient = 'host.poison@mail.io' ORDER BY id DESC LIMIT 1`,
      );
      const link = mail?.body.split('\n').find((line) => line.includes('resetPasswordToken=')) ?? '';
      const [brand] = await rows<{ site_url: string }>(sql`SELECT site_url FROM merchants WHERE code = 'parlay'`);
      // The demo seed's address: the port of the configuration the test server runs on.
      expect(brand?.site_url).toBe(`http://localhost:${t.config.PORT}`);
      expect(link.startsWith(`${brand?.site_url}/?resetPasswordToken=`)).toBe(true);
      expect(link).toMatch(/^http:\/\/localhost:\d+\/\?resetPasswordToken=[\w-]{43}$/);
      expect(mail?.body).not.toContain('evil-attacker');
    });

    it('refuses, in the language of the request, on a brand with no site address, and stores and sends nothing', async () => {
      await createTestBrand(t.app.db, 'nosite', 'nosite.example');
      const member = await createTestMember(t.app, { merchantCode: 'nosite', email: 'no.site@mail.io' });
      const ask = (language: string) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/member/password/email',
          headers: { host: 'nosite.example', 'content-type': 'application/x-www-form-urlencoded', language },
          payload: `username=${member.account}&email=no.site%40mail.io`,
          remoteAddress: nextIp(),
        });
      const english = await ask('EN');
      expect(english.statusCode).toBe(503);
      expect(english.json()).toMatchObject({
        code: 'BRAND_SITE_URL_MISSING',
        message: 'This site cannot send e-mails with links yet. Please contact customer service.',
      });
      expect((await ask('KO')).json().message).toBe(
        '이 사이트는 아직 링크가 담긴 메일을 보낼 수 없습니다. 고객센터에 문의해 주세요.',
      );
      const [stored] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM password_reset_tokens WHERE member_id = ${member.id}`,
      );
      expect(stored?.n).toBe(0);
      const [sent] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = 'no.site@mail.io'`,
      );
      expect(sent?.n).toBe(0);
      expect(received.some((message) => message.to.includes('no.site@mail.io'))).toBe(false);
    });
  });
});

describe('member profile calls', () => {
  it('updates the language and refuses one the product does not have', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { authorization },
      payload: { language: 'EN' },
    });
    expect(ok.json()).toMatchObject({ success: true, value: { language: 'EN' } });
    const [row] = await rows<{ language: string }>(sql`SELECT language FROM members WHERE id = ${member.id}`);
    expect(row?.language).toBe('EN');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      headers: { authorization },
      payload: { language: 'XX' },
    });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'EN' } })).statusCode,
    ).toBe(401);
  });

  it('lists the avatars, sets one and serves it as the player avatar', async () => {
    const { authorization } = await signInTestMember(t.app);
    const icons = await t.app.inject({ method: 'GET', url: '/wps/member/info/icon', headers: { authorization } });
    expect(icons.json().value.icons).toHaveLength(12);
    expect(icons.json().value.current.avatarType).toBe('STATIC');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: { authorization },
      payload: { avatar: 'a07' },
    });
    expect(set.json().value).toEqual({ avatar: 'a07', avatarType: 'STATIC' });
    const avatar = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: { authorization },
    });
    expect(avatar.json().value).toEqual({ avatar: 'a07', avatarType: 'STATIC' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: { authorization },
      payload: { avatar: '../../etc/passwd' },
    });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('changes the nickname, trimmed, and refuses one out of bounds or with other characters', async () => {
    const { member, authorization } = await signInTestMember(t.app);
    const put = (nickname: string, headers: Record<string, string> = { authorization }) =>
      t.app.inject({ method: 'PUT', url: '/wps/member/info/nickname', headers, payload: { nickname } });
    const changed = await put('  별빛 Player_1  ');
    expect(changed.json()).toMatchObject({ success: true, value: { nickname: '별빛 Player_1' } });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } });
    expect(info.json().value.nickname).toBe('별빛 Player_1');
    for (const bad of ['a', 'x'.repeat(21), '<script>', '_edge', 'edge.', '   ', 'two\nlines']) {
      const refused = await put(bad, { authorization, language: 'KO' });
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json(), bad).toMatchObject({ code: 'NICKNAME_INVALID' });
      expect(refused.json().message).toContain('닉네임');
    }
    const [row] = await rows<{ nickname: string }>(sql`SELECT nickname FROM members WHERE id = ${member.id}`);
    expect(row?.nickname).toBe('별빛 Player_1');
    expect((await put('Visitor', {})).statusCode).toBe(401);
    const trial = await signInTestMember(t.app, { agentType: 4 });
    const refused = await put('Trial', { authorization: trial.authorization });
    expect(refused.json().code).toBe('NEED_TRUE_ACCOUNT');
  });

  describe('avatar upload', () => {
    const upload = (body: Buffer, authorization: string, type = 'application/octet-stream') =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/info/icon/upload',
        headers: { authorization, 'content-type': type },
        payload: body,
      });
    const files = async () =>
      Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM media_files WHERE kind = 'avatar'`))[0]?.n);

    /** A JPEG of a photo with an EXIF segment (a camera's make and GPS tag) after its SOI marker. */
    function photoWithExif(width: number, height: number): Buffer {
      const data = Buffer.alloc(width * height * 4, 90);
      const encoded = jpeg.encode({ data, width, height }, 90).data;
      const exifBody = Buffer.concat([Buffer.from('Exif\0\0'), Buffer.from('Make=SecretCam GPSLatitude=37.56')]);
      const app1 = Buffer.alloc(4);
      app1.writeUInt16BE(0xffe1, 0);
      app1.writeUInt16BE(exifBody.length + 2, 2);
      return Buffer.concat([encoded.subarray(0, 2), app1, exifBody, encoded.subarray(2)]);
    }

    it('stores a JPEG cropped square, 256 px, encoded again without its EXIF, as the member avatar', async () => {
      const { authorization } = await signInTestMember(t.app);
      const photo = photoWithExif(600, 400);
      expect(photo.includes('SecretCam')).toBe(true);
      const response = await upload(photo, authorization, 'image/jpeg');
      expect(response.statusCode, response.body).toBe(200);
      const { avatar, avatarType } = response.json().value as { avatar: string; avatarType: string };
      expect(avatarType).toBe('CUSTOM');
      expect(avatar).toMatch(/^\/wps\/media\/[a-f0-9]{32}\.jpg$/);
      const image = await t.app.inject({ method: 'GET', url: avatar });
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.rawPayload.includes('SecretCam')).toBe(false);
      expect(image.rawPayload.includes('Exif')).toBe(false);
      expect(jpeg.decode(image.rawPayload)).toMatchObject({ width: 256, height: 256 });
      const current = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCSFE_getPlayerAvatar',
        headers: { authorization },
      });
      expect(current.json().value).toEqual({ avatar, avatarType: 'CUSTOM' });
    });

    it('keeps a small PNG its size and drops what follows its end', async () => {
      const { authorization } = await signInTestMember(t.app);
      const png = new PNG({ width: 64, height: 64 });
      png.data.fill(120);
      const response = await upload(
        Buffer.concat([PNG.sync.write(png), Buffer.from('<script>alert(1)</script>')]),
        authorization,
        'image/png',
      );
      const { avatar } = response.json().value as { avatar: string };
      expect(avatar).toMatch(/\.png$/);
      const image = await t.app.inject({ method: 'GET', url: avatar });
      expect(image.rawPayload.includes('<script>')).toBe(false);
      expect(PNG.sync.read(image.rawPayload)).toMatchObject({ width: 64, height: 64 });
    });

    it('refuses what is not a PNG or JPEG by its bytes, too small, over 5 MB, or a trial account: nothing stored', async () => {
      const { authorization } = await signInTestMember(t.app);
      const before = await files();
      const tiny = new PNG({ width: 8, height: 8 });
      const cases: [Buffer, string, string][] = [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png', 'IMAGE_INVALID'],
        [Buffer.from('GIF89a......'), 'image/jpeg', 'IMAGE_INVALID'],
        [PNG.sync.write(tiny), 'image/png', 'IMAGE_DIMENSIONS'],
      ];
      for (const [body, type, code] of cases) {
        expect((await upload(body, authorization, type)).json().code, code).toBe(code);
      }
      const huge = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), authorization);
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('IMAGE_TOO_LARGE');
      const trial = await signInTestMember(t.app, { agentType: 4 });
      expect((await upload(photoWithExif(64, 64), trial.authorization)).json().code).toBe('NEED_TRUE_ACCOUNT');
      expect((await upload(photoWithExif(64, 64), '')).statusCode).toBe(401);
      expect(await files()).toBe(before);
    });

    it("deletes the replaced upload with a new one and with a static avatar, never another member's", async () => {
      const { authorization } = await signInTestMember(t.app);
      const other = await signInTestMember(t.app);
      const png = new PNG({ width: 64, height: 64 });
      png.data.fill(200);
      const image = PNG.sync.write(png);
      const urlOf = async (auth: string) => (await upload(image, auth, 'image/png')).json().value.avatar as string;
      const othersAvatar = await urlOf(other.authorization);
      const before = await files();
      const first = await urlOf(authorization);
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
      const second = await urlOf(authorization);
      expect(second).not.toBe(first);
      expect((await t.app.inject({ method: 'GET', url: first })).json().code).toBe('MEDIA_NOT_FOUND');
      expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
      expect(await files()).toBe(before + 1);
      const chosen = await t.app.inject({
        method: 'PUT',
        url: '/wps/member/info/icon',
        headers: { authorization },
        payload: { avatar: 'a03' },
      });
      expect(chosen.json().value).toEqual({ avatar: 'a03', avatarType: 'STATIC' });
      expect((await t.app.inject({ method: 'GET', url: second })).json().code).toBe('MEDIA_NOT_FOUND');
      expect(await files()).toBe(before);
      expect((await t.app.inject({ method: 'GET', url: othersAvatar })).statusCode).toBe(200);
    });
  });

  it('shows the upline and the rank label in member info', async () => {
    const { authorization } = await signInTestMember(t.app, { uplineId: 2 });
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization } });
    expect(info.json().value).toMatchObject({
      toUpline: 'agent',
      clubLabel: { labelName: 'VIP0', rankLevel: 0 },
      memberLabel: [],
    });
  });
});
