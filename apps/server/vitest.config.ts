import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // One migrated and seeded platform database for the run; each file opens a copy (src/test/database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time (the root's maxWorkers) fits two cores and a real
    // server's connections.
  },
});
