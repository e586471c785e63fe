import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env['PARLAY_API'] ?? 'http://localhost:8080';

/** Page files and the spec's names for their lazy page groups (spec 01 §2); chunks carry these names. */
const PAGE_GROUP_OF_FILE: Record<string, string> = {
  index: 'index',
  vip: 'Vip',
  'point-mall': 'pointMall',
  lottery: 'lottery',
  'vn-lottery': 'vnlottery',
  'sea-lottery': 'eaLottery',
  elott: 'elott',
  'game-list': 'egame',
  sports: 'sports',
  esports: 'esports',
  promotions: 'promo',
  'promo-detail': 'promoDetail',
  seamless: 'seamless',
  help: 'help',
  down: 'download',
  join: 'joinus',
  game: 'byIframe',
};

function chunkFileName(chunk: { name: string; facadeModuleId?: string | null }): string {
  const page = /\/src\/app\/routes\/([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
  const group = page ? PAGE_GROUP_OF_FILE[page] : undefined;
  return `assets/${group ?? '[name]'}-[hash].js`;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/lotto': apiTarget,
      '/docs': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: { output: { chunkFileNames: chunkFileName } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
