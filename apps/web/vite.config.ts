import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Alias, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import * as contractCalls from '../../packages/contract/src/calls';

const apiTarget = process.env['PARLAY_API'] ?? 'http://localhost:8080';

/**
 * Page files and the product's names for their lazy page groups (docs/product/site-shell-and-routes.md#page-groups);
 * chunks carry these names.
 */
const PAGE_GROUP_OF_FILE: Record<string, string> = {
  index: 'index',
  vip: 'Vip',
  'point-mall': 'pointMall',
  lottery: 'lottery',
  'vn-lottery': 'vnlottery',
  'sea-lottery': 'eaLottery',
  elott: 'elott',
  'game-list': 'egame',
  sports: 'sports',
  esports: 'esports',
  promotions: 'promo',
  'promo-detail': 'promoDetail',
  seamless: 'seamless',
  help: 'help',
  down: 'download',
  join: 'joinus',
  game: 'byIframe',
};

function chunkFileName(chunk: { name: string; facadeModuleId?: string | null }): string {
  const page = /\/src\/app\/routes\/([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
  const group = page ? PAGE_GROUP_OF_FILE[page] : undefined;
  return `assets/${group ?? '[name]'}-[hash].js`;
}

/**
 * The lobby's first load in a few requests instead of forty (a phone pays a round trip for each):
 * every module the entry imports statically goes into one start-up chunk, and each lazy part of the
 * lobby (its route, its top, its game rows, the footer) into one chunk with what it alone imports.
 * The sets are read from the module graph at the end of the build phase, before chunks are made.
 */
const LOBBY_PARTS: { name: string; roots: RegExp }[] = [
  {
    name: 'index',
    roots: /[\\/]src[\\/](?:app[\\/]routes[\\/]index\.tsx|features[\\/]games[\\/]index\.ts)$/,
  },
  { name: 'lobby-games', roots: /[\\/]src[\\/]features[\\/]games[\\/]components[\\/]lobby-game-rows\.tsx$/ },
  { name: 'footer', roots: /[\\/]src[\\/]app[\\/]layout[\\/]footer\.tsx$/ },
];

/**
 * Entry files that only re-export a whole package. Through them everything would look imported
 * (tree-shaking keeps only what is used), so the walk stops there: start-up code takes contract values
 * from `@parlay/contract/constants`, and TanStack Query's start-up files are named in STARTUP_SEEDS.
 */
const BARRELS =
  /[\\/](?:packages[\\/]contract[\\/]src|@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern)[\\/]index\.(?:ts|js)$/;
const STARTUP_SEEDS =
  /[\\/]@tanstack[\\/](?:react-query[\\/]build[\\/]modern[\\/](?:useQuery|QueryClientProvider|queryOptions)|query-core[\\/]build[\\/]modern[\\/](?:queryClient|queryObserver))\.js$/;

function startupChunks() {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: 'parlay-startup-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      // What `roots` import statically, stopping at modules already grouped and at BARRELS.
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const queue = [...roots];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id) || groupOf.has(id) || BARRELS.test(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const seeds = ids.filter((id) => STARTUP_SEEDS.test(id));
      for (const id of closure([...entries, ...seeds])) groupOf.set(id, 'startup');
      for (const part of LOBBY_PARTS) {
        for (const id of closure(ids.filter((id) => part.roots.test(id)))) groupOf.set(id, part.name);
      }
    },
  };
  const groups = ['startup', ...LOBBY_PARTS.map((part) => part.name)].map((name, index, all) => ({
    name,
    priority: all.length - index,
    test: (id: string) => groupOf.get(id) === name,
  }));
  return { plugin, groups };
}

const startup = startupChunks();

/**
 * Each use of a call of the contract's tables (`GAME_CALLS.gameList`) becomes, in the build, that call's own
 * `{ method, path }`, as a literal path was before the tables. A bundle places a module in one chunk whole:
 * the shell makes a few calls of each table at start-up, so every call the site makes anywhere would
 * otherwise load with the lobby (decision 0008). Tests and the dev server import the tables as they are;
 * a use this misses still works, it only loads its table.
 */
