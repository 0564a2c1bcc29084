// A Vitest reporter that lists, at the end of the run, every test that failed and then passed when
// run again (only the e2e project retries: vitest.config.ts). Such a test is a race between the
// test and the page, or a defect that shows under load: the run passes, and this list is where it
// is seen, with the first attempt's error. Printed to stdout, so it lands in CI's log.

/** @implements {import('vitest/node').Reporter} */
export default class FlakyReporter {
  /** @type {{ name: string; retries: number; error: string }[]} */
  flaky = [];

  /** @param {import('vitest/node').TestCase} testCase */
  onTestCaseResult(testCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic === undefined || !diagnostic.flaky) return;
    const error = testCase.task.result?.errors?.[0]?.message ?? '(the first attempt\'s error was not kept)';
    this.flaky.push({ name: `${testCase.project.name} › ${testCase.module.relativeModuleId} › ${testCase.fullName}`, retries: diagnostic.retryCount, error });
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    const lines = this.flaky.map(({ name, retries, error }) => `  FLAKY ${name}\n    passed after ${retries} retr${retries === 1 ? 'y' : 'ies'}; it first failed with: ${error.split('\n')[0]}`);
    process.stdout.write(`\n${this.flaky.length} test${this.flaky.length === 1 ? '' : 's'} passed only when run again:\n${lines.join('\n')}\n\n`);
  }
}
