// How the entry points start and end.
//
// Start: on Node >= 22.1, V8's compiled code of the bundle is kept on disk between runs
// (module.enableCompileCache; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so only the first run on
// a machine compiles the whole bundle. It covers what is loaded after it is enabled, so the
// entries are small and import the rest once it is on.
//
// Memory: V8 doubles the young generation each time the objects that survive its scavenges add up
// to more than its size, so any long run ends with the largest one (16 MiB semi-spaces on Node 20,
// 32 MiB on Node 24), whatever the run keeps: 1,000 evals peaked at 1.28× the RSS of 100, with the
// same heap after a full GC. A growth factor of 1 keeps the first size. V8 reads that flag at each
// growth, so it still acts when set after start (--max-semi-space-size is read once, when the heap
// is set up, and would need a second Node start). A semi-space flag the user gave Node wins.
//
// End: once the run's promise has settled and stdout/stderr have taken everything written to them,
// `process.exit`. Left to end by itself, Node first tears its heap down page by page (seen with
// strace; about 5 ms of a YAML-only run here), which a finished command does not need.

import module from "node:module";
import v8 from "node:v8";

interface CompileCacheApi {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
}

export function enableCompileCache(): void {
  try {
    (module as CompileCacheApi).enableCompileCache?.();
  } catch {
    // A cache that cannot be set up (read-only temp folder) only costs speed.
  }
}

/** Only for entry points: it changes a V8 flag of the whole process. */
export function keepYoungGenerationSmall(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  if (given.includes("semi-space")) return;
  try {
    v8.setFlagsFromString("--semi-space-growth-factor=1");
  } catch {
    // A Node without the flag only keeps its default growth.
  }
}

/** Only for entry points, after every piece of work has been awaited. */
export function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  let pending = 2;
  // A write's callback runs after everything queued before it has been handed to the OS, also
  // where pipes are asynchronous (macOS).
  const flushed = (): void => {
    if (--pending > 0) return;
    try {
      (module as CompileCacheApi).flushCompileCache?.();
    } catch {
      // as above: only speed
    }
    process.exit(code);
  };
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
}
