import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'house-games',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
  },
});
