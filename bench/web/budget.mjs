// `npm run budget:web`: the budget on the lobby's first load, run by CI after `npm test` (decision 0008).
// Builds the player site into a folder of its own, serves it with the built server and counts the gzip bytes
// of the scripts /index loads at 375 px before it is idle: a byte count, the same on every run of one tree.
//  - Fails when they pass `firstLoadGzipBytes` of bench/web/budget.json, naming each chunk that grew since the
//    sizes recorded there, and what that chunk is made of.
//  - Fails when a package the start-up path must not carry (decision 0008) is in the first load.
//  - Fails when the first load fell more than 2 KB under the budget: lower it with `npm run budget:web -- --write`,
//    which records the sizes and sets the budget 1 KB over them, so the next gain is kept too.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyseFirstLoad } from './build-stats.mjs';
import { root } from './first-load.mjs';

const budgetFile = path.join(root, 'bench/web/budget.json');
const port = Number(process.env.BUDGET_PORT ?? 8294);
const HEADROOM = 1024;
const SLACK = 2048;
/** Packages decision 0008 keeps off the start-up path: answers are checked by the server, HTML cleaned on demand. */
const NOT_AT_START = ['zod', 'dompurify'];

const { chunks, firstLoads } = await analyseFirstLoad({ port, viewports: [{ width: 375, height: 812 }] });
const [firstLoad] = firstLoads;
const partsOf = new Map(chunks.map((chunk) => [chunk.file, chunk.parts]));
const sizes = Object.fromEntries(
  [...firstLoad.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).map((script) => [script.chunk, script.gzipBytes]),
);
const total = firstLoad.gzipBytes;

if (process.argv.includes('--write')) {
  const budget = {
    note: 'npm run budget:web checks the first load of /index against firstLoadGzipBytes; --write records it (decision 0008)',
    firstLoadGzipBytes: total + HEADROOM,
    measured: { at: new Date().toISOString(), gzipBytes: total, chunks: sizes },
  };
  writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
  console.log(`first load ${total} B gzip; budget set to ${budget.firstLoadGzipBytes} B in bench/web/budget.json`);
  process.exit(0);
}

const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
const recorded = budget.measured?.chunks ?? {};
const failures = [];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const script of firstLoad.scripts) {
  for (const part of partsOf.get(script.path) ?? []) {
    if (NOT_AT_START.includes(part.part)) {
      failures.push(
        `${part.part} (${kb(part.gzipBytes)}) is in the start-up chunk ${script.chunk}: decision 0008 keeps it off`,
      );
    }
  }
}

const lines = firstLoad.scripts.map((script) => {
  const before = recorded[script.chunk];
  const change = before === undefined ? 'new' : script.gzipBytes - before;
  const shown = change === 'new' ? 'new' : change > 0 ? `+${change}` : String(change);
  return `${script.chunk.padEnd(24)} ${String(script.gzipBytes).padStart(8)} B  ${shown}`;
});
const gone = Object.keys(recorded).filter((chunk) => !(chunk in sizes));
console.log(`first load of /index at 375 px, gzip (change since bench/web/budget.json was written):`);
console.log(lines.map((line) => `  ${line}`).join('\n'));
for (const chunk of gone) console.log(`  ${chunk.padEnd(24)} no longer loaded`);
console.log(`  ${'total'.padEnd(24)} ${String(total).padStart(8)} B  budget ${budget.firstLoadGzipBytes} B`);

if (total > budget.firstLoadGzipBytes) {
  const grown = firstLoad.scripts.filter(
    (script) => recorded[script.chunk] === undefined || script.gzipBytes > recorded[script.chunk],
  );
  const detail = grown.map((script) => {
    const was = recorded[script.chunk];
    const head =
      was === undefined
        ? `${script.chunk}: new, ${script.gzipBytes} B`
        : `${script.chunk}: ${was} → ${script.gzipBytes} B`;
    const parts = (partsOf.get(script.path) ?? [])
      .slice(0, 6)
      .map((part) => `${part.part} ${kb(part.gzipBytes)}`)
      .join(', ');
    return `    ${head} (largest parts: ${parts})`;
  });
  failures.push(
    `the first load is ${total} B, over its budget of ${budget.firstLoadGzipBytes} B by ${total - budget.firstLoadGzipBytes} B; grew:\n${detail.join('\n')}\n` +
      '    Move what the first screen does not need behind a lazy import (decision 0008), or raise the budget in\n' +
      '    bench/web/budget.json in the same commit and say why. `npm run bench:bundle` shows where the bytes go.',
  );
} else if (budget.firstLoadGzipBytes - total > SLACK) {
  failures.push(
    `the first load fell to ${total} B, more than ${SLACK} B under its budget of ${budget.firstLoadGzipBytes} B: ` +
      'keep the gain, run `npm run budget:web -- --write` and commit bench/web/budget.json',
  );
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`budget: ${failure}`);
  process.exitCode = 1;
} else {
  console.log('budget: the first load is within its budget');
}
