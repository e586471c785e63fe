import { describe, expect, it } from 'vitest';
import { flakyLine, summarisePlaywrightReport } from './playwright-summary.mjs';

const run = (retry, status) => ({ retry, status });

/** A report as Playwright's JSON reporter writes it: a suite per file, describe blocks nested in it. */
const REPORT = {
  stats: { expected: 2, unexpected: 1, flaky: 2, skipped: 1 },
  suites: [
    {
      title: 'games/launch.spec.ts',
      file: 'games/launch.spec.ts',
      specs: [
        {
          title: 'fails twice',
          file: 'games/launch.spec.ts',
          tests: [{ projectName: '', results: [run(0, 'failed'), run(1, 'failed')] }],
        },
        {
          title: 'is skipped',
          file: 'games/launch.spec.ts',
          tests: [{ projectName: '', results: [run(0, 'skipped')] }],
        },
      ],
      suites: [
        {
          title: 'launching games at 375px',
          file: 'games/launch.spec.ts',
          specs: [
            {
              title: 'a guest, then a member',
              file: 'games/launch.spec.ts',
              // Listed out of order: the retry number, not the position, says which came first.
              tests: [{ projectName: '', results: [run(1, 'passed'), run(0, 'timedOut')] }],
            },
            {
              title: 'passes at once',
              file: 'games/launch.spec.ts',
              tests: [{ projectName: '', results: [run(0, 'passed')] }],
            },
          ],
        },
      ],
    },
    {
      title: 'games/wallet.spec.ts',
      file: 'games/wallet.spec.ts',
      specs: [
        {
          title: 'passes, then its retry is not needed',
          file: 'games/wallet.spec.ts',
          tests: [{ projectName: '', results: [run(0, 'passed')] }],
        },
        {
          title: 'the live balance',
          file: 'games/wallet.spec.ts',
          tests: [{ projectName: 'chromium', results: [run(0, 'failed'), run(1, 'passed')] }],
        },
      ],
    },
  ],
};

describe(summarisePlaywrightReport.name, () => {
  it('names each test that failed and then passed on its retry, and only those', () => {
    expect(summarisePlaywrightReport(REPORT).flaky).toEqual([
      'games/launch.spec.ts › launching games at 375px › a guest, then a member',
      'games/wallet.spec.ts › the live balance [chromium]',
    ]);
  });

  it('counts a flaky test as passed, a test that failed every time as failed, and the skipped apart', () => {
    expect(summarisePlaywrightReport(REPORT)).toMatchObject({ passed: 4, failed: 1, skipped: 1 });
  });
});

describe(flakyLine.name, () => {
  it('says how many tests were flaky and which, or nothing when none was', () => {
    expect(flakyLine(['a › one, with a comma', 'b › two'])).toBe('2 flaky: a › one, with a comma; b › two');
    expect(flakyLine([])).toBeNull();
  });
});
