// `npm start`: builds the player site when its build is missing or older than its sources, then
// starts the platform (API, player site and house games in one process) over the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const webDir = 'apps/web';
const built = path.join(webDir, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webDir, 'src'), path.join(webDir, 'public'), 'packages/contract/src'].filter(existsSync);
const stale =
  !existsSync(built) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(webDir, 'index.html')).mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the player site…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@parlay/web'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
