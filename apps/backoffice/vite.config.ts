import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env['PARLAY_API'] ?? 'http://localhost:8080';

/**
 * The back office (docs/decisions/0033-back-office-web-application.md): its own bundle under /backoffice/, served
 * by the platform (apps/server/src/plugins/backoffice-app.ts). Desktop-first for a few operators, so none of the
 * player site's first-load work (decision 0008): pages load lazily and that is all.
 */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: {
    port: 5174,
    proxy: { '/bo': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share its loaded modules and jsdom, as the player site's do: each file leaves
    // the stores, the storage and the timers as it found them (src/test/setup.ts). A new jsdom and a new
    // load of the modules for every file were two thirds of this project's time.
    isolate: false,
    testTimeout: 15_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
