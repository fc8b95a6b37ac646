// Shim-bypass warnings: a shim only records calls that go through PATH. An agent that runs a shimmed
// binary by its absolute path, or a call its transcript shows that the shim log lacks, means the
// call checks may be judging an incomplete record; say so next to the verdict.

import type { ShimCall, ToolCall } from "../model/index.js";
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
  const warnings = new Set<string>();
  const logged = new Set(calls.map((c) => c.bin));
  for (const call of trajectory) {
    const command = commandOf(call);
    if (!command) continue;
    for (const bin of shimmed) {
      const byPath = new RegExp(
        `${SEPARATOR}(/[^\\s;&|()\\x60'"]*/${escapeRegExp(bin)})${END}`,
      ).exec(command);
      if (byPath && (!shimDir || byPath[1] !== `${shimDir.replace(/\/+$/, "")}/${bin}`)) {
        warnings.add(
          `the agent ran ${byPath[1]} by its absolute path, bypassing the ${bin} shim: that call was not recorded`,
        );
      }
      if (!logged.has(bin) && new RegExp(`${SEPARATOR}${escapeRegExp(bin)}${END}`).test(command)) {
        warnings.add(
          `the transcript shows a ${bin} command (${truncate(command)}) but the shim recorded no ${bin} call`,
        );
      }
    }
  }
  return [...warnings];
}

function truncate(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}
