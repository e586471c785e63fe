// Simulates the Lucky Parlay slot over 100 million paid rounds (free spins included) and checks the
// simulated RTP against the declared one within ±0.1 %. Writes bench/results/slot-rtp.json.
// Usage: tsx bench/house/slot-rtp.ts [rounds] [workers]
import { createHmac } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import {
  DECLARED_SLOT_RTP,
  PAYLINES,
  computeSlotRtp,
  sha256Hex,
  slotRoundUnits,
  type HmacSha256,
} from '@parlay/fairness';

interface Slice {
  serverSeed: string;
  clientSeed: string;
  from: number;
  to: number;
}
interface SliceResult {
  units: number;
  squares: number;
  rounds: number;
}

// node:crypto gives the same bytes as the package's pure HMAC (the fairness tests hold them equal), faster.
const nativeHmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

function runSlice({ serverSeed, clientSeed, from, to }: Slice): SliceResult {
  let units = 0;
  let squares = 0;
  for (let nonce = from; nonce < to; nonce += 1) {
    const win = slotRoundUnits({ serverSeed, clientSeed, nonce }, nativeHmac);
    units += win;
    squares += win * win;
  }
  return { units, squares, rounds: to - from };
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 100_000_000);
  const workers = Number(process.argv[3] ?? Math.max(1, availableParallelism()));
  const serverSeed = sha256Hex('bench-slot-rtp');
  const clientSeed = 'bench';
  const started = performance.now();
  const per = Math.ceil(rounds / workers);
  const results = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const slice: Slice = { serverSeed, clientSeed, from: index * per, to: Math.min(rounds, (index + 1) * per) };
      return new Promise<SliceResult>((resolve, reject) => {
        // A worker does not inherit tsx's loader: register it first, then load this file as the worker.
        const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
        const worker = new Worker(boot, { eval: true, workerData: slice });
        worker.once('message', (result: SliceResult) => resolve(result));
        worker.once('error', reject);
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Units are line bets; a stake is PAYLINES units. Sums stay exact integers below 2^53.
  const units = results.reduce((sum, result) => sum + result.units, 0);
  const squares = results.reduce((sum, result) => sum + result.squares, 0);
  const simulatedRtp = units / PAYLINES / rounds;
  const meanSquare = squares / PAYLINES ** 2 / rounds;
  const standardDeviation = Math.sqrt(meanSquare - simulatedRtp ** 2);
  const exactRtp = computeSlotRtp().total;
  const difference = simulatedRtp - DECLARED_SLOT_RTP;
  const result = {
    game: 'lucky-parlay',
    rounds,
    workers,
    seconds: Math.round(seconds * 10) / 10,
    roundsPerSecond: Math.round(rounds / seconds),
    declaredRtp: DECLARED_SLOT_RTP,
    exactRtp,
    simulatedRtp,
    difference,
    standardErrorOfRtp: standardDeviation / Math.sqrt(rounds),
    withinTolerance: Math.abs(difference) <= 0.001,
    tolerance: 0.001,
    serverSeed,
    clientSeed,
    measuredAt: new Date().toISOString(),
  };
  const out = fileURLToPath(new URL('../results/slot-rtp.json', import.meta.url));
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
