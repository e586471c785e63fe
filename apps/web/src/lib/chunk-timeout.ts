/**
 * A lazy page that has not loaded after this long is reported as a slow network
 * (docs/product/site-shell-and-routes.md#page-groups).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkTimeoutError extends Error {
  constructor() {
    super('The page took longer time to load, please check your network connectivity');
    this.name = 'ChunkTimeoutError';
  }
}

/** Races a lazy import against the chunk timeout; the timer is cleared as soon as the import settles. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
