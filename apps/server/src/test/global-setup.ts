import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database';
import './password-cost';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled for the SIGKILL tests (test/crash-server.ts): a path, when it could be built. */
    crashServerBundle?: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The server as `npm run build` bundles it, into a file of this run's own (npm test builds dist/main.js beside the
 * unit suites). A SIGKILL test starts its server several times: from the bundle a start costs about 1.3 s less CPU
 * than compiling the sources through tsx each time.
 */
function buildCrashServer(project: TestProject): { bundle: string; remove: () => void } {
  const bundle = path.join(root, 'apps/server/dist', `sigkill-${project.name}-${process.pid}.js`);
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outfile', bundle], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('scripts/build-server.mjs failed for the SIGKILL tests');
  return {
    bundle,
    remove: () => {
      rmSync(bundle, { force: true });
      rmSync(`${bundle}.map`, { force: true });
    },
  };
}

/** vitest's global setup for the projects that open the platform's database (server, house games). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createDatabaseTemplate();
  project.provide('databaseTemplate', template.reference);
  const crashServer = project.name === 'server' ? buildCrashServer(project) : undefined;
  if (crashServer) project.provide('crashServerBundle', crashServer.bundle);
  return async () => {
    crashServer?.remove();
    await template.remove();
  };
}
