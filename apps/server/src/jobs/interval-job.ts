/** What a job may write to the log (pino's shape, so app.log fits). */
export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface IntervalJob {
  /** Runs the job now (or waits for the run in progress) and resolves when it is done. */
  runNow(): Promise<void>;
  /** No further runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two runs at once. A failed run is logged and the next one comes
 * on time. The timer does not keep the process alive. `isIdle`: a run whose result it accepts did nothing
 * worth a log line (a job every few seconds would fill the log).
 */
export function startIntervalJob(
  name: string,
  everyMs: number,
  work: () => Promise<object>,
  log: JobLog,
  options: { isIdle?: (result: object) => boolean } = {},
): IntervalJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      try {
        const result = await work();
        if (!options.isIdle?.(result)) log.info({ job: name, ...result }, `${name} done`);
      } catch (error) {
        log.error({ job: name, err: error }, `${name} failed`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void run();
  }, everyMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
