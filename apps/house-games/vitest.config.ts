import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'house-games',
    environment: 'node',
    // The platform's database, migrated and seeded once for the run; each file opens a copy.
    globalSetup: ['../server/src/test/global-setup.ts'],
    // web/src: the game clients' pure parts (no DOM), in the same node environment.
    include: ['src/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 240_000,
    // Each file runs a whole platform and vendor; one at a time keeps their timers honest on small machines.
    maxWorkers: 1,
    // Projects with their own worker count need their own group (vitest 4); this one runs after the others.
    sequence: { groupOrder: 1 },
  },
});
