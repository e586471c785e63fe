import { TRANSFER_CALLS } from '@parlay/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { hashPassword } from '../../lib/crypto/password';
import { AuditService } from '../audit/index';
import { MerchantService } from '../merchant/index';
import { SessionService } from '../session/index';
import { WalletService } from '../wallet/index';
import { TEST_PAYMENT_PASSWORD } from './upline-transfer.fixtures';
import { createCrashDatabase, freePort, startServer, waitReady } from '../../test/crash-server';
import type { TransferDirection } from './member-transfer.repository';

const CLIENTS = 6;
const FUNDS = 1_000_000;

// Each direction (decisions 0043, 0062): a member's transfers to its upline agent, and agents' transfers to a member of
// their downline, the server killed under load and restarted.
const PATHS: Record<TransferDirection, string> = {
  upline: TRANSFER_CALLS.transferUpline.path,
  downline: TRANSFER_CALLS.transferDownline.path,
};

describe('member transfers', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  it.each(['upline', 'downline'] as const)(
    'leaves every %s transfer done once or not at all when the server is killed with SIGKILL',
    async (direction) => {
      // A fresh database of its own (a copy of the run's template: test/crash-server.ts).
      const database = await createCrashDatabase(direction);
      cleanups.push(database.remove);
      const { options, env } = database;

      // Pairs of an agent and a member under it, the sender of each (the member for upline, the agent for downline)
      // funded, with a payment password and a session; then the database goes to the server process.
      let handle: DatabaseHandle = database.handle;
      const wallet = new WalletService(handle.db, new AuditService(handle.db));
      const brands = new MerchantService(handle.db, 'parlay');
      const brand = await brands.findByCode('parlay');
      if (!brand) throw new Error('no demo brand');
      const sessions = new SessionService(handle.db);
      const paymentHash = await hashPassword(TEST_PAYMENT_PASSWORD);
      const insertMember = async (account: string, extra: ReturnType<typeof sql>) => {
        const inserted: unknown = await handle.db.execute(
          sql`INSERT INTO members (merchant_id, account, agent_type, upline_id, payment_password_hash)
            VALUES (${brand.id}, ${account}, ${extra}, ${paymentHash}) RETURNING id`,
        );
        return Number((inserted as { rows: { id: unknown }[] }).rows[0]?.id);
      };
      const players: { memberId: number; recipientId: number; authorization: string }[] = [];
      const everyone: number[] = [];
      for (let index = 0; index < CLIENTS; index += 1) {
        const agentId = await insertMember(`ucrashagent${index}`, sql`1, NULL`);
        const downlineId = await insertMember(`ucrashmember${index}`, sql`0, ${agentId}`);
        everyone.push(agentId, downlineId);
        const [memberId, recipientId, account] =
          direction === 'upline'
            ? [downlineId, agentId, `ucrashmember${index}`]
            : [agentId, downlineId, `ucrashagent${index}`];
        await wallet.adjust(
          {
            merchantCode: 'parlay',
            account,
            amountMinor: FUNDS,
            reason: 'crash test funding',
            idempotencyKey: `ucrash-${index}`,
          },
          brands,
        );
        const { token } = await sessions.createSession(
          { id: memberId, merchantId: brand.id, isFreePlay: false },
          { ip: '127.0.0.1', userAgent: 'vitest' },
        );
        players.push({ memberId, recipientId, authorization: `Bearer ${token}` });
      }
      await handle.close();

      const port = await freePort();
      let server = startServer(env, port);
      cleanups.push(async () => {
        server.kill('SIGKILL');
      });
      await waitReady(port);

      // requestId → member, for every transfer the server answered 200.
      const acknowledged = new Map<string, number>();
      const sent = new Map<string, number>();
      let stop = false;
      const load = players.map(async (player, client) => {
        for (let step = 0; !stop; step += 1) {
          const requestId = `uk${client}-${step}-x`;
          sent.set(requestId, player.memberId);
          try {
            const response = await fetch(`http://127.0.0.1:${port}${PATHS[direction]}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: player.authorization },
              body: JSON.stringify({
                amountMinor: 1_000 + ((client * 37 + step * 11) % 900),
                paymentPassword: TEST_PAYMENT_PASSWORD,
                requestId,
                ...(direction === 'downline' && { memberId: player.recipientId }),
              }),
            });
            await response.arrayBuffer();
            if (response.status === 200) acknowledged.set(requestId, player.memberId);
          } catch {
            return; // the server died under us
          }
        }
      });
      // Kill it once the load is well under way.
      while (acknowledged.size < 40) await new Promise((resolve) => setTimeout(resolve, 50));
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
      stop = true;
      await Promise.all(load);

      // Restart on the same data: recovery must come up clean, then the books must balance.
      server = startServer(env, port);
      await waitReady(port);
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));

      handle = await openDatabase(options);
      try {
        const rows = async <Row>(statement: ReturnType<typeof sql>) => {
          const result: unknown = await handle.db.execute(statement);
          return (result as { rows: Row[] }).rows;
        };
        const one = async (statement: ReturnType<typeof sql>) =>
          Number((await rows<{ n: unknown }>(statement))[0]?.n ?? 0);
        const written = await rows<{ idempotency_key: string; request_id: string | null }>(
          sql`SELECT m.idempotency_key, u.request_id FROM wallet_movements m
            LEFT JOIN member_transfers u ON u.movement_id = m.id WHERE m.kind = ${`${direction}_transfer`}`,
        );
        const keys = written.map((row) => row.idempotency_key);
        const keyOf = (requestId: string, memberId: number) =>
          `${direction}_transfer:${brand.id}:${memberId}:${requestId}`;
        expect(acknowledged.size).toBeGreaterThanOrEqual(40);
        // Each transfer the server acknowledged is there, once, with its member_transfers row; nothing half-written.
        const lost = [...acknowledged].filter(([requestId, memberId]) => !keys.includes(keyOf(requestId, memberId)));
        expect(lost).toEqual([]);
        expect(new Set(keys).size).toBe(keys.length);
        expect(written.filter((row) => row.request_id === null)).toEqual([]);
        expect(await one(sql`SELECT count(*) AS n FROM member_transfers`)).toBe(written.length);
        expect(keys.every((key) => [...sent].some(([requestId, memberId]) => key === keyOf(requestId, memberId)))).toBe(
          true,
        );
        // Every movement whole, every balance the sum of its entries, and no money made or lost between the members.
        expect(
          await one(sql`SELECT count(*) AS n FROM (SELECT m.id FROM wallet_movements m LEFT JOIN ledger_entries e
          ON e.movement_id = m.id GROUP BY m.id HAVING coalesce(sum(e.amount_minor), 0) <> 0 OR count(e.id) < 2) x`),
        ).toBe(0);
        expect(
          await one(sql`SELECT count(*) AS n FROM wallet_accounts a WHERE a.owner_type IN ('member', 'member_vendor')
          AND a.balance_minor <> (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e WHERE e.account_id = a.id)`),
        ).toBe(0);
        const total = await one(sql`SELECT sum(balance_minor) AS n FROM wallet_accounts
        WHERE owner_type = 'member' AND member_id IN (${sql.join(
          everyone.map((id) => sql`${id}`),
          sql`, `,
        )})`);
        expect(total).toBe(CLIENTS * FUNDS);
        expect(await one(sql`SELECT count(*) AS n FROM wallet_accounts WHERE balance_minor < 0`)).toBe(0);
      } finally {
        await handle.close();
      }
    },
    300_000,
  );
});
