// `agent-evals list`: every eval × agent with where it is defined and, once anything ran, its last
// result (from the last run's run.json, or the history folder with --history-dir).

import path from "node:path";
import type { EvalSpec } from "../model/index.js";
import { describeLast, lastResult, type KnownResults } from "./last-results.js";

/** One tab-separated line per eval × agent. */
export function listLines(specs: EvalSpec[], projectRoot: string, known: KnownResults): string[] {
  const rows = specs.flatMap((spec) => {
    const where = `${path.relative(projectRoot, spec.file)}${spec.line ? `:${spec.line}` : ""}`;
    const trials = `${spec.trials} trial(s), pass rate ${spec.passRate}`;
    // Results name an eval without a prompt, or without agents, after the agent "none".
    const agents: { label: string; key: string }[] = !spec.prompt
      ? [{ label: "(no prompt: checks only)", key: "none" }]
      : spec.agents.length === 0
        ? [{ label: "(none: pass --agent)", key: "none" }]
        : spec.agents.map((a) => {
            const name = typeof a === "string" ? a : a.name;
            return { label: name, key: name };
          });
    return agents.map(({ label, key }) => ({
      cells: [spec.id, label, trials, where],
      last: lastResult(known, spec.id, key),
    }));
  });
  // Before anything ran there is nothing to say about results: leave the column out.
  const anyKnown = rows.some((r) => r.last);
  return rows.map((r) => [...r.cells, ...(anyKnown ? [describeLast(r.last)] : [])].join("\t"));
}
