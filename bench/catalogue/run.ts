// `npm run bench:catalogue`: game-list requests per second over a 10,000-game catalogue, against a bare
// Fastify route running the same SQL on the same database in the same run, and page 400 against page 1.
// Writes bench/results/catalogue.json: { requestsPerSecond, baselinePerSecond, ratio, deepPageRatio }.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CatalogueFeedGame } from '@parlay/contract';
import autocannon, { type Result as AutocannonResult } from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { encodeCursor } from '../../apps/server/src/modules/games/index';
import { createScratchDatabase } from '../support/scratch-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GAMES = 10_000;
const PAGE_SIZE = 24;
const DEEP_PAGE = 400;
const CONNECTIONS = 16;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
/** Each measurement taken in turn with the others (measureInTurn) is taken in this many slices. */
const SLICES = 4;
const log = (message: string) => console.log(`[bench:catalogue] ${message}`);

async function main() {
  const serverUrl = process.env['DATABASE_URL'];
  // On a server (DATABASE_URL), a database of the run's own, dropped at the end: the bench's 10,000 games
  // must not join the catalogue of the brands in the database it was pointed at.
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'catalogue') : null;
  try {
    await measureCatalogue(scratch?.url);
  } finally {
    await scratch?.drop();
  }
}

async function measureCatalogue(url: string | undefined) {
  const database = await openDatabase(
    url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: null },
  );
  if (url)
    log(
      `DATABASE_URL is set: benchmarking on that server, in a database of its own (${new URL(url).pathname.slice(1)})`,
    );
  await migrate(database);
  await seedDemo(database.db);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp({ config, database });

  const games: CatalogueFeedGame[] = Array.from({ length: GAMES }, (_, index) => ({
    code: `CAT${String(index + 1).padStart(5, '0')}`,
    gameName: `Catalogue Slot ${index + 1}`,
    gameType: 'RNG',
    showIcon: `/icons/cat-${index + 1}.png`,
    supportPlay: index % 5 === 0 ? 0 : 1,
    defaultPlayType: '',
    isGame: '',
    isHot: index % 97 === 0,
    status: 'active',
    sortOrder: index + 1,
    ...(index % 50 === 0 ? { gameClassify: 'Crash' } : {}),
  }));
  const importStarted = performance.now();
  await app.gaming.catalogueSync.writeFeed({
    vendor: {
      code: 'CATALOGUE',
      name: 'Bench catalogue',
      gameTypes: ['RNG'],
      smallIcon: '',
      launchUrl: 'https://catalogue.vendor.test/launch',
      status: 'active',
      isHot: false,
    },
    games,
  });
  log(`imported ${GAMES} games in ${((performance.now() - importStarted) / 1000).toFixed(1)} s`);
  await database.db.execute(`ANALYZE`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const merchantRows: unknown = await database.db.execute(`SELECT id FROM merchants WHERE code = 'parlay'`);
  const merchantId = Number((merchantRows as { rows: { id: unknown }[] }).rows[0]?.id);
  const vendorRows: unknown = await database.db.execute(`SELECT id FROM game_vendors WHERE code = 'CATALOGUE'`);
  const vendorId = Number((vendorRows as { rows: { id: unknown }[] }).rows[0]?.id);

  // Baseline: a bare Fastify server (no plugins, no validation, no envelope) running the one statement the
  // game list sends per request in steady state: the page of ids by index range. Rows and counts are
  // cached by the service until the catalogue version moves, so neither path queries them per request.
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => {
    const result: unknown = await database.db.execute(`SELECT mg.game_id, mg.sort_order FROM merchant_games mg
      WHERE mg.merchant_id = ${merchantId} AND mg.enabled AND mg.game_type = 'RNG' AND mg.vendor_id = ${vendorId} AND mg.top_level
      ORDER BY mg.sort_order, mg.game_id LIMIT ${PAGE_SIZE} OFFSET 0`);
    return { games: (result as { rows: unknown[] }).rows };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;

  const list = `http://127.0.0.1:${port}/wps/relay/GCSGAME_gameList?clientType=3&platform=flash,html5-desktop&vassalage=CATALOGUE&gameType=RNG&pageSize=${PAGE_SIZE}`;
  const lastOfPrevious = (DEEP_PAGE - 1) * PAGE_SIZE;
  const cursorRows: unknown = await database.db.execute(`SELECT mg.game_id, mg.sort_order FROM merchant_games mg
    WHERE mg.merchant_id = ${merchantId} AND mg.vendor_id = ${vendorId} AND mg.enabled AND mg.top_level
    ORDER BY mg.sort_order, mg.game_id OFFSET ${lastOfPrevious - 1} LIMIT 1`);
  const boundary = (cursorRows as { rows: { game_id: unknown; sort_order: unknown }[] }).rows[0];
  const cursor = encodeCursor({ sortOrder: Number(boundary?.sort_order), gameId: Number(boundary?.game_id) });
  const deepUrl = `${list}&pageNo=${DEEP_PAGE}&cursor=${cursor}`;
  const check = await fetch(deepUrl).then(
    (response) => response.json() as Promise<{ value: { games: { code: string }[] } }>,
  );
  const expectedFirst = `CAT${String(lastOfPrevious + 1).padStart(5, '0')}`;
  if (check.value.games[0]?.code !== expectedFirst)
    throw new Error(`page ${DEEP_PAGE} starts at ${check.value.games[0]?.code}, expected ${expectedFirst}`);

  const measure = async (target: string) => {
    await autocannon({ url: target, connections: CONNECTIONS, duration: 2 });
    const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS });
    failOnErrors(target, result);
    return { rps: result.requests.average, latency: result.latency.mean, p99: result.latency.p99 };
  };
  // The result's three numbers and page 400 by number are measured in turn, a slice of each after the other,
  // so that a change of the machine's speed during the run weighs on each of them alike (measured one after
  // the other, the baseline and page 400 could each land in a different second of a busy machine).
  const measureInTurn = async (targets: string[]) => {
    for (const target of targets) await autocannon({ url: target, connections: CONNECTIONS, duration: 1 });
    const totals = targets.map(() => ({ requests: 0, seconds: 0, latencyTotal: 0, worstP99: 0 }));
    for (let slice = 0; slice < SLICES; slice++) {
      for (const [index, target] of targets.entries()) {
        const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS / SLICES });
        failOnErrors(target, result);
        const total = totals[index]!;
        total.requests += result.requests.total;
        total.seconds += result.duration;
        total.latencyTotal += result.latency.mean * result.requests.total;
        total.worstP99 = Math.max(total.worstP99, result.latency.p99);
      }
    }
    return totals.map((total) => ({
      rps: total.requests / total.seconds,
      latency: total.latencyTotal / total.requests,
      p99: total.worstP99,
    }));
  };
  // The first page opened by number finds where every page ends (one pass); later ones read from there.
  const firstByNumberStarted = performance.now();
  await fetch(`${list}&pageNo=${DEEP_PAGE}`).then((response) => response.arrayBuffer());
  log(
    `first page ${DEEP_PAGE} by pageNo (finds every page's end): ${(performance.now() - firstByNumberStarted).toFixed(1)} ms`,
  );
  const [baseline, first, deep, byNumber] = await measureInTurn([
    `http://127.0.0.1:${barePort}/bare`,
    `${list}&pageNo=1`,
    deepUrl,
    `${list}&pageNo=${DEEP_PAGE}`,
  ]);
  if (!baseline || !first || !deep || !byNumber) throw new Error('a measurement is missing');
  log(`bare Fastify route: ${baseline.rps.toFixed(0)} req/s, mean ${baseline.latency.toFixed(2)} ms`);
  log(
    `game list page 1: ${first.rps.toFixed(0)} req/s, mean ${first.latency.toFixed(2)} ms, p99 ${first.p99} ms (worst slice)`,
  );
  log(`game list page ${DEEP_PAGE} (keyset cursor): ${deep.rps.toFixed(0)} req/s, mean ${deep.latency.toFixed(2)} ms`);
  log(
    `game list page ${DEEP_PAGE} (by pageNo, no cursor): ${byNumber.rps.toFixed(0)} req/s, mean ${byNumber.latency.toFixed(2)} ms`,
  );
  const search = await measure(`${list}&pageNo=1&gameName=slot%209999`);
  log(
    `search by name (LIKE over lower(name), trigram index): ${search.rps.toFixed(0)} req/s, mean ${search.latency.toFixed(2)} ms`,
  );
  // Two characters make no trigram: the index cannot narrow this search (decision 0017).
  const shortSearch = await measure(`${list}&pageNo=1&gameName=99`);
  log(
    `search by two characters (no trigram): ${shortSearch.rps.toFixed(0)} req/s, mean ${shortSearch.latency.toFixed(2)} ms`,
  );

  const result = {
    requestsPerSecond: Math.round(first.rps),
    baselinePerSecond: Math.round(baseline.rps),
    ratio: Number((first.rps / baseline.rps).toFixed(3)),
    deepPageRatio: Number((deep.latency / first.latency).toFixed(3)),
  };
  writeFileSync(path.join(root, 'bench/results/catalogue.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    JSON.stringify({
      ...result,
      database: url ? 'postgres' : 'pglite',
      byNumberDeepPageRatio: Number((byNumber.latency / first.latency).toFixed(3)),
      searchPerSecond: Math.round(search.rps),
      shortSearchPerSecond: Math.round(shortSearch.rps),
    }),
  );
  await bare.close();
  await app.close();
  await database.close();
}

function failOnErrors(target: string, result: AutocannonResult) {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
