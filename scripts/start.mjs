// `npm start`: builds the player site when its build is missing or older than its sources, then
// starts the platform (API, player site and house games in one process) over the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Each built front end, with the sources whose change makes its build stale. */
const frontEnds = [
  {
    workspace: '@parlay/web',
    dir: 'apps/web',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/contract/src'],
  },
  {
    workspace: '@parlay/house-games',
    dir: 'apps/house-games/web',
    sources: ['apps/house-games/web/src', 'apps/house-games/web/index.html', 'packages/fairness/src'],
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

for (const frontEnd of frontEnds) {
  const built = path.join(frontEnd.dir, 'dist', 'index.html');
  const sources = frontEnd.sources.filter(existsSync);
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${frontEnd.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', frontEnd.workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
