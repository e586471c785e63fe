import { readSession, writeSession, type SessionKey } from './storage';

/**
 * A call's last answer kept in the tab: the cached items (gameVendor, favGames) of
 * docs/product/site-shell-and-routes.md#browser-storage. Each copy belongs to one scope, such as a brand and
 * sign-in state or an account; a copy of another scope, or one that does not have the shape the page reads, is
 * never handed out. A sign-out clears session storage.
 */
export function keptInSession<T>(key: SessionKey, accepts: (value: unknown) => value is T) {
  return {
    read(scope: string): T | undefined {
      try {
        const kept = JSON.parse(readSession(key) ?? 'null') as { scope?: unknown; value?: unknown } | null;
        return kept?.scope === scope && accepts(kept.value) ? kept.value : undefined;
      } catch {
        return undefined;
      }
    },
    write(scope: string, value: T): void {
      writeSession(key, JSON.stringify({ scope, value }));
    },
  };
}
