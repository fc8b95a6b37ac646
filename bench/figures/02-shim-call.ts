// Figure 2: per shimmed call. A real passthrough shim (src/run/shims.ts) vs calling /bin/true
// directly, with the floors (a bare sh wrapper, the same with exec, the same under bash).

import fs from "node:fs";
import path from "node:path";
import {
  type Figure,
  type ReportPart,
  helper,
  interleaved,
  list,
  log,
  median,
  ms,
  shellName,
  timedRun,
  yes,
} from "../harness.js";
import type { ShimsOutput } from "../outputs.js";

export const SHIM_CALLS = 60; // per round
const TARGET_SHIM_ADDED_MS = 5;

/** Short rounds, finely interleaved: bursts of load hit few of them. */
export const shimRounds = (samples: number) => samples * 3;

function benchShims(tmp: string, rounds: number) {
  const dir = path.join(tmp, "shims");
  const callLog = path.join(tmp, "calls.raw");
  const { passthrough, stub } = helper<ShimsOutput>(["shims", dir, callLog]);
  // The least any sh wrapper that logs the exit can cost: start /bin/sh, fork and exec the real
  // binary, wait. The same with `exec` (no fork: what is left without the exit record), and under bash.
  const wrapper = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text, { mode: 0o755 });
    return file;
  };
  const floor = wrapper("floor-true", '#!/bin/sh\n/bin/true "$@"\n');
  const exec = wrapper("exec-true", '#!/bin/sh\nexec /bin/true "$@"\n');
  const hasBash = fs.existsSync("/bin/bash");
  const bashFloor = hasBash
    ? wrapper("bash-floor-true", '#!/bin/bash\n/bin/true "$@"\n')
    : undefined;
  const loop = 'for i in $(seq "$2"); do "$1" a b; done';

  const calls = (bin: string, logged: boolean) => () => {
    fs.rmSync(callLog, { force: true });
    const { wall } = timedRun("bash", ["-c", loop, "_", bin, String(SHIM_CALLS)]);
    if (logged) {
      // Each call logs S pid time cwd bin argc a b, then E pid exit: 11 NUL-terminated fields.
      const fields = fs.readFileSync(callLog).toString("utf8").split("\0").length - 1;
      if (fields !== SHIM_CALLS * 11)
        throw new Error(`shim log: ${fields} fields, expected ${SHIM_CALLS * 11}`);
    }
    return wall / SHIM_CALLS;
  };
  log("2/8 shimmed call: warm-up");
  calls("/bin/true", false)();
  calls(passthrough, true)();
  const raw = interleaved(
    {
      direct: calls("/bin/true", false),
      passthrough: calls(passthrough, true),
      stub: calls(stub, true),
      floor: calls(floor, false),
      exec: calls(exec, false),
      ...(bashFloor ? { bashFloor: calls(bashFloor, false) } : {}),
    },
    rounds,
    "2/8 shimmed call",
  );
  const added = (xs: number[]) => median(xs) - median(raw.direct);
  return {
    raw,
    direct: median(raw.direct),
    passthrough: median(raw.passthrough),
    stub: median(raw.stub),
    floor: median(raw.floor),
    bashFloor: raw.bashFloor ? median(raw.bashFloor) : undefined,
    addedPassthrough: added(raw.passthrough),
    addedStub: added(raw.stub),
    addedFloor: added(raw.floor),
    addedExec: added(raw.exec),
    addedBashFloor: raw.bashFloor ? added(raw.bashFloor) : undefined,
  };
}

