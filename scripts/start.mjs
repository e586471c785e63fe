// `npm start`: builds what is missing or older than its sources (the player site, the back office, the house
// games' pages, the server bundle), then starts the platform (API, player site and house games in one process)
// over the embedded database, as plain Node running apps/server/dist/main.js.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_SOURCES } from './build-server.mjs';

/** Each build: its output, the sources whose change makes it stale, and the command that makes it. */
const builds = [
  {
    name: '@parlay/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contract/src'],
    command: ['npm', 'run', 'build', '-w', '@parlay/web'],
  },
  {
    name: '@parlay/backoffice',
    output: 'apps/backoffice/dist/index.html',
    sources: [
      'apps/backoffice/src',
      'apps/backoffice/public',
      'apps/backoffice/index.html',
      'packages/contract/src',
      // Its design tokens are the player site's (apps/backoffice/src/styles/global.css).
      'apps/web/src/styles/tokens.css',
    ],
    command: ['npm', 'run', 'build', '-w', '@parlay/backoffice'],
  },
  {
    name: '@parlay/house-games',
    output: 'apps/house-games/web/dist/index.html',
    sources: ['apps/house-games/web/src', 'apps/house-games/web/index.html', 'packages/fairness/src'],
    command: ['npm', 'run', 'build', '-w', '@parlay/house-games'],
  },
  {
    name: 'the server',
    output: SERVER_BUNDLE,
    sources: SERVER_SOURCES,
    command: [process.execPath, 'scripts/build-server.mjs'],
  },
];

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

for (const { name, output, sources, command } of builds) {
  const present = sources.filter(existsSync);
  const stale = !existsSync(output) || Math.max(...present.map(newestMtime)) > statSync(output).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${name}…`);
  const [program, ...args] = command;
  const result = spawnSync(program, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [SERVER_BUNDLE], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
