import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkTimeoutError, withChunkTimeout } from './chunk-timeout';

describe(withChunkTimeout.name, () => {
  afterEach(() => vi.useRealTimers());

  it('gives up on a page chunk after 120 seconds with the slow-network error', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it loads in time', async () => {
    await expect(withChunkTimeout(async () => ({ page: 'index' }))).resolves.toEqual({ page: 'index' });
  });
});