function shimReport(shim: ShimFigure, rounds: number): ReportPart {
  const met = shim.addedPassthrough <= TARGET_SHIM_ADDED_MS;
  const added = (v: number) => `+${ms(v, 2)}`;
  const rows = [
    `| 2. per shimmed call (passthrough shim for \`true\`) | \`/bin/true\` direct: ${ms(shim.direct, 2)}/call | via shim: ${ms(shim.passthrough, 2)}/call | ${(shim.passthrough / shim.direct).toFixed(2)}× (**${added(shim.addedPassthrough)}**/call) | ≤ +${TARGET_SHIM_ADDED_MS} ms/call | ${yes(met)} |`,
    `| 2b. per stubbed call (stub shim, informational) | \`/bin/true\` direct: ${ms(shim.direct, 2)}/call | via stub: ${ms(shim.stub, 2)}/call | ${(shim.stub / shim.direct).toFixed(2)}× (${added(shim.addedStub)}/call) | — | — |`,
    `| 2c. the floor: a \`#!/bin/sh\` wrapper that only runs \`/bin/true "$@"\` (informational) | \`/bin/true\` direct: ${ms(shim.direct, 2)}/call | wrapper: ${ms(shim.floor, 2)}/call | ${(shim.floor / shim.direct).toFixed(2)}× (${added(shim.addedFloor)}/call) | — | — |`,
  ];
  const overFloor = shim.addedPassthrough - shim.addedFloor;
  const notes = met
    ? []
    : [
        `**Figure 2 misses its target** by ${(shim.addedPassthrough - TARGET_SHIM_ADDED_MS).toFixed(2)} ms/call ` +
          `(${added(shim.addedPassthrough)} against ≤ +${TARGET_SHIM_ADDED_MS} ms). What limits it: the interpreter. ` +
          `A \`#!/bin/sh\` wrapper that does nothing but run \`/bin/true "$@"\` already adds ${added(shim.addedFloor)} ` +
          `(figure 2c), and the shim costs ${overFloor >= 0 ? `${ms(overFloor, 2)} more` : `${ms(-overFloor, 2)} less`} than that; see *Per shimmed call* below. ` +
          "What would fix it: a compiled shim (one small static binary per platform that logs and then forks the real binary), " +
          "which this project does not ship.",
        "",
      ];
  const sections = [
    "### Per shimmed call (diagnostic, figure 2)",
    "",
    "What a call through a shim costs beyond the direct call, per piece (medians of the same rounds):",
    "",
    `- **Starting the interpreter and replacing it by the binary, no fork** (\`#!/bin/sh\` + \`exec /bin/true "$@"\`): ${added(shim.addedExec)}.`,
    `- **…plus the fork and wait** that logging the exit needs (the floor, 2c): ${added(shim.addedFloor)}.`,
    `- **The shim** (the floor plus reading the time from /proc/uptime and two appends to the call log): ${added(shim.addedPassthrough)}.`,
    ...(shim.addedBashFloor !== undefined
      ? [
          `- **The same floor under \`#!/bin/bash\`**: ${added(shim.addedBashFloor)}, so bash as the shim's interpreter would cost ` +
            `${ms(shim.addedBashFloor - shim.addedFloor, 2)} more per call than \`/bin/sh\` (${shellName()} here).`,
        ]
      : []),
    "- The shim was cut down to a few syscalls around the floor: dash's `read` builtin reads one byte per read(2), so " +
      "the start time now comes from /proc/uptime (~20 bytes) instead of /proc/self/stat (~300 bytes, ~300 syscalls); " +
      "whether /proc/uptime exists is decided when the shim is written; a stub sets its exit code without a subshell. " +
      "The exit record needs the shell to outlive the binary (a trap does not survive `exec`), so the fork stays.",
    "",
  ];
  const how = [
    `2. **Per shimmed call.** Shims written by the real \`writeShims\` (src/run/shims.ts, via tsx): a passthrough ` +
      "shim for `true` (real binary looked up on `/bin`) and a stub shim (exit 0). Per round, one bash loop " +
      `\`for i in $(seq ${SHIM_CALLS}); do "$1" a b; done\` with \`$1\` = \`/bin/true\`, the passthrough shim, ` +
      'the stub shim, a minimal `#!/bin/sh` wrapper (`/bin/true "$@"`: the floor for any sh shim that logs the exit), ' +
      "the same with `exec` (no fork), and the minimal wrapper under `#!/bin/bash`. " +
      `Wall time of each loop / ${SHIM_CALLS}; ${rounds} rounds, the loops in a rotating order; ` +
      "added cost = median via the wrapper − median direct. The call log is " +
      "checked to hold every call's start and end record.",
  ];
  const raw = [
    `- 2, per call: direct ${list(shim.raw.direct, 2)}; passthrough ${list(shim.raw.passthrough, 2)}; ` +
      `stub ${list(shim.raw.stub, 2)}; sh wrapper ${list(shim.raw.floor, 2)}; sh exec ${list(shim.raw.exec, 2)}` +
      (shim.raw.bashFloor ? `; bash wrapper ${list(shim.raw.bashFloor, 2)}` : "") +
      ` (fastest rounds: direct ${ms(Math.min(...shim.raw.direct), 2)}, passthrough ` +
      `${ms(Math.min(...shim.raw.passthrough), 2)}, wrapper ${ms(Math.min(...shim.raw.floor), 2)})`,
  ];
  return { rows, notes, sections, how, raw };
}

type ShimFigure = ReturnType<typeof benchShims>;

export const shimCall: Figure<ShimFigure> = {
  id: "2",
  title: "per shimmed call: a passthrough shim vs calling the binary directly",
  inFullRun: true,
  run: ({ tmp, options }) => benchShims(tmp, shimRounds(options.samples)),
  render: (shim, { options }) => shimReport(shim, shimRounds(options.samples)),
  summary: (shim) =>
    `per shimmed call: +${shim.addedPassthrough.toFixed(2)} ms (passthrough), +${shim.addedStub.toFixed(2)} ms (stub), floor +${shim.addedFloor.toFixed(2)} ms, exec-only +${shim.addedExec.toFixed(2)} ms (target ≤ +${TARGET_SHIM_ADDED_MS} ms)`,
};
