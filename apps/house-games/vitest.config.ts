import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'house-games',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
    // Projects with their own worker count need their own group (vitest 4); this one runs after the server's.
    sequence: { groupOrder: 2 },
  },
});
