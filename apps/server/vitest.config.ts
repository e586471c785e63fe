import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time fits two cores and a real server's connections.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
