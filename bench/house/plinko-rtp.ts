// `npm run bench:plinko`: drops simulated plinko balls and checks each rows × risk table's simulated RTP against its
// declared (exact) one within ±0.1 %. One ball a nonce serves every table: its first n floats steer it over n rows
// (packages/fairness/src/games/plinko.ts), so the bench counts, for each row count, the balls in each bucket, and
// prices the three risks' tables from the counts. Each table is then simulated over every round; the tables of one
// row count, and the row counts, share their balls, so their errors are not independent (each one's is its own).
// Writes bench/results/plinko-rtp.json. Usage: tsx bench/house/plinko-rtp.ts [rounds] [workers]
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  dropPlinko,
  PLINKO_MAX_ROWS,
  PLINKO_MIN_ROWS,
  PLINKO_RISKS,
  PLINKO_RTP,
  PLINKO_TABLES_X10,
  sha256Hex,
  type HmacSha256,
} from '@parlay/fairness';

interface Slice {
  serverSeed: string;
  clientSeed: string;
  from: number;
  to: number;
}
/** counts[rows][bucket]: the balls that landed in each bucket over that many rows. */
type Counts = Record<number, number[]>;

const TOLERANCE = 0.001;
/** How many nonces of each slice the fast loop checks against the package's dropPlinko. */
const CHECKED_NONCES = 10_000;
const ROW_COUNTS = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => PLINKO_MIN_ROWS + index);

// node:crypto gives the same bytes as the package's pure HMAC (the fairness tests hold them equal), faster.
const nativeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

/**
 * The bucket counts of nonces from..to. A row goes right when its float is 0.5 or more, i.e. when its word's first
 * byte is 128 or more: the loop reads that bit off the two hashes a nonce's 16 floats come from, which is what
 * dropPlinko computes (checked against it on the first nonces), several times faster than building the floats.
 */
function runSlice({ serverSeed, clientSeed, from, to }: Slice): Counts {
  const counts: Counts = Object.fromEntries(ROW_COUNTS.map((rows) => [rows, new Array<number>(rows + 1).fill(0)]));
  const key = Buffer.from(serverSeed, 'utf8');
  for (let nonce = from; nonce < to; nonce += 1) {
    const first = createHmac('sha256', key).update(`${clientSeed}:${nonce}:0`).digest();
    const second = createHmac('sha256', key).update(`${clientSeed}:${nonce}:1`).digest();
    let rights = 0;
    for (let row = 0; row < PLINKO_MAX_ROWS; row += 1) {
      const hash = row < 8 ? first : second;
      rights += hash[(row % 8) * 4]! >> 7;
      if (row + 1 >= PLINKO_MIN_ROWS) counts[row + 1]![rights]! += 1;
      if (nonce - from < CHECKED_NONCES && row + 1 === PLINKO_MAX_ROWS) {
        const drop = dropPlinko({ serverSeed, clientSeed, nonce }, PLINKO_MAX_ROWS, 'low', nativeHmac);
        if (drop.bucket !== rights)
          throw new Error(`nonce ${nonce}: the bench's bucket ${rights}, dropPlinko's ${drop.bucket}`);
      }
    }
  }
  return counts;
}

/** One table's simulated RTP and its standard error, from the bucket counts (sums exact in BigInt). */
function tableResult(rows: number, risk: (typeof PLINKO_RISKS)[number], counts: number[], rounds: number) {
  const table = PLINKO_TABLES_X10[rows]![risk];
  const tenths = counts.reduce((sum, count, bucket) => sum + BigInt(count) * BigInt(table[bucket]!), 0n);
  const squares = counts.reduce((sum, count, bucket) => sum + BigInt(count) * BigInt(table[bucket]!) ** 2n, 0n);
  const simulatedRtp = Number(tenths) / 10 / rounds;
  const standardDeviation = Math.sqrt(Number(squares) / 100 / rounds - simulatedRtp ** 2);
  const declaredRtp = Number(PLINKO_RTP[rows]![risk]);
  const difference = simulatedRtp - declaredRtp;
  return {
    rows,
    risk,
    declaredRtp,
    simulatedRtp,
    difference,
    standardErrorOfRtp: standardDeviation / Math.sqrt(rounds),
    withinTolerance: Math.abs(difference) <= TOLERANCE,
  };
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 100_000_000);
  const workers = Number(process.argv[3] ?? Math.max(1, availableParallelism()));
  const serverSeed = sha256Hex('bench-plinko-rtp');
  const clientSeed = 'bench';
  const started = performance.now();
  const per = Math.ceil(rounds / workers);
  const slices = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const slice: Slice = { serverSeed, clientSeed, from: index * per, to: Math.min(rounds, (index + 1) * per) };
      return new Promise<Counts>((resolve, reject) => {
        // A worker does not inherit tsx's loader: register it first, then load this file as the worker.
        const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
        const worker = new Worker(boot, { eval: true, workerData: slice });
        worker.once('message', (result: Counts) => resolve(result));
        worker.once('error', reject);
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const tables = ROW_COUNTS.flatMap((rows) => {
    const counts = Array.from({ length: rows + 1 }, (_, bucket) =>
      slices.reduce((sum, slice) => sum + slice[rows]![bucket]!, 0),
    );
    return PLINKO_RISKS.map((risk) => tableResult(rows, risk, counts, rounds));
  });
  const result = {
    game: 'plinko',
    rounds,
    workers,
    seconds: Math.round(seconds * 10) / 10,
    roundsPerSecond: Math.round(rounds / seconds),
    tolerance: TOLERANCE,
    withinTolerance: tables.every((table) => table.withinTolerance),
    largestStandardError: Math.max(...tables.map((table) => table.standardErrorOfRtp)),
    tables,
    serverSeed,
    clientSeed,
    measuredAt: new Date().toISOString(),
  };
  const out = fileURLToPath(new URL('../results/plinko-rtp.json', import.meta.url));
  mkdirSync(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (!result.withinTolerance) process.exitCode = 1;
}

if (isMainThread) {
  await main();
} else {
  parentPort!.postMessage(runSlice(workerData as Slice));
}
