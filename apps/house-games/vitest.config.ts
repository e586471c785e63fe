import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'house-games',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 240_000,
    // Each file runs a whole platform and vendor; one at a time keeps their timers honest on small machines.
    maxWorkers: 1,
    // Projects with their own worker count need their own group (vitest 4); this one runs after the server's.
    sequence: { groupOrder: 2 },
    // The crash rounds run on real timers over real sockets; on a loaded CI machine one retry absorbs a
    // late tick. A test that fails twice still fails the run.
    retry: process.env['CI'] ? 1 : 0,
  },
});
