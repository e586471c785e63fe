// The counts `npm test` (scripts/test.mjs) takes from Playwright's JSON report, and the flaky tests by name.

const FAILURES = new Set(['failed', 'timedOut', 'interrupted']);

/** A test that failed, then passed on a retry of the same run. */
function isFlaky(test) {
  const statuses = [...test.results].sort((a, b) => a.retry - b.retry).map((result) => result.status);
  const firstFailure = statuses.findIndex((status) => FAILURES.has(status));
  return firstFailure >= 0 && statuses.indexOf('passed', firstFailure + 1) > firstFailure;
}

/** Every test of the report with its name: file › describe titles › title [project]. */
function* testsOf(suite, titles = []) {
  // A file's own suite is titled with its file name, which the spec's file already gives.
  const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const name = [spec.file, ...path, spec.title].join(' › ');
      yield { name: test.projectName ? `${name} [${test.projectName}]` : name, test };
    }
  }
  for (const child of suite.suites ?? []) yield* testsOf(child, path);
}

/**
 * Passed, failed and skipped as the report's stats count them, and the names of the flaky tests. A flaky
 * test counts as passed: it passed on the retry CI allows (playwright.config `retries`), which is there so
 * that one hiccup of a shared machine does not fail the run. It is listed by name, not hidden in the
 * passed count, so that a test that needs its retry is seen and fixed.
 */
export function summarisePlaywrightReport(report) {
  const { stats } = report;
  const flaky = (report.suites ?? []).flatMap((suite) => [...testsOf(suite)]).filter(({ test }) => isFlaky(test));
  return {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected,
    skipped: stats.skipped,
    flaky: flaky.map(({ name }) => name),
  };
}

/** The line `npm test` prints above its closing one when a test passed only on its retry. */
export function flakyLine(names) {
  return names.length > 0 ? `${names.length} flaky: ${names.join('; ')}` : null;
}