function inlineCalls(): Plugin {
  const tables = new Map(
    Object.entries(contractCalls)
      .filter(([name]) => name.endsWith('_CALLS'))
      .map(([name, table]) => [name, table as Record<string, contractCalls.ApiCall>] as const),
  );
  const use = new RegExp(`(?<!typeof\\s+)\\b(${[...tables.keys()].join('|')})\\.(\\w+)\\b`, 'g');
  return {
    name: 'parlay-inline-calls',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /[\\/]apps[\\/]web[\\/]src[\\/][^?]*\.tsx?$/ },
      handler(code) {
        const inlined = code.replace(use, (whole, table: string, name: string) => {
          const call = tables.get(table)?.[name];
          return call ? `(${JSON.stringify({ method: call.method, path: call.path })})` : whole;
        });
        return inlined === code ? null : { code: inlined, map: null };
      },
    },
  };
}

const REACT_ON_PREACT = path.resolve(import.meta.dirname, 'src/lib/react-on-preact.js');

/**
 * The player site runs on Preact through `preact/compat` (decision 0047): the code, Radix, react-router, TanStack
 * Query, react-i18next, zustand and Testing Library import `react` and get Preact. The back office stays on React.
 */
const PREACT_ALIASES: Alias[] = [
  // preact/compat with a useSyncExternalStore that subscribes before the page can be clicked (its file says why).
  { find: /^react$/, replacement: REACT_ON_PREACT },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // react-i18next's shim for React 17, which Preact has built in.
  {
    find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
    replacement: REACT_ON_PREACT,
  },
];

/**
 * Vitest loads packages from node_modules outside Vite, where the aliases do not reach: those that import `react`
 * are run through Vite instead, so that a test renders with the one Preact the site's code uses.
 */
const IMPORTS_REACT = new RegExp(
  `/node_modules/(?:${[
    'react-router',
    'react-i18next',
    'react-hook-form',
    '@hookform/resolvers',
    '@radix-ui/[\\w-]+',
    '@floating-ui/react-dom',
    'react-remove-scroll',
    'react-remove-scroll-bar',
    'react-style-singleton',
    'use-callback-ref',
    'use-sidecar',
    '@tanstack/react-query',
    '@testing-library/react',
    // Not React's, but it must share @testing-library/dom (and so its act around each event) with the line above.
    '@testing-library/user-event',
    'zustand',
  ].join('|')})/`,
);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.gz` and `file.br` beside every text file of the build, so the server sends them
 * compressed without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parlay-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [inlineCalls(), startup.plugin, precompress()],
  resolve: {
    alias: PREACT_ALIASES,
    // Vitest resolves packages as Node does, to their CommonJS builds, whose `require('react')` no alias reaches:
    // the tests take the ES module builds the site is bundled from.
    ...(process.env['VITEST'] ? { mainFields: ['module'], conditions: ['module'] } : {}),
  },
  // JSX calls `react/jsx-runtime`, which the aliases make Preact's. React's fast refresh (@vitejs/plugin-react)
  // does not drive Preact: an edit reloads the page in `npm run dev`.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: {
    port: 5173,
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/lotto': apiTarget,
      '/docs': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    // Browsers preload modules themselves (Safari from 17); an older Safari only fetches the start-up chunk's
    // one import a moment later. The polyfill was 0.3 KB of every first load.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      onwarn(warning, warn) {
        // Radix and react-router mark their modules "use client", which means nothing to a site without server
        // components (@vitejs/plugin-react silenced it too); react-router reads `React.useOptimistic`, which
        // preact/compat lacks, and falls back to the value without optimism (only its data router uses it).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
      output: {
        // The entry is the start-up chunk: named so, apart from the lobby's own `index` chunk (the budget names both).
        entryFileNames: 'assets/startup-[hash].js',
        chunkFileNames: chunkFileName,
        codeSplitting: { groups: startup.groups },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share its loaded modules and jsdom: each file's own render, stores and
    // stubs are undone after each test (src/test/setup.ts and the files' afterEach). Loading them
    // again for every file took three quarters of this project's time.
    isolate: false,
    // Room for a find that waits its whole 5 s (src/test/setup.ts) on a loaded machine.
    testTimeout: 15_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    server: { deps: { inline: [IMPORTS_REACT] } },
  },
});
