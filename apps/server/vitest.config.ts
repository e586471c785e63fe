import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // One migrated and seeded platform database for the run; each file opens a copy (src/test/database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    // Passwords hashed, and harder proofs of work made, at test costs before any test file runs.
    setupFiles: ['src/test/password-cost.ts', 'src/test/altcha-cost.ts'],
    include: ['src/**/*.test.ts'],
    // The files of a worker share its loaded modules (each still opens its own app and database, and
    // closes them): loading the whole server again for every file was half of this project's time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; three at a time (the root's maxWorkers) fits two cores and a
    // real server's connections.
  },
});
