import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// findBy* and waitFor wait up to 5 s, not 1 s: a lazily loaded dialog's first import can take over a
// second when every worker of a CI run is busy (the login popup once failed a run at 1.04 s). A passing
// query returns as soon as it matches, so this costs nothing when the machine is quiet.
configure({ asyncUtilTimeout: 5_000 });

// Unmount what a test rendered, so the next test starts from an empty document.
afterEach(() => cleanup());
