import fc from 'fast-check';
import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestBrand } from '../../test/brands';
import { createTestMember } from '../../test/members';
import { findTreeRefusal } from './agents.repository';

// The tree's trigger (db/functions/member_tree_check.sql and member_tree_apply.sql, decision 0059) against a model: random sequences of inserts and
// moves by plain SQL, as any writer makes them. After each step member_tree must equal the walk of upline_id up from
// every member, and a move under the member's own downline (or itself), or an upline of another brand, is refused and
// changes nothing.

type Command =
  | { op: 'insert'; parent: number | null }
  | { op: 'move'; node: number; parent: number | null }
  | { op: 'foreign'; node: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('insert' as const), parent: fc.option(fc.nat(), { nil: null }) }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('move' as const),
      node: fc.nat(),
      parent: fc.option(fc.nat(), { nil: null }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ op: fc.constant('foreign' as const), node: fc.nat() }), weight: 1 },
);

let t: TestApp;
let brandId: number;
let foreignMemberId: number;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  brandId = await createTestBrand(t.app.db, 'tree-b', 'tree-b.test');
  foreignMemberId = (await createTestMember(t.app, { agentType: 1 })).id; // the demo brand's, not tree-b's
});
afterAll(() => t.close());

/** Every pair (ancestor, descendant, depth) of the model's members, walked up its upline map. */
function walkOf(upline: Map<number, number | null>): string[] {
  const pairs: string[] = [];
  for (const id of upline.keys()) {
    let depth = 0;
    for (let at: number | null = id; at !== null; at = upline.get(at) ?? null) pairs.push(`${at}>${id}@${depth++}`);
  }
  return pairs.sort();
}

async function closureOf(ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await query<{ ancestor_id: unknown; descendant_id: unknown; depth: unknown }>(
    t.app.db,
    sql`SELECT ancestor_id, descendant_id, depth FROM member_tree
         WHERE descendant_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  return rows.map((row) => `${toNumber(row.ancestor_id)}>${toNumber(row.descendant_id)}@${toNumber(row.depth)}`).sort();
}

/** The same walk done by the database over upline_id, independently of the trigger. */
async function recursiveWalkOf(ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await query<{ ancestor_id: unknown; descendant_id: unknown; depth: unknown }>(
    t.app.db,
    sql`WITH RECURSIVE walk (ancestor_id, descendant_id, depth) AS (
          SELECT id, id, 0 FROM members WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          UNION ALL
          SELECT m.upline_id, walk.descendant_id, walk.depth + 1 FROM walk JOIN members m ON m.id = walk.ancestor_id
           WHERE m.upline_id IS NOT NULL AND walk.depth < 100)
        SELECT ancestor_id, descendant_id, depth FROM walk`,
  );
  return rows.map((row) => `${toNumber(row.ancestor_id)}>${toNumber(row.descendant_id)}@${toNumber(row.depth)}`).sort();
}

async function refusalOf(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await t.app.db.execute(statement);
    return null;
  } catch (error) {
    const refusal = findTreeRefusal(error);
    if (!refusal) throw error;
    return refusal;
  }
}

describe('member_tree', () => {
  it('always equals the walk of upline_id; a cycle or another brand is refused and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 24 }), async (commands) => {
        run += 1;
        const upline = new Map<number, number | null>();
        const ids: number[] = [];
        const pick = (index: number | null) => (index === null || ids.length === 0 ? null : ids[index % ids.length]!);
        /** Whether `candidate` is `node` or under it, in the model. */
        const isInSubtree = (node: number, candidate: number) => {
          for (let at: number | null = candidate; at !== null; at = upline.get(at) ?? null)
            if (at === node) return true;
          return false;
        };
        for (const [step, next] of commands.entries()) {
          if (next.op === 'insert') {
            const parent = pick(next.parent);
            const rows = await query<{ id: unknown }>(
              t.app.db,
              sql`INSERT INTO members (merchant_id, account, agent_type, upline_id)
                  VALUES (${brandId}, ${`p${run}s${step}`}, 1, ${parent}) RETURNING id`,
            );
            const id = toNumber(rows[0]!.id);
            ids.push(id);
            upline.set(id, parent);
          } else if (ids.length > 0 && next.op === 'move') {
            const node = pick(next.node)!;
            const parent = pick(next.parent);
            const refusal = await refusalOf(sql`UPDATE members SET upline_id = ${parent} WHERE id = ${node}`);
            const cycle = parent !== null && isInSubtree(node, parent);
            expect(refusal).toBe(cycle ? 'AGENT_UPLINE_CYCLE' : null);
            if (!cycle) upline.set(node, parent);
          } else if (ids.length > 0 && next.op === 'foreign') {
            const node = pick(next.node)!;
            const refusal = await refusalOf(sql`UPDATE members SET upline_id = ${foreignMemberId} WHERE id = ${node}`);
            expect(refusal).toBe('AGENT_UPLINE_OTHER_BRAND');
          }
          const expected = walkOf(upline);
          expect(await closureOf(ids)).toEqual(expected);
          expect(await recursiveWalkOf(ids)).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("lets only one of two moves that would make a cycle together commit (the brand's tree lock)", async () => {
    for (let pair = 0; pair < 10; pair += 1) {
      const rows = await query<{ id: unknown }>(
        t.app.db,
        sql`INSERT INTO members (merchant_id, account, agent_type)
            VALUES (${brandId}, ${`swap${pair}a`}, 1), (${brandId}, ${`swap${pair}b`}, 1) RETURNING id`,
      );
      const [a, b] = rows.map((row) => toNumber(row.id)) as [number, number];
      // On PostgreSQL these run on two connections at once; each alone would pass the cycle check.
      const refusals = await Promise.all([
        refusalOf(sql`UPDATE members SET upline_id = ${b} WHERE id = ${a}`),
        refusalOf(sql`UPDATE members SET upline_id = ${a} WHERE id = ${b}`),
      ]);
      expect(refusals.filter((refusal) => refusal === 'AGENT_UPLINE_CYCLE')).toHaveLength(1);
      expect(await closureOf([a, b])).toEqual(await recursiveWalkOf([a, b]));
    }
  });

  it('refuses a new member under an upline of another brand', async () => {
    const refusal = await refusalOf(
      sql`INSERT INTO members (merchant_id, account, upline_id) VALUES (${brandId}, 'stray', ${foreignMemberId})`,
    );
    expect(refusal).toBe('AGENT_UPLINE_OTHER_BRAND');
    const rows = await query(t.app.db, sql`SELECT 1 FROM members WHERE merchant_id = ${brandId} AND account = 'stray'`);
    expect(rows).toHaveLength(0);
  });
});
