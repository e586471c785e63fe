import { defineProject } from 'vitest/config';

export default defineProject({
  // Over PGlite in memory, and over the PostgreSQL server of DATABASE_URL when one is given.
  test: { name: 'db', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
