/**
 * What `react` resolves to on the player site (vite.config.ts, decision 0047): preact/compat, with one hook
 * replaced. preact/compat's useSyncExternalStore subscribes to its store in a passive effect, which Preact runs
 * after the next frame (up to 35 ms later); React runs those effects before it handles a click or a key, Preact
 * does not. A click in that window reached a component not yet subscribed, and TanStack Query drops a mutation's
 * per-call onSuccess when its observer has no listener: the authenticator's "Set up" answered and nothing
 * changed. This one subscribes in a layout effect, before the browser paints, so a store's listener is in place
 * before anything on the screen can be clicked.
 */
// JavaScript, not TypeScript: preact/compat's types are an `export =` namespace, which `export *` cannot repeat.
import compat, { useLayoutEffect, useState } from 'preact/compat';

export * from 'preact/compat';

/** @param {{ value: unknown, getSnapshot: () => unknown }} store */
function changed(store) {
  try {
    return !Object.is(store.value, store.getSnapshot());
  } catch {
    return true;
  }
}

/**
 * @template T
 * @param {(onStoreChange: () => void) => () => void} subscribe
 * @param {() => T} getSnapshot
 * @returns {T}
 */
export function useSyncExternalStore(subscribe, getSnapshot) {
  const value = getSnapshot();
  const [{ store }, forceUpdate] = useState({ store: { value, getSnapshot } });

  useLayoutEffect(() => {
    store.value = value;
    store.getSnapshot = getSnapshot;
    if (changed(store)) forceUpdate({ store });
  }, [subscribe, value, getSnapshot]);

  useLayoutEffect(() => {
    if (changed(store)) forceUpdate({ store });
    return subscribe(() => {
      if (changed(store)) forceUpdate({ store });
    });
  }, [subscribe]);

  return value;
}

export default { ...compat, useSyncExternalStore };
