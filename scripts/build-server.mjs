// Builds the platform server (API, and the embedded house games) into one ES module,
// apps/server/dist/main.js, which `npm start` runs with plain Node. Packages from the registry stay
// imports; only our own TypeScript (the server and the workspace packages it uses) is compiled in.
// Decision 0013 says why production does not run through tsx.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(root, 'apps/server/src/main.ts');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.js');
/** Sources whose change makes the bundle stale (scripts/start.mjs rebuilds it then). */
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/house-games/src',
  'apps/payment-sandbox/src',
  'packages/contract/src',
  'packages/db/src',
  'packages/fairness/src',
];

/** Registry packages (and Node's own modules) stay imports; `@parlay/*` and relative paths are compiled in. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parlay/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Each module finds its files (SQL migrations, built front ends) next to its source, through
 * `import.meta.url`. In one bundle that would be the bundle's own URL, so each source's `import.meta.url`
 * becomes its source file's URL, made relative to the bundle: the bundle keeps working wherever the
 * checkout sits, as long as dist/ stays beside src/.
 */
const sourceUrls = (outfile) => ({
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/**
 * Bundles the server into `outfile` (dist/main.js by default; the server's SIGKILL tests build one of their own,
 * apps/server/src/test/global-setup.ts). The bundle finds its files through its sources' paths, relative to it.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces point into readable, unminified code; `node --enable-source-maps` maps them to the sources.
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls(outfile)],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `--outfile PATH` writes the bundle elsewhere (the SIGKILL tests' own, beside a build running for npm test).
  const at = process.argv.indexOf('--outfile');
  const outfile = at > 0 && process.argv[at + 1] ? path.resolve(process.argv[at + 1]) : SERVER_BUNDLE;
  await buildServer(outfile);
  console.log(`Built ${path.relative(root, outfile)}`);
}
