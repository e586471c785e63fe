import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { useAuthFlowStore } from '../features/auth/lib/auth-flow-store';
import { toCatalogue } from '../i18n/catalogue';
import { addKoreanTexts } from '../i18n/index';
import { useAccountGateStore } from '../lib/account-gate';
import { useMemberCentreStore } from '../lib/member-centre-store';
import { useModalStore } from '../lib/modal-store';
import { useSessionStore } from '../lib/session-store';
import { useThemeStore } from '../lib/theme';
import { useUiStore } from '../lib/ui-store';
import { listen, server, takeUnhandledRequests } from './server';

// jsdom has no layout, so no media queries: every query answers "no match", as on a narrow screen.
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

// A test renders a feature's parts without the feature's index.ts, which brings its Korean texts in the
// build (i18n/catalogue-ko.ts): every Korean namespace is there from the start, as English is.
for (const [namespace, texts] of Object.entries(
  toCatalogue(
    import.meta.glob<Record<string, unknown>>('../i18n/locales/ko/*.json', { eager: true, import: 'default' }),
  ),
)) {
  addKoreanTexts(namespace, texts);
}

// findBy* and waitFor wait up to 5 s, not 1 s: a lazily loaded dialog's first import can take over a
// second when every worker of a CI run is busy (the login popup once failed a run at 1.04 s). A passing
// query returns as soon as it matches, so this costs nothing when the machine is quiet.
configure({ asyncUtilTimeout: 5_000 });

// Every call goes to the mock API of src/test/server.ts, which answers only what the test set up.
beforeAll(() => listen());

// Unmount what a test rendered, so the next test starts from an empty document; then drop the test's
// handlers, and fail it if it sent a request that nothing answered.
afterEach(() => {
  cleanup();
  server.resetHandlers();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`No handler answered ${unhandled.join(', ')} (src/test/api.ts)`);
});

// The files of a worker share one document and one copy of each module (vite.config.ts: isolate
// false): each file leaves the stores, the storage and the globals as the first file found them.
interface Store<T> {
  getInitialState(): T;
  setState(state: T, replace: true): void;
}
function reset<T>(store: Store<T>) {
  store.setState(store.getInitialState(), true);
}
afterAll(async () => {
  // A lazy part a file's render asked for (the router's deferred dialogs) must finish loading inside
  // that file: one still loading when the file ends was reported against the next file of the worker
  // ('Cannot load … after the environment was torn down').
  await vi.dynamicImportSettled();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  reset(useAuthFlowStore);
  reset(useAccountGateStore);
  reset(useMemberCentreStore);
  reset(useModalStore);
  reset(useSessionStore);
  reset(useThemeStore);
  reset(useUiStore);
  server.close();
});
