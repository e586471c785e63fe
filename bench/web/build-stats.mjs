// Builds the player site (apps/web/vite.config.ts as it is) into a folder of its own and says what each chunk
// is made of: its gzip size and, inside it, the share of each package or source folder. Shared by the bundle
// analysis (bundle.mjs) and the CI budget (budget.mjs); neither touches apps/web/dist, which other runs use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chunkName, measureFirstLoad, root, startSite } from './first-load.mjs';

const webRoot = path.join(root, 'apps/web');

/**
 * The part of the code base a module belongs to: a package (`react-dom`, `@tanstack/query-core`), a feature
 * or a language's texts (`apps/web/src/features/games`, `apps/web/src/i18n/locales/ko`), a folder of the site
 * (`apps/web/src/app`), or a contract module (`packages/contract/src/system/constants.ts`).
 */
export function partOf(moduleId) {
  const id = moduleId.replace(/\?.*$/, '').replaceAll('\\', '/');
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (inPackage) return inPackage[1];
  const local = id.startsWith(`${root}/`) ? id.slice(root.length + 1) : id.replace(/^\0/, '');
  const sitePart = /^(apps\/web\/src\/(?:features\/[^/]+|i18n\/locales\/[^/]+|[^/]+))(?:\/|$)/.exec(local);
  if (sitePart) return sitePart[1];
  return local;
}

const gzipBytes = (text) => gzipSync(text, { level: 9 }).length;

/**
 * Runs the production build into `outDir` and returns its chunks: file, name (without its hash), gzip size of
 * the file as written, and its parts. A part's gzip size is an estimate: its modules' code compressed on its
 * own, scaled so that the parts add up to the chunk (gzip shares its dictionary across a chunk).
 */
export async function buildWithStats(outDir) {
  // Vite's advice on its future config loader says nothing about the bundle; it is printed by every build.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const chunks = [];
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [
      {
        name: 'parlay-bundle-stats',
        apply: 'build',
        generateBundle: {
          order: 'post',
          handler(_options, bundle) {
            for (const chunk of Object.values(bundle)) {
              if (chunk.type !== 'chunk') continue;
              const codeOfPart = new Map();
              const renderedOfPart = new Map();
              for (const [id, module] of Object.entries(chunk.modules)) {
                if (!module.code) continue;
                const part = partOf(id);
                codeOfPart.set(part, `${codeOfPart.get(part) ?? ''}${module.code}\n`);
                renderedOfPart.set(part, (renderedOfPart.get(part) ?? 0) + module.renderedLength);
              }
              const total = gzipBytes(chunk.code);
              const alone = [...codeOfPart].map(([part, code]) => ({ part, bytes: gzipBytes(code) }));
              const sum = alone.reduce((all, entry) => all + entry.bytes, 0) || 1;
              chunks.push({
                file: `/${chunk.fileName}`,
                chunk: chunkName(chunk.fileName),
                isEntry: chunk.isEntry,
                gzipBytes: total,
                imports: chunk.imports.map((file) => `/${file}`),
                parts: alone
                  .map(({ part, bytes }) => ({
                    part,
                    gzipBytes: Math.round((bytes * total) / sum),
                    renderedBytes: renderedOfPart.get(part),
                  }))
                  .sort((a, b) => b.gzipBytes - a.gzipBytes),
              });
            }
          },
        },
      },
    ],
  });
  return chunks;
}

/**
 * Builds the site with its stats into a temporary folder, serves it with the built server and returns its
 * chunks and the first load of /index at each of `viewports` (the first is the phone the budget counts).
 */
export async function analyseFirstLoad({ port, viewports }) {
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('scripts/build-server.mjs failed');
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'parlay-web-stats-'));
  try {
    const chunks = await buildWithStats(outDir);
    const site = await startSite({ distDir: outDir, port });
    try {
      const firstLoads = [];
      for (const viewport of viewports) {
        firstLoads.push({
          viewport,
          ...(await measureFirstLoad({ baseUrl: site.baseUrl, distDir: outDir, viewport })),
        });
      }
      return { chunks, firstLoads };
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
