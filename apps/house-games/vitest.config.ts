import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'house-games',
    environment: 'node',
    // The platform's database, migrated and seeded once for the run; each file opens a copy.
    globalSetup: ['../server/src/test/global-setup.ts'],
    setupFiles: ['../server/src/test/password-cost.ts'],
    // web/src: the game clients' pure parts (no DOM), in the same node environment.
    include: ['src/**/*.test.ts', 'web/src/**/*.test.ts'],
    // The files of a worker share its loaded modules (each still opens its own platform, vendor and
    // database, and closes them), as the server's files do: loading both apps again for every file was
    // most of this project's time.
    isolate: false,
    // Each file runs a whole platform and vendor, beside the other projects' files (the root's
    // maxWorkers): the crash files wait on real rounds, so their waits are generous.
    testTimeout: 300_000,
    hookTimeout: 240_000,
  },
});
