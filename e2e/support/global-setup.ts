import { rmSync } from 'node:fs';
import { createDataDir, DATA_TEMPLATE_ENV, startServer } from './server';

/**
 * Playwright's global setup: one data folder migrated and seeded by the real server, which every spec that
 * starts a server of its own copies (support/server.ts createDataDir). A server on an empty folder spent most of
 * its start migrating and seeding (about 5.5 s against 2.6 s on a copy, idle; far more beside two browsers).
 */
export default async function globalSetup(): Promise<() => void> {
  const template = createDataDir('parlay-e2e-template-');
  // On a port the system picks: the demo brand keeps no site address, and each copy's server sets its own port
  // there, as a first start does (decision 0026), so the links it e-mails lead to that server.
  const server = await startServer(template, { anyPort: true });
  await server.stop();
  // Workers inherit the environment the global setup leaves.
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
