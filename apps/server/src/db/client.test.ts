import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';

describe(openDatabase.name, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-client-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a second open out of a PGlite data folder until the first is closed', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.ping();
    await first.close();
    expect(existsSync(path.join(dataDir, 'parlay.lock'))).toBe(false);
    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.close();
  });
});
