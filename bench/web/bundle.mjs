// `npm run bench:bundle`: where the lobby's first load goes. Builds the player site into a folder of its own,
// serves it, loads /index at 375 px (the budget's width) and at 1280 px, and writes what each script of the
// first load is made of, by package and source folder, to bench/results/web-bundle.json and web-bundle.md.
// `--out=<file.json>` writes the JSON elsewhere and no Markdown (to compare two trees).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyseFirstLoad } from './build-stats.mjs';
import { root } from './first-load.mjs';

const port = Number(process.env.BENCH_PORT ?? 8292);
const out = process.argv.find((arg) => arg.startsWith('--out='))?.slice(6);
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1280, height: 900 };

const { chunks, firstLoads } = await analyseFirstLoad({ port, viewports: [PHONE, WIDE] });
const [phone, wide] = firstLoads;
const chunkOfFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
const loaded = new Set([...phone.scripts, ...wide.scripts].map((script) => script.path));

const withParts = (script) => ({ ...script, parts: chunkOfFile.get(script.path)?.parts ?? [] });
const byPart = new Map();
for (const script of phone.scripts.map(withParts)) {
  for (const part of script.parts) byPart.set(part.part, (byPart.get(part.part) ?? 0) + part.gzipBytes);
}
const result = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, node: process.version },
  note: 'gzip level 9 of each file as built; a part is a package or a source folder, its bytes an estimate (its code compressed alone, scaled to the chunk)',
  firstLoad: { viewport: phone.viewport, gzipBytes: phone.gzipBytes, scripts: phone.scripts.map(withParts) },
  firstLoadByPart: [...byPart]
    .map(([part, gzipBytes]) => ({ part, gzipBytes }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes),
  wideFirstLoad: { viewport: wide.viewport, gzipBytes: wide.gzipBytes, scripts: wide.scripts },
  laterChunks: chunks
    .filter((chunk) => !loaded.has(chunk.file))
    .map(({ chunk, file, gzipBytes, parts }) => ({ chunk, file, gzipBytes, parts: parts.slice(0, 5) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes),
};

if (out) {
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
} else {
  writeFileSync(path.join(root, 'bench/results/web-bundle.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(root, 'bench/results/web-bundle.md'), toMarkdown(result));
}
console.log(`first load of /index at 375 px: ${result.firstLoad.gzipBytes} B gzip in ${phone.scripts.length} scripts`);
console.log(`at 1280 px: ${result.wideFirstLoad.gzipBytes} B gzip in ${wide.scripts.length} scripts`);

function toMarkdown(data) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const lines = [
    "# The lobby's first load, by what it is made of",
    '',
    `Written by \`npm run bench:bundle\` (bench/web/bundle.mjs) at ${data.measuredAt}. Sizes are gzip (level 9) of`,
    'each file as built, in KB of 1,024 bytes; a part is a package or a source folder, and its size an estimate',
    '(its code compressed on its own, scaled so the parts add up to the chunk). Decision 0008 says what loads when.',
    '',
    `## /index at ${data.firstLoad.viewport.width} px: ${kb(data.firstLoad.gzipBytes)} KB in ${data.firstLoad.scripts.length} scripts`,
    '',
    '| script | KB | its largest parts (KB) |',
    '|---|---:|---|',
    ...data.firstLoad.scripts.map(
      (script) =>
        `| ${script.chunk} | ${kb(script.gzipBytes)} | ${script.parts
          .filter((part) => part.gzipBytes >= 256)
          .map((part) => `${part.part} ${kb(part.gzipBytes)}`)
          .join(', ')} |`,
    ),
    '',
    '### The same load by part',
    '',
    '| part | KB |',
    '|---|---:|',
    ...data.firstLoadByPart
      .filter((part) => part.gzipBytes >= 256)
      .map((part) => `| ${part.part} | ${kb(part.gzipBytes)} |`),
    '',
    `## /index at ${data.wideFirstLoad.viewport.width} px: ${kb(data.wideFirstLoad.gzipBytes)} KB in ${data.wideFirstLoad.scripts.length} scripts`,
    '',
    data.wideFirstLoad.scripts.map((script) => `${script.chunk} ${kb(script.gzipBytes)}`).join(', '),
    '',
    '## Loaded later (on a page, a dialog, a click), the 25 largest',
    '',
    '| chunk | KB | its largest parts (KB) |',
    '|---|---:|---|',
    ...data.laterChunks.slice(0, 25).map(
      (chunk) =>
        `| ${chunk.chunk} | ${kb(chunk.gzipBytes)} | ${chunk.parts
          .filter((part) => part.gzipBytes >= 256)
          .map((part) => `${part.part} ${kb(part.gzipBytes)}`)
          .join(', ')} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
