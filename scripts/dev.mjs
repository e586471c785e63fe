// `npm run dev`: the platform with reload on change (tsx watch, port 8080), the player site from Vite's dev
// server with hot reload (port 5173) and the back office from its own (port 5174, /backoffice/), their calls
// proxied to 8080. Ctrl-C stops all three.
import { spawn } from 'node:child_process';

// The player site frames the house games from Vite's origin here, beside the platform's own (decision 0028).
const frameAncestors = ['5173', process.env.PORT || '8080']
  .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
  .join(' ');

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', HOUSE_FRAME_ANCESTORS: frameAncestors, ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@parlay/web'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@parlay/backoffice'], { stdio: 'inherit' }),
];

function stop(signal) {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
