import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe(acquireDataDirLock.name, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'parlay-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dataDir, 'parlay.lock');

  it('refuses a second open of the same folder in this process, and allows it after release', () => {
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockFile())).toBe(false);
    acquireDataDirLock(dataDir)();
  });

  it('refuses a folder locked by another live process and names its pid', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile(), String(other.pid));
      let error: unknown;
      try {
        acquireDataDirLock(dataDir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).ownerPid).toBe(other.pid);
      expect((error as Error).message).toContain('Stop that process');
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(lockFile(), String(dead.pid));
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });
});
