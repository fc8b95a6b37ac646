// Shims: one small POSIX sh script per shimmed binary, first on PATH. Every call, whoever makes it
// (the agent, a script it runs, npm's children), appends a record to the trial's call log; then the
// shim stubs the call or passes it through to the real binary found on the original PATH.
//
// Why a raw NUL-separated log and not JSON lines written by the shim: argv can hold any byte but NUL,
// and escaping JSON in POSIX sh needs a fork per argument (sed) or slow loops. A single `printf` of
// NUL-separated fields is exact, costs no fork, and is one O_APPEND write for records up to the
// shell's 8 KiB buffer, so concurrent calls never interleave. call-log.ts turns the log into
// `ShimCall`s, under caps, and writes them out as calls.jsonl.
//
// Records: `S\0pid\0time\0cwd\0bin\0argc\0arg…\0` when a call starts and `E\0pid\0exit\0` when it
// ends. An E pairs with the latest unfinished S of the same pid (a pid is unique while it lives).
// `time` is seconds since boot (`12345.67`), the first field of /proc/uptime, read without a fork;
// where there is no /proc/uptime, `date +%s` is used (one fork) and marked with a leading `@`.
//
// Speed (docs/benchmarks.md, figure 2): a shim costs one start of /bin/sh (dash on Debian and Ubuntu) and
// one fork for the real binary, which no sh wrapper can avoid while it still has to log the exit.
// Everything else is kept to a few syscalls: dash's `read` takes one byte per read(2), so the
// time comes from /proc/uptime (~20 bytes), not /proc/self/stat (~300); whether /proc/uptime exists
// is settled when the shim is written, not on every call; a stub sets its exit without a subshell.

import fs, { constants as fsConstants } from "node:fs";
import path from "node:path";
import type { ShimSpec } from "../model/index.js";
import { findOnPath, isValidShimName, shellQuote } from "../util/index.js";

/** The environment variable a shim reads to log elsewhere (used while checks run). */
export const CALL_LOG_ENV = "AGENT_EVALS_CALL_LOG";

export interface WriteShimsOptions {
  /** Folder to create the shims in; put it first on PATH. */
  dir: string;
  shims: Record<string, ShimSpec>;
  /** The raw call log the shims append to. */
  callLog: string;
  /** PATH without the shim folder: where passthrough shims find the real binaries. */
  originalPath: string;
}

/** Write one executable shim per binary. Returns the shim folder. */
export async function writeShims(opts: WriteShimsOptions): Promise<string> {
  // Synchronous writes: a few small files, cheaper than thread-pool round trips.
  fs.mkdirSync(opts.dir, { recursive: true });
  const clock = hasProcUptime() ? UPTIME_CLOCK : DATE_CLOCK;
  for (const [bin, spec] of Object.entries(opts.shims)) {
    if (!isValidShimName(bin)) throw new Error(`invalid shim name ${JSON.stringify(bin)}`);
    const real = spec.mode === "passthrough" ? await findOnPath(bin, opts.originalPath) : undefined;
    let stubFile: string | undefined;
    if (spec.mode === "script") {
      stubFile = path.join(opts.dir, `.${bin}.stub.sh`);
      fs.writeFileSync(stubFile, spec.script.endsWith("\n") ? spec.script : `${spec.script}\n`);
    }
    const file = path.join(opts.dir, bin);
    fs.writeFileSync(file, shimScript(bin, spec, opts.callLog, real, stubFile, clock), {
      mode: 0o755,
    });
  }
  return opts.dir;
}

/** The shim line that sets `__ae_t`: seconds since boot without a fork, or epoch seconds with one. */
const UPTIME_CLOCK = "read -r __ae_t __ae_idle < /proc/uptime";
const DATE_CLOCK = "__ae_t=@$(date +%s)";

let procUptime: boolean | undefined;
function hasProcUptime(): boolean {
  if (procUptime === undefined) {
    try {
      fs.accessSync("/proc/uptime", fsConstants.R_OK);
      procUptime = true;
    } catch {
      procUptime = false;
    }
  }
  return procUptime;
}

function shimScript(
  bin: string,
  spec: ShimSpec,
  callLog: string,
  realBinary: string | undefined,
  stubFile: string | undefined,
  clock: string,
): string {
  const lines = [
    "#!/bin/sh",
    `# agent-evals shim for ${bin}: logs the call, then ${spec.mode === "passthrough" ? "runs the real binary" : "stubs it"}.`,
    `__ae_log=\${${CALL_LOG_ENV}:-${shellQuote(callLog)}}`,
    clock,
    `printf '%s\\0' S "$$" "$__ae_t" "$PWD" ${shellQuote(bin)} "$#" "$@" >> "$__ae_log"`,
  ];
  switch (spec.mode) {
    case "passthrough":
      if (realBinary) {
        lines.push(`${shellQuote(realBinary)} "$@"`);
      } else {
        lines.push(
          `echo ${shellQuote(`agent-evals shim: ${bin}: not found on the original PATH (passthrough)`)} >&2`,
          "__ae_rc=127",
        );
      }
      break;
    case "script":
      // A subshell, so `exit N` in the script ends the stub, not the shim, and the exit is logged.
      lines.push(`( . ${shellQuote(stubFile ?? "")} )`);
      break;
    case "stub":
      if (spec.stdout) lines.push(`printf '%s' ${shellQuote(spec.stdout)}`);
      if (spec.stderr) lines.push(`printf '%s' ${shellQuote(spec.stderr)} >&2`);
      lines.push(`__ae_rc=${Math.trunc(spec.exitCode) & 255}`);
      break;
  }
  if (spec.mode === "script" || (spec.mode === "passthrough" && realBinary))
    lines.push("__ae_rc=$?");
  lines.push(`printf '%s\\0' E "$$" "$__ae_rc" >> "$__ae_log"`, `exit "$__ae_rc"`, "");
  return lines.join("\n");
}
