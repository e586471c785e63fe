import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The game clients are served by the vendor under /house/ (see src/http/web.routes.ts).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/house/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
