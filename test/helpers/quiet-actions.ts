// @actions/* report every HTTP step with core.debug, which writes `::debug::…` lines to stdout:
// a runner hides them unless debugging is on, but in a test run they drown the log. Tests that
// drive the toolkit in-process drop those lines (and only those) while they run.

import { afterAll, beforeAll, vi, type MockInstance } from "vitest";

export function hideActionsDebug(): void {
  let spy: MockInstance | undefined;
  beforeAll(() => {
    const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
    spy = vi
      .spyOn(process.stdout, "write")
      .mockImplementation(((chunk: unknown, ...rest: unknown[]) =>
        String(chunk).startsWith("::debug::")
          ? true
          : write(chunk, ...rest)) as typeof process.stdout.write);
  });
  afterAll(() => spy?.mockRestore());
}
