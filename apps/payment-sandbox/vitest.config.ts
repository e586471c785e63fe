import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'payment-sandbox',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
