// Work the suites' helpers leave for after a suite's last test, run by jest-setup.ts. A helper
// cannot register Jest's hook itself: it may be loaded while a test runs, where hooks are refused.
// Jest gives each test file its own modules, this one included, so a suite runs only its own.
const tasks = new Set<() => Promise<void>>();

/** Runs `task` once the suite that loaded the caller has run its last test. */
export function atSuiteEnd(task: () => Promise<void>): void {
  tasks.add(task);
}

/** Every task registered, together (jest-setup.ts's afterAll). */
export async function runSuiteEnd(): Promise<void> {
  const due = [...tasks];
  tasks.clear();
  await Promise.all(due.map((task) => task()));
}
