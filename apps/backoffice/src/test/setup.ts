import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import i18next, { i18nReady } from '../i18n/index';
import { useThemeStore } from '../lib/theme';
import { useToastStore } from '../lib/toast-store';
import { listen, server, takeUnhandledRequests } from './server';

await i18nReady;
// Tests read the English texts; a test of Korean switches for itself.
await i18next.changeLanguage('en');

// jsdom has no layout, so no media queries: every query answers "no match".
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => listen());

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
  server.resetHandlers();
  localStorage.clear();
  useToastStore.setState(useToastStore.getInitialState(), true);
  useThemeStore.setState(useThemeStore.getInitialState(), true);
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`No handler answered ${unhandled.join(', ')} (src/test/api.ts)`);
});

// The files of a worker share one document and one copy of each module (vite.config.ts: isolate false):
// a lazy part a file's render asked for finishes loading inside that file, and the file leaves the
// storage, the globals and the timers as the first file found them.
afterAll(async () => {
  await vi.dynamicImportSettled();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  server.close();
});
