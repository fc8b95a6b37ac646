// Shim-bypass warnings: a shim only records calls that go through PATH. An agent that runs a shimmed
// binary by its absolute path, or a call its transcript shows that the shim log lacks, means the
// call checks may be judging an incomplete record; say so next to the verdict.

import type { HarnessReason, ShimCall, ToolCall } from "../model/index.js";
import { canonicalTool } from "./trajectory.js";

// Quotes count as separators: codex wraps every command as `/bin/bash -lc 'neon deploy'`.
const SEPARATOR = String.raw`(?:^|[\s;&|(\x60'"]|\$\()`;
const END = String.raw`(?=$|[\s;&|)\x60'"])`;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function commandOf(call: ToolCall): string | undefined {
  if (canonicalTool(call.tool) !== "bash") return undefined;
  const input = call.input as { command?: unknown; cmd?: unknown } | undefined;
  const command = input?.command ?? input?.cmd;
  return typeof command === "string" ? command : undefined;
}

export function shimBypassWarnings(
  trajectory: ToolCall[],
  calls: readonly Pick<ShimCall, "bin">[],
  shimmed: string[],
  shimDir?: string,
): string[] {
  return [
    ...new Set(shimBypassReasons(trajectory, calls, shimmed, shimDir).map((r) => r.evidence)),
  ];
}

/**
 * The same findings as harness reasons (model/parity.ts): `shim-bypassed` for a shimmed binary run
 * by its absolute path, `shim-unrecorded` for a shimmed command the shim log has no call of.
 */
export function shimBypassReasons(
  trajectory: ToolCall[],
  calls: readonly Pick<ShimCall, "bin">[],
  shimmed: string[],
  shimDir?: string,
): HarnessReason[] {
  const reasons = new Map<string, HarnessReason>();
  const logged = new Set(calls.map((c) => c.bin));
  for (const call of trajectory) {
    const command = commandOf(call);
    if (!command) continue;
    for (const bin of shimmed) {
      const byPath = new RegExp(
        `${SEPARATOR}(/[^\\s;&|()\\x60'"]*/${escapeRegExp(bin)})${END}`,
      ).exec(command);
      if (byPath && (!shimDir || byPath[1] !== `${shimDir.replace(/\/+$/, "")}/${bin}`)) {
        const evidence = `the agent ran ${byPath[1]} by its absolute path, bypassing the ${bin} shim: that call was not recorded`;
        reasons.set(evidence, { kind: "shim-bypassed", tool: bin, source: "trajectory", evidence });
      }
      if (!logged.has(bin) && new RegExp(`${SEPARATOR}${escapeRegExp(bin)}${END}`).test(command)) {
        const evidence = `the transcript shows a ${bin} command (${truncate(command)}) but the shim recorded no ${bin} call`;
        reasons.set(evidence, {
          kind: "shim-unrecorded",
          tool: bin,
          source: "trajectory",
          evidence,
        });
      }
    }
  }
  return [...reasons.values()];
}

/**
 * `shim-not-found`: the agent's own output says a shimmed tool was not found, in the words of the
 * shells (bash `neon: command not found`, dash `neon: not found`), and the shim log has no call of
 * that tool: its PATH did not lead to the shim (reset, or a tool that does not exist under it).
 */
export function shimNotFoundReasons(
  outputs: readonly { file: string; text: string }[],
  calls: readonly Pick<ShimCall, "bin">[],
  shimmed: string[],
): HarnessReason[] {
  const logged = new Set(calls.map((c) => c.bin));
  const reasons: HarnessReason[] = [];
  for (const bin of shimmed) {
    if (logged.has(bin)) continue;
    const said = new RegExp(`(?:^|[\\s:/])${escapeRegExp(bin)}: (?:command )?not found`, "m");
    const where = outputs.find((o) => said.test(o.text));
    if (!where) continue;
    const line = (where.text.split("\n").find((l) => said.test(l)) ?? "").trim();
    // The end of the line, where the shell's words are: a long script path before them is cut.
    const quoted = line.length > 80 ? `…${line.slice(-79)}` : line;
    reasons.push({
      kind: "shim-not-found",
      tool: bin,
      source: "agent output",
      evidence: `${where.file} says "${quoted}" and the shim recorded no ${bin} call`,
    });
  }
  return reasons;
}

function truncate(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
