import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'apps/house-games'],
    // Two at a time on every project but the house games' (their own group, one at a time): vitest's
    // default is one fewer than the cores, a single worker on a two-core machine.
    maxWorkers: 2,
  },
});
