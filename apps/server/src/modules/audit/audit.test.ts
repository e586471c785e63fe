import { query } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { Actor } from './audit.service';
import { AuditService } from './audit.service';

const CLI: Actor = { kind: 'cli', osUser: 'alice' };
/** The refusal of the trigger, as drizzle wraps the database's error. */
const APPEND_ONLY = { cause: { message: expect.stringContaining('audit_log is append-only') } };

describe(AuditService.name, () => {
  let t: TestApp;
  let audit: AuditService;
  let brandId: number;
  let otherBrandId: number;
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    audit = t.app.audit;
    brandId = (await t.app.merchants.findByCode('parlay'))!.id;
    const [other] = await query<{ id: number }>(
      t.app.db,
      sql`INSERT INTO merchants (code, name, currency, time_zone, config, site, whitelabel)
          SELECT 'other', 'Other', currency, time_zone, config, site, whitelabel FROM merchants WHERE id = ${brandId}
          RETURNING id`,
    );
    otherBrandId = Number(other!.id);
    ownerId = (await t.app.backoffice.operators.getByLogin('demo-owner')).id;
  });
  afterAll(async () => t.close());

  const entries = () => query<{ id: unknown }>(t.app.db, sql`SELECT id FROM audit_log`);

  describe('record', () => {
    it('is refused any UPDATE, DELETE or TRUNCATE by the database', async () => {
      await t.app.db.transaction((tx) =>
        audit.record(tx, { actor: CLI, merchantId: brandId, action: 'test.write', targetType: 'thing', targetId: 1 }),
      );
      const count = (await entries()).length;
      await expect(query(t.app.db, sql`UPDATE audit_log SET action = 'test.rewritten'`)).rejects.toMatchObject(
        APPEND_ONLY,
      );
      await expect(query(t.app.db, sql`DELETE FROM audit_log`)).rejects.toMatchObject(APPEND_ONLY);
      await expect(query(t.app.db, sql`TRUNCATE audit_log`)).rejects.toMatchObject(APPEND_ONLY);
      expect(await entries()).toHaveLength(count);
      const rewritten = await query(t.app.db, sql`SELECT 1 FROM audit_log WHERE action = 'test.rewritten'`);
      expect(rewritten).toEqual([]);
    });

    it('leaves no entry when the change it records rolls back', async () => {
      const before = (await entries()).length;
      await expect(
        t.app.db.transaction(async (tx) => {
          await audit.record(tx, {
            actor: CLI,
            merchantId: null,
            action: 'test.undone',
            targetType: 'thing',
            targetId: 2,
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await entries()).toHaveLength(before);
    });

    it("stores who, the operator's IP and user agent, and the values before and after", async () => {
      await t.app.db.transaction((tx) =>
        audit.record(tx, {
          actor: { kind: 'operator', operatorId: ownerId, ip: '203.0.113.9', userAgent: 'Browser/1' },
          merchantId: brandId,
          action: 'test.shape',
          targetType: 'thing',
          targetId: 'x-1',
          before: { on: false },
          after: { on: true },
        }),
      );
      const page = await audit.search({ allBrands: true, merchantIds: [] }, { limit: 1, action: 'test.shape' });
      expect(page.items).toEqual([
        {
          id: expect.stringMatching(/^\d+$/),
          at: expect.any(String),
          actor: `operator:${ownerId}`,
          operatorId: ownerId,
          operatorLogin: 'demo-owner',
          brand: 'parlay',
          action: 'test.shape',
          targetType: 'thing',
          targetId: 'x-1',
          before: { on: false },
          after: { on: true },
          ip: '203.0.113.9',
          userAgent: 'Browser/1',
        },
      ]);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await t.app.db.transaction(async (tx) => {
        for (let index = 0; index < 7; index += 1) {
          await audit.record(tx, {
            actor: CLI,
            merchantId: index % 2 === 0 ? brandId : otherBrandId,
            action: index < 5 ? 'paging.step' : 'paging.other',
            targetType: 'page',
            targetId: index,
          });
        }
        await audit.record(tx, {
          actor: CLI,
          merchantId: null,
          action: 'paging.platform',
          targetType: 'page',
          targetId: 99,
        });
      });
    });

    it('pages newest first by keyset, every entry once', async () => {
      const scope = { allBrands: true, merchantIds: [] };
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await audit.search(scope, { limit: 3, action: 'paging.', ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((item) => item.targetId));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(['99', '6', '5', '4', '3', '2', '1', '0']);
    });

    it('filters by action, target, actor, brand and time', async () => {
      const scope = { allBrands: true, merchantIds: [] };
      const ids = async (filter: Parameters<AuditService['search']>[1]) =>
        (await audit.search(scope, filter)).items.map((item) => item.targetId);
      expect(await ids({ limit: 50, action: 'paging.other' })).toEqual(['6', '5']);
      expect(await ids({ limit: 50, targetType: 'page', targetId: '3' })).toEqual(['3']);
      expect(await ids({ limit: 50, action: 'paging.', brand: 'other' })).toEqual(['5', '3', '1']);
      expect(await ids({ limit: 50, action: 'paging.', actor: 'cli:bob' })).toEqual([]);
      expect(await ids({ limit: 50, action: 'paging.', from: '2999-01-01T00:00:00Z' })).toEqual([]);
      expect(await ids({ limit: 50, action: 'paging.', to: '2000-01-01T00:00:00Z' })).toEqual([]);
      expect((await ids({ limit: 50, action: 'paging.', from: '2000-01-01' })).length).toBe(8);
      // A prefix is only a prefix when it ends in a dot: 'paging' names no action.
      expect(await ids({ limit: 50, action: 'paging' })).toEqual([]);
    });

    it("shows an operator of some brands only their changes, never another brand's or the platform's", async () => {
      const items = (
        await audit.search({ allBrands: false, merchantIds: [otherBrandId] }, { limit: 50, action: 'paging.' })
      ).items;
      expect(items.map((item) => item.targetId)).toEqual(['5', '3', '1']);
      expect(items.every((item) => item.brand === 'other')).toBe(true);
      const none = await audit.search({ allBrands: false, merchantIds: [] }, { limit: 50, action: 'paging.' });
      expect(none.items).toEqual([]);
    });

    it('refuses a cursor it did not make', async () => {
      await expect(
        audit.search({ allBrands: true, merchantIds: [] }, { limit: 5, cursor: 'not-a-cursor' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});
