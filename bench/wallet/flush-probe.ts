import { open, rm } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = Buffer.alloc(8192, 1);
const PAUSE_MS = 5;

export interface FlushProbe {
  /** Starts timing; its first second is the second this is called in. */
  begin(): void;
  /** Stops, removes the file, and answers the slowest flush of each second since `begin`, in ms. */
  stop(): Promise<number[]>;
}

/**
 * Times the disk's flush while a window runs: an 8 KB write and `fdatasync` to a file in `dir`, one at a
 * time with a 5 ms pause, the same flush a commit waits on for its WAL. Its seconds line up with the
 * slowest round of each second of the window. The probe adds about 150 small flushes a second to the
 * disk it measures, so the bench runs it only when asked (BENCH_FLUSH_PROBE=1).
 */
export async function openFlushProbe(dir: string): Promise<FlushProbe> {
  const filePath = path.join(dir, `parlay-flush-probe-${process.pid}`);
  const file = await open(filePath, 'w');
  const slowestBySecond: number[] = [];
  let running = false;
  let loop: Promise<void> = Promise.resolve();
  return {
    begin() {
      running = true;
      const start = performance.now();
      loop = (async () => {
        while (running) {
          const began = performance.now();
          await file.write(BLOCK, 0, BLOCK.length, 0);
          await file.datasync();
          const second = Math.floor((began - start) / 1000);
          slowestBySecond[second] = Math.max(slowestBySecond[second] ?? 0, performance.now() - began);
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
      })();
    },
    async stop() {
      running = false;
      await loop;
      await file.close();
      await rm(filePath, { force: true });
      return Array.from(slowestBySecond, (ms) => Number((ms ?? 0).toFixed(1)));
    },
  };
}
