import { BACKOFFICE_CALLS, callWithParams, type AuditEntry } from '@parlay/contract';
import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ACTOR } from '../../test/actors';
import { createTestApp, type TestApp } from '../../test/app';
import { callBackoffice, signInAs } from './operators.fixtures';
import { OperatorService } from './operators.service';

const PASSWORD = 'a-long-operator-password';

describe(OperatorService.name, () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await query(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel, site_url)
          SELECT 'second', 'Second', currency, time_zone, config, site, whitelabel, 'https://second.example'
            FROM merchants WHERE code = 'parlay'`,
    );
    owner = await signInAs(t.app, 'demo-owner');
    admin = await signInAs(t.app, 'demo-admin');
  });
  afterAll(async () => t.close());

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    remoteAddress?: string,
  ) => callBackoffice(t.app, { method, url, cookie, payload, ...(remoteAddress ? { remoteAddress } : {}) });
  const operatorPath = (
    call: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: `${string}:operatorId${string}` },
    id: number,
  ) => callWithParams(call, { operatorId: id } as never).path;
  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (await t.app.audit.search({ allBrands: true, merchantIds: [] }, { limit: 50, action })).items;
  const invite = (cookie: string, body: Record<string, unknown>) =>
    call(cookie, 'POST', BACKOFFICE_CALLS.inviteOperator.path, {
      name: 'New Operator',
      roles: ['support'],
      allBrands: false,
      brands: ['parlay'],
      ...body,
    });
  const idOf = async (login: string) => (await t.app.backoffice.operators.getByLogin(login)).id;

  describe('invitations', () => {
    it("e-mails a one-time link built on the brand's site address, never the request's host", async () => {
      const response = await invite(owner, { login: 'casey', email: 'casey@example.com' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().value).toMatchObject({
        login: 'casey',
        status: 'invited',
        roles: ['support'],
        brands: ['parlay'],
        totpEnrolled: false,
        invitationExpiresAt: expect.any(String),
      });
      expect(response.body).not.toContain('token');
      const [mail] = await t.app.accounts.codes.findOutbox('casey@example.com');
      const link = /http:\/\/localhost:8080\/backoffice\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.body);
      expect(link, mail!.body).not.toBeNull();
      const token = link![1]!;

      const described = await call('', 'POST', BACKOFFICE_CALLS.invitation.path, { token });
      expect(described.json().value).toMatchObject({ login: 'casey', email: 'casey@example.com' });
      const weak = await call('', 'POST', BACKOFFICE_CALLS.acceptInvitation.path, { token, password: 'casey' });
      expect(weak.json().code).toBe('VALIDATION_FAILED');
      const accepted = await call('', 'POST', BACKOFFICE_CALLS.acceptInvitation.path, { token, password: PASSWORD });
      expect(accepted.json().value).toEqual({ login: 'casey' });
      const again = await call('', 'POST', BACKOFFICE_CALLS.acceptInvitation.path, { token, password: PASSWORD });
      expect(again.json().code).toBe('BO_INVITATION_INVALID');

      const [entry] = await auditOf('operator.invite');
      expect(entry).toMatchObject({
        actor: `operator:${await idOf('demo-owner')}`,
        operatorLogin: 'demo-owner',
        brand: 'parlay',
        targetType: 'operator',
        targetId: String(await idOf('casey')),
        after: { login: 'casey', roles: ['support'], brands: ['parlay'], email: 'casey@example.com' },
        ip: '127.0.0.1',
      });
      expect(JSON.stringify(entry)).not.toContain(token);
    });

    it('refuses a password that is the login', async () => {
      const invitation = await t.app.backoffice.operators.invite(
        TEST_ACTOR,
        {
          login: 'dana-long-login',
          name: 'Dana',
          email: 'dana@example.com',
          roles: ['support'],
          allBrands: false,
          brands: ['parlay'],
        },
        'link',
      );
      const token = new URL(invitation.link!).searchParams.get('token')!;
      const response = await call('', 'POST', BACKOFFICE_CALLS.acceptInvitation.path, {
        token,
        password: 'DANA-LONG-LOGIN',
      });
      expect(response.json().code).toBe('BO_PASSWORD_WEAK');
    });

    it('refuses a second operator with the same login or e-mail, and stores nothing', async () => {
      const before = (await auditOf('operator.invite')).length;
      const login = await invite(owner, { login: 'casey', email: 'other@example.com' });
      expect(login.json()).toMatchObject({ code: 'BO_OPERATOR_EXISTS', value: { field: 'login' } });
      const email = await invite(owner, { login: 'casey2', email: 'CASEY@example.com' });
      expect(email.json()).toMatchObject({ code: 'BO_OPERATOR_EXISTS', value: { field: 'email' } });
      expect(await auditOf('operator.invite')).toHaveLength(before);
    });

    it('sends a new link that replaces the first, only before the invitation is accepted', async () => {
      await invite(owner, { login: 'erin', email: 'erin@example.com' });
      const id = await idOf('erin');
      const again = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.reinviteOperator, id));
      expect(again.statusCode, again.body).toBe(200);
      const mails = await t.app.accounts.codes.findOutbox('erin@example.com');
      expect(mails).toHaveLength(2);
      const tokens = mails.map((mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!);
      const [newest, oldest] = tokens;
      expect((await call('', 'POST', BACKOFFICE_CALLS.invitation.path, { token: oldest })).json().code).toBe(
        'BO_INVITATION_INVALID',
      );
      expect((await call('', 'POST', BACKOFFICE_CALLS.invitation.path, { token: newest })).statusCode).toBe(200);
      const caseyId = await idOf('casey');
      const accepted = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.reinviteOperator, caseyId));
      expect(accepted.json().code).toBe('BO_INVITATION_ACCEPTED');
    });
  });

  describe('who may change whom', () => {
    it('lets only an owner give the owner role, and keeps an admin to its own brands', async () => {
      expect((await invite(admin, { login: 'frank', email: 'frank@example.com', roles: ['owner'] })).json().code).toBe(
        'BO_OWNER_ONLY',
      );
      expect(
        (await invite(admin, { login: 'frank', email: 'frank@example.com', allBrands: true, brands: [] })).json().code,
      ).toBe('BO_BRAND_DENIED');
      expect(
        (await invite(admin, { login: 'frank', email: 'frank@example.com', brands: ['parlay', 'second'] })).json().code,
      ).toBe('BO_BRAND_DENIED');
      const ok = await invite(admin, { login: 'frank', email: 'frank@example.com', roles: ['finance', 'support'] });
      expect(ok.statusCode, ok.body).toBe(200);
      const id = ok.json().value.id as number;
      const version = ok.json().value.version as number;
      const promoted = await call(admin, 'PUT', operatorPath(BACKOFFICE_CALLS.setOperatorRoles, id), {
        roles: ['owner'],
        version,
      });
      expect(promoted.json().code).toBe('BO_OWNER_ONLY');
      const byOwner = await call(owner, 'PUT', operatorPath(BACKOFFICE_CALLS.setOperatorRoles, id), {
        roles: ['owner'],
        version,
      });
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      // Now an owner, it is out of the admin's reach.
      const suspended = await call(admin, 'POST', operatorPath(BACKOFFICE_CALLS.suspendOperator, id), {
        reason: 'no',
        version: byOwner.json().value.version,
      });
      expect(suspended.json().code).toBe('BO_OWNER_ONLY');
    });

    it("hides operators of other brands from an admin of one, and the platform's owner", async () => {
      await t.app.backoffice.operators.invite(
        TEST_ACTOR,
        {
          login: 'grace',
          name: 'Grace',
          email: 'grace@example.com',
          roles: ['content'],
          allBrands: false,
          brands: ['second'],
        },
        'link',
      );
      const listed = await call(admin, 'GET', `${BACKOFFICE_CALLS.operators.path}?limit=200`);
      const logins = (listed.json().value.items as { login: string }[]).map((operator) => operator.login);
      expect(logins).toContain('demo-support');
      expect(logins).not.toContain('grace');
      expect(logins).not.toContain('demo-owner');
      const grace = await call(admin, 'GET', operatorPath(BACKOFFICE_CALLS.operator, await idOf('grace')));
      expect(grace.json().code).toBe('BO_OPERATOR_NOT_FOUND');
      const all = await call(owner, 'GET', `${BACKOFFICE_CALLS.operators.path}?limit=200`);
      expect((all.json().value.items as { login: string }[]).map((operator) => operator.login)).toContain('grace');
    });

    it('pages the operators by keyset, each once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await call(
          owner,
          'GET',
          `${BACKOFFICE_CALLS.operators.path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        );
        const value = page.json().value as { items: { login: string }[]; nextCursor: string | null };
        seen.push(...value.items.map((operator) => operator.login));
        cursor = value.nextCursor;
      } while (cursor);
      const total = await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM operators`);
      expect(seen).toHaveLength(Number(total[0]!.n));
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('refuses a change to oneself', async () => {
      const self = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.suspendOperator, await idOf('demo-owner')), {
        reason: 'tired',
        version: 0,
      });
      expect(self.json().code).toBe('BO_NOT_ON_YOURSELF');
    });

    it('refuses a save from a page opened before another change, and writes and audits nothing', async () => {
      const id = await idOf('demo-content');
      const opened = (await call(owner, 'GET', operatorPath(BACKOFFICE_CALLS.operator, id))).json().value;
      const first = await call(owner, 'PUT', operatorPath(BACKOFFICE_CALLS.setOperatorRoles, id), {
        roles: ['content', 'support'],
        version: opened.version,
      });
      expect(first.statusCode, first.body).toBe(200);
      const rolesAudited = (await auditOf('operator.roles')).length;
      const stale = await call(owner, 'PUT', operatorPath(BACKOFFICE_CALLS.setOperatorRoles, id), {
        roles: ['readOnly'],
        version: opened.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');
      expect((await t.app.backoffice.operators.getByLogin('demo-content')).roles).toEqual(['content', 'support']);
      expect(await auditOf('operator.roles')).toHaveLength(rolesAudited);
      const [entry] = await auditOf('operator.roles');
      expect(entry).toMatchObject({ before: { roles: ['content'] }, after: { roles: ['content', 'support'] } });
    });

    it('never suspends or demotes the last active owner', async () => {
      // frank became an owner above but never accepted his invitation: demo-owner is the only active one.
      const ownerId = await idOf('demo-owner');
      await expect(t.app.backoffice.operators.suspend(TEST_ACTOR, ownerId, 'by the CLI', null)).rejects.toMatchObject({
        code: 'BO_LAST_OWNER',
      });
      await expect(t.app.backoffice.operators.setRoles(TEST_ACTOR, ownerId, ['admin'], null)).rejects.toMatchObject({
        code: 'BO_LAST_OWNER',
      });
      expect((await t.app.backoffice.operators.getByLogin('demo-owner')).status).toBe('active');
    });

    it('suspends an operator (its sessions end at once) and reactivates it', async () => {
      const cookie = await signInAs(t.app, 'demo-finance');
      const id = await idOf('demo-finance');
      const { version } = await t.app.backoffice.operators.getByLogin('demo-finance');
      const suspended = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.suspendOperator, id), {
        reason: 'on leave',
        version,
      });
      expect(suspended.json().value).toMatchObject({
        status: 'suspended',
        suspendedReason: 'on leave',
        liveSessions: 0,
      });
      expect((await call(cookie, 'GET', BACKOFFICE_CALLS.session.path)).statusCode).toBe(401);
      const reactivated = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.reactivateOperator, id), {
        version: suspended.json().value.version,
      });
      expect(reactivated.json().value).toMatchObject({ status: 'active', suspendedReason: null });
      expect(await signInAs(t.app, 'demo-finance')).toMatch(/^parlay_bo=/);
      const [entry] = await auditOf('operator.suspend');
      expect(entry).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended', reason: 'on leave' } });
    });

    it("resets an operator's authenticator: the next sign-in enrols again", async () => {
      const id = await idOf('demo-readonly');
      const { version } = await t.app.backoffice.operators.getByLogin('demo-readonly');
      const reset = await call(owner, 'POST', operatorPath(BACKOFFICE_CALLS.resetOperatorTotp, id), { version });
      expect(reset.json().value).toMatchObject({ totpEnrolled: false, recoveryCodesLeft: 0 });
      const step = await callBackoffice(t.app, {
        method: 'POST',
        url: BACKOFFICE_CALLS.signIn.path,
        payload: { login: 'demo-readonly', password: 'parlay-demo-operator' },
      });
      expect(step.json().value.next).toBe('enrol');
    });
  });

  describe("a brand's IP allow-list", () => {
    const listPath = callWithParams(BACKOFFICE_CALLS.ipAllowList, { brand: 'parlay' }).path;

    it("refuses a list that leaves out the caller's own IP, or holds something that is not an address", async () => {
      const without = await call(owner, 'PUT', listPath, { entries: [{ cidr: '10.0.0.0/8' }], version: 0 });
      expect(without.json()).toMatchObject({ code: 'BO_IP_LIST_EXCLUDES_YOU', value: { ip: '127.0.0.1' } });
      const bad = await call(owner, 'PUT', listPath, { entries: [{ cidr: 'office' }], version: 0 });
      expect(bad.json()).toMatchObject({ code: 'BO_IP_ENTRY_INVALID', value: { entry: 'office' } });
    });

    it("holds every call for the brand to the list, and leaves the platform's calls alone", async () => {
      const saved = await call(owner, 'PUT', listPath, {
        entries: [
          { cidr: '127.0.0.1', note: 'this machine' },
          { cidr: '10.0.0.0/8', note: 'office' },
        ],
        version: 0,
      });
      expect(saved.json().value).toEqual({
        brand: 'parlay',
        entries: [
          { cidr: '127.0.0.1', note: 'this machine' },
          { cidr: '10.0.0.0/8', note: 'office' },
        ],
        version: 1,
        yourIp: '127.0.0.1',
      });
      const stale = await call(owner, 'PUT', listPath, { entries: [], version: 0 });
      expect(stale.json().code).toBe('BO_CHANGED_SINCE_OPENED');

      const away = await signInAs(t.app, 'demo-owner', { remoteAddress: '203.0.113.5' });
      const refused = await call(away, 'GET', listPath, undefined, '203.0.113.5');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'BO_IP_NOT_ALLOWED', value: { ip: '203.0.113.5' } });
      expect((await call(away, 'GET', listPath, undefined, '10.1.2.3')).statusCode).toBe(200);
      expect((await call(away, 'GET', BACKOFFICE_CALLS.operators.path, undefined, '203.0.113.5')).statusCode).toBe(200);

      const [entry] = await auditOf('brand.ip-allow-list');
      expect(entry).toMatchObject({
        brand: 'parlay',
        before: { entries: [] },
        after: { entries: saved.json().value.entries },
      });

      // The way back in for an owner locked out: the CLI clears the list.
      const brand = (await t.app.merchants.findByCode('parlay'))!;
      await t.app.backoffice.ipAllowLists.set(TEST_ACTOR, brand, { entries: [], version: null });
      expect((await call(away, 'GET', listPath, undefined, '203.0.113.5')).statusCode).toBe(200);
    });
  });
});

describe('invitations under BACKOFFICE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BACKOFFICE_URL: 'https://bo.example.com/backoffice/' });
  });
  afterAll(async () => t.close());

  it('lead to the back office address, and writes from its origin are taken', async () => {
    const cookie = await signInAs(t.app, 'demo-owner');
    const response = await t.app.inject({
      method: 'POST',
      url: BACKOFFICE_CALLS.inviteOperator.path,
      headers: { cookie, origin: 'https://bo.example.com' },
      payload: {
        login: 'hana',
        name: 'Hana',
        email: 'hana@example.com',
        roles: ['risk'],
        allBrands: false,
        brands: ['parlay'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await t.app.accounts.codes.findOutbox('hana@example.com');
    expect(mail!.body).toMatch(/https:\/\/bo\.example\.com\/backoffice\/invitation\?token=[A-Za-z0-9_-]{43}\n/);
  });
});
