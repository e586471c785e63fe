import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWallet, testVendorFeed } from '../../modules/vendor/vendor.fixtures';
import { createTestApp, type TestApp } from '../../test/app';
import type { AdminContext } from '../command';
import { runAdmin } from '../run';
import { adminCommands } from './index';

let t: TestApp;
let context: AdminContext;
let folder: string;
const games = (...args: string[]) => runAdmin(adminCommands, context, ['games', ...args]);

beforeAll(async () => {
  t = await createTestApp();
  context = { db: t.app.db, defaultMerchantCode: 'parlay' };
  folder = mkdtempSync(path.join(os.tmpdir(), 'parlay-feed-'));
}, 180_000);
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t?.close();
}, 60_000);

/** Writes `content` (an object is written as JSON) to a file of the test's folder and answers its path. */
function feedFile(name: string, content: unknown): string {
  const file = path.join(folder, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

/** The names of the vendor's games the demo brand lists, in its order. */
async function listedNames(vassalage: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/GCSGAME_gameList?merchant=parlay&vassalage=${vassalage}&pageNo=1&pageSize=24`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ value: { games: { gameName: string }[] } }>().value.games.map((game) => game.gameName);
}

async function countRows(table: 'game_vendors' | 'games'): Promise<number> {
  const rows: unknown = await t.app.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`));
  return Number((rows as { rows: { n: unknown }[] }).rows[0]?.n);
}

/** Whether the platform takes a wallet call of `vendor` signed with `secret` past its signature check. */
async function acceptsSignature(vendor: string, secret: string): Promise<boolean> {
  const answer = await callWallet(
    t.app,
    'balance',
    { requestId: `sig-${Math.random()}`, playerId: 'nobody', currency: 'KRW', sessionToken: 'none' },
    { vendorCode: vendor, secret },
  );
  return answer.body.code !== 'VENDOR_SIGNATURE_INVALID';
}

describe('games import', () => {
  it('adds a new vendor with its games for every brand, and shows its wallet secret once', async () => {
    const result = await games('import', feedFile('new.json', testVendorFeed('FEEDV', 2)));
    expect(result.exitCode, result.output).toBe(0);
    const [added, secretLine] = result.output.split('\n');
    expect(added).toBe('Added vendor FEEDV with 2 games; every brand offers them.');
    const secret = /it is not shown again\): (\S+)$/.exec(secretLine ?? '')?.[1];
    expect(secret).toMatch(/^\S{32,}$/);
    expect(await listedNames('FEEDV')).toEqual(['Test Game 1', 'Test Game 2']);
    expect(await acceptsSignature('FEEDV', secret!)).toBe(true);
    expect(await acceptsSignature('FEEDV', 'some-other-secret-0123456789abcdef')).toBe(false);

    // The same vendor again: its games change, its secret stays and is not shown.
    const feed = testVendorFeed('FEEDV', 2);
    feed.games[1]!.gameName = 'Renamed Game';
    const again = await games('import', feedFile('again.json', feed));
    expect(again).toEqual({ exitCode: 0, output: 'Updated vendor FEEDV with 2 games; every brand offers them.' });
    // A running server looks at the catalogue's version every 2 s: the import shows there from then on.
    await expect.poll(() => listedNames('FEEDV'), { timeout: 10_000 }).toEqual(['Test Game 1', 'Renamed Game']);
    expect(await acceptsSignature('FEEDV', secret!)).toBe(true);
  });

  it('replaces the wallet secret with --secret', async () => {
    const chosen = 'operator-chosen-secret-0123456789abcdef';
    const result = await games('import', feedFile('secret.json', testVendorFeed('FEEDS', 1)), '--secret', chosen);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).not.toContain(chosen);
    expect(await acceptsSignature('FEEDS', chosen)).toBe(true);

    const replaced = 'operator-replaced-secret-0123456789abcdef';
    expect(
      (await games('import', feedFile('secret.json', testVendorFeed('FEEDS', 1)), '--secret', replaced)).exitCode,
    ).toBe(0);
    // A running server reads a vendor again 10 s after it last read it: the old secret counts until then.
    await expect.poll(() => acceptsSignature('FEEDS', replaced), { timeout: 20_000, interval: 1_000 }).toBe(true);
    expect(await acceptsSignature('FEEDS', chosen)).toBe(false);
  });

  it('refuses a file that is not JSON, or a feed the contract refuses, with the reason, and changes nothing', async () => {
    const before = [await countRows('game_vendors'), await countRows('games')];

    const notJson = await games('import', feedFile('broken.json', '{"vendor": '));
    expect(notJson.exitCode).toBe(1);
    expect(notJson.output).toMatch(/^cannot read .*broken\.json as JSON: /);

    const feed = testVendorFeed('FEEDX', 2) as unknown as { games: Record<string, unknown>[] };
    feed.games[1]!['gameType'] = 'BINGO';
    const refused = await games('import', feedFile('refused.json', feed));
    expect(refused.exitCode).toBe(1);
    expect(refused.output.split('\n')[0]).toMatch(/^GAME_FEED_INVALID: /);
    expect(refused.output).toContain('games.1.gameType');

    const missing = await games('import', path.join(folder, 'no-such-feed.json'));
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toMatch(/^cannot read .*no-such-feed\.json as JSON: /);

    expect([await countRows('game_vendors'), await countRows('games')]).toEqual(before);
    expect(await listedNames('FEEDX')).toEqual([]);
  });

  it('asks for one feed file', async () => {
    const result = await games('import');
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('give one feed file');
    expect(result.output).toContain('games import <feed.json> [--secret WALLET_SECRET]');
  });
});
