/**
 * The sandbox's time: a clock and a scheduler in one, so that its tests move time forward and run what falls
 * due (order expiry, payout outcomes, callback retries) without waiting; production uses the real ones.
 */
export interface SandboxTime {
  now(): number;
  /** Runs `task` after `delayMs`; a task's failure is the task's to report. */
  schedule(delayMs: number, task: () => Promise<void>): void;
  /** Drops what has not run yet (the service is closing). */
  cancelAll(): void;
}

/** Date.now and setTimeout; the timers do not keep the process alive. */
export class RealTime implements SandboxTime {
  private readonly timers = new Set<NodeJS.Timeout>();

  now(): number {
    return Date.now();
  }

  schedule(delayMs: number, task: () => Promise<void>): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        // A task reports its own failures; one that throws anyway must not take the platform's process down.
        task().catch((error: unknown) => console.error('payment sandbox: a scheduled task failed', error));
      },
      Math.max(0, delayMs),
    );
    timer.unref();
    this.timers.add(timer);
  }

  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

interface ManualTask {
  at: number;
  seq: number;
  task: () => Promise<void>;
}

/** Time the tests move: `advance(ms)` runs every task due by then, in time order, each awaited. */
export class ManualTime implements SandboxTime {
  private current: number;
  private seq = 0;
  private tasks: ManualTask[] = [];

  constructor(startMs = Date.UTC(2026, 10, 27, 12, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, task: () => Promise<void>): void {
    this.tasks.push({ at: this.current + Math.max(0, delayMs), seq: this.seq++, task });
  }

  cancelAll(): void {
    this.tasks = [];
  }

  /** How many tasks wait. */
  get pending(): number {
    return this.tasks.length;
  }

  /** When the next task falls due, or undefined when none waits. */
  get nextAt(): number | undefined {
    return this.tasks.reduce<number | undefined>(
      (first, task) => (first === undefined || task.at < first ? task.at : first),
      undefined,
    );
  }

  /** Moves the clock `ms` forward, running each task as its time comes (tasks they schedule included). */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const due = this.tasks.filter((task) => task.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((task) => task !== due);
      this.current = Math.max(this.current, due.at);
      await due.task();
    }
    this.current = target;
  }

  /** Runs what is due now (and what that schedules for now). */
  runDue(): Promise<void> {
    return this.advance(0);
  }
}
