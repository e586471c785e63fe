import {
  BACKOFFICE_CALLS,
  callWithParams,
  type BoRaffle,
  type BoRaffleDraw,
  type BoRafflePage,
} from '@parlay/contract';
import { hashServerSeed } from '@parlay/fairness';
import { query, toIso, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestMember } from '../../test/members';
import { missionGames, settleRound } from '../missions/missions.fixtures';
import { callBackoffice, signInAs } from '../operators/operators.fixtures';
import { installTestVendor } from '../seamless-wallet/seamless-wallet.fixtures';
import { rafflesBackofficeRoutes } from './raffles.bo-routes';
import { endSale, stopRaffleJobs } from './raffles.fixtures';

type Api = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };
const DAY = 86_400_000;

describe(rafflesBackofficeRoutes.name, () => {
  let t: TestApp;
  let admin: string;
  let readOnly: string;
  let merchantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    await stopRaffleJobs(t.app);
    await installTestVendor(t.app);
    admin = await signInAs(t.app, 'demo-admin');
    readOnly = await signInAs(t.app, 'demo-readonly');
    merchantId = (await t.app.merchants.findByCode('parlay'))!.id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  }, 60_000);

  const call = (
    cookie: string,
    api: Api,
    params: Record<string, string | number> = {},
    payload?: unknown,
    search = '',
  ) =>
    callBackoffice(t.app, {
      method: api.method,
      url: `${callWithParams(api, { brand: 'parlay', ...params } as never).path}${search}`,
      cookie,
      ...(payload === undefined ? {} : { payload }),
    });
  const value = <T>(response: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: T }).value;
  };
  const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
  const auditRows = async (action: string) =>
    toNumber(
      (await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`))[0]!.n,
    );
  const raffleCount = async () =>
    toNumber((await query<{ n: unknown }>(t.app.db, sql`SELECT count(*) AS n FROM raffles`))[0]!.n);
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();

  it('adds with a secret seed, lists, edits before the sale, switches off, audited, refusing what does not fit', async () => {
    const fields = {
      titleKo: '크리스마스 래플',
      titleEn: 'Christmas raffle',
      saleStartsAt: at(DAY),
      saleEndsAt: at(3 * DAY),
      drawAt: at(4 * DAY),
      depositStepMinor: 10_000,
      betStepMinor: null,
      maxTicketsPerMember: 20,
      prizes: [50_000, 10_000],
    };
    const body = { code: 'xmas-raffle', ...fields };
    const count = await raffleCount();
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.createRaffle, {}, body))).toBe('BO_PERMISSION_DENIED');
    expect(await raffleCount()).toBe(count);
    const created = value<BoRaffle>(await call(admin, BACKOFFICE_CALLS.createRaffle, {}, body));
    expect(created).toMatchObject({
      code: 'XMAS-RAFFLE',
      status: 'open',
      active: true,
      version: 0,
      seed: null,
      entrants: 0,
      prizes: [
        { rank: 1, amountMinor: 50_000 },
        { rank: 2, amountMinor: 10_000 },
      ],
      rules: { depositStepMinor: 10_000, betStepMinor: null, maxTicketsPerMember: 20 },
    });
    const [stored] = await query<{ server_seed: string; category: string }>(
      t.app.db,
      sql`SELECT r.server_seed, p.category FROM raffles r JOIN promotions p ON p.id = r.promotion_id
          WHERE r.promotion_id = ${created.id}`,
    );
    expect(hashServerSeed(stored!.server_seed)).toBe(created.seedHash);
    expect(stored!.category).toBe('raffle');
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.createRaffle, {}, body))).toBe('RAFFLE_CODE_TAKEN');
    for (const [code, misfit] of [
      ['LATE1', { saleEndsAt: at(DAY / 2) }],
      ['EARLY1', { drawAt: at(2 * DAY) }],
      ['NONE1', { depositStepMinor: null }],
      ['PAST1', { saleStartsAt: at(-3 * DAY), saleEndsAt: at(-2 * DAY), drawAt: at(-DAY) }],
    ] as const) {
      const reply = await call(admin, BACKOFFICE_CALLS.createRaffle, {}, { ...body, code, ...misfit });
      expect(reply.json(), code).toMatchObject({ code: 'RAFFLE_INVALID', message: expect.any(String) });
    }
    expect(await raffleCount()).toBe(count + 1);
    expect(await auditRows('raffles.create')).toBe(1);
    const audited = await query<{ after: unknown }>(
      t.app.db,
      sql`SELECT after FROM audit_log WHERE action = 'raffles.create'`,
    );
    expect(JSON.stringify(audited[0]?.after)).not.toContain(stored!.server_seed);

    const params = { raffleId: created.id };
    const edit = { ...fields, version: 0, titleEn: 'Christmas', prizes: [60_000] };
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.updateRaffle, params, edit))).toBe('BO_PERMISSION_DENIED');
    const saved = value<BoRaffle>(await call(admin, BACKOFFICE_CALLS.updateRaffle, params, edit));
    expect(saved).toMatchObject({ titleEn: 'Christmas', prizes: [{ rank: 1, amountMinor: 60_000 }], version: 1 });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateRaffle, params, edit))).toBe('BO_CHANGED_SINCE_OPENED');
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateRaffle, { raffleId: 99_999_999 }, edit))).toBe(
      'RAFFLE_NOT_FOUND',
    );
    // On sale: the texts may change, the terms not.
    await query(t.app.db, sql`UPDATE promotions SET starts_at = now() - interval '1 minute' WHERE id = ${created.id}`);
    const [row] = await query<{ starts_at: unknown }>(
      t.app.db,
      sql`SELECT starts_at FROM promotions WHERE id = ${created.id}`,
    );
    const onSale = { ...edit, version: 1, saleStartsAt: toIso(row!.starts_at) };
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateRaffle, params, { ...onSale, prizes: [1] }))).toBe(
      'RAFFLE_LOCKED',
    );
    expect(
      value<BoRaffle>(await call(admin, BACKOFFICE_CALLS.updateRaffle, params, { ...onSale, titleKo: '성탄' })),
    ).toMatchObject({ titleKo: '성탄', version: 2 });
    expect(await auditRows('raffles.update')).toBe(2);

    const page = value<BoRafflePage>(await call(readOnly, BACKOFFICE_CALLS.raffles, {}, undefined, '?status=open'));
    expect(page.items.map((item) => item.id)).toContain(created.id);
    const first = value<BoRafflePage>(await call(readOnly, BACKOFFICE_CALLS.raffles, {}, undefined, '?limit=1'));
    expect(first.items).toHaveLength(1);
    if (first.nextCursor) {
      const next = value<BoRafflePage>(
        await call(readOnly, BACKOFFICE_CALLS.raffles, {}, undefined, `?limit=1&cursor=${first.nextCursor}`),
      );
      expect(next.items[0]!.id).toBeLessThan(first.items[0]!.id);
    }
    expect(codeOf(await call(readOnly, BACKOFFICE_CALLS.raffleDraw, params))).toBe('RAFFLE_NOT_DRAWN');

    expect(codeOf(await call(admin, BACKOFFICE_CALLS.deactivateRaffle, params, { version: 0 }))).toBe(
      'BO_CHANGED_SINCE_OPENED',
    );
    const off = value<BoRaffle>(await call(admin, BACKOFFICE_CALLS.deactivateRaffle, params, { version: 2 }));
    expect(off).toMatchObject({ active: false, status: 'void', version: 3 });
    expect(codeOf(await call(admin, BACKOFFICE_CALLS.updateRaffle, params, { ...onSale, version: 3 }))).toBe(
      'RAFFLE_LOCKED',
    );
    expect(await auditRows('raffles.deactivate')).toBe(1);
  });

  it('shows a drawn raffle’s draw with accounts, tickets, winners and their payments, and its seed', async () => {
    const created = value<BoRaffle>(
      await call(
        admin,
        BACKOFFICE_CALLS.createRaffle,
        {},
        {
          code: 'DRAWN1',
          titleKo: '추첨',
          titleEn: 'Drawn',
          saleStartsAt: at(-DAY),
          saleEndsAt: at(DAY),
          drawAt: at(DAY),
          betStepMinor: 100,
          maxTicketsPerMember: 10,
          prizes: [900],
        },
      ),
    );
    const game = (await missionGames(t.app)).live;
    const member = await createTestMember(t.app);
    const brand = (await t.app.merchants.findByCode('parlay'))!;
    await settleRound(t.app.db, { merchantId, memberId: member.id, game, validBetMinor: 350 });
    await t.app.raffles.join({ merchantId, memberId: member.id }, brand, created.id, 'EN');
    await endSale(t.app.db, created.id);
    await t.app.raffles.drawDue();
    const draw = value<BoRaffleDraw>(await call(readOnly, BACKOFFICE_CALLS.raffleDraw, { raffleId: created.id }));
    expect(draw.raffle).toMatchObject({ status: 'drawn', entrants: 1, totalTickets: 3, prizesPaidMinor: 900 });
    expect(hashServerSeed(draw.raffle.seed!)).toBe(draw.raffle.seedHash);
    expect(draw.entries).toEqual([
      {
        entry: 0,
        memberId: member.id,
        account: member.account,
        maskedAccount: expect.stringContaining('*'),
        firstTicket: 1,
        count: 3,
      },
    ]);
    expect(draw.winners).toEqual([
      expect.objectContaining({
        rank: 1,
        entry: 0,
        memberId: member.id,
        prizeMinor: 900,
        movementId: expect.any(Number),
      }),
    ]);
  });
});
