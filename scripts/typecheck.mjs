// Type-checks every workspace (each has its own tsconfig with noEmit); fails when any fails.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  '.',
  'packages/contract',
  'packages/db',
  'packages/fairness',
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'apps/house-games',
  'apps/house-games/web',
  'apps/payment-sandbox',
  'e2e',
  'bench',
].filter((dir) => existsSync(`${dir}/tsconfig.json`));
let failed = 0;
for (const dir of projects) {
  const result = spawnSync('node_modules/.bin/tsc', ['-p', dir], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`typecheck: ${failed} of ${projects.length} projects failed`);
  process.exit(1);
}
console.log(`typecheck: ${projects.length} projects ok`);
