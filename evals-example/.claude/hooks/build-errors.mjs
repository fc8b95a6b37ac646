#!/usr/bin/env node
// PostToolUse hook (matcher: Bash): when a build or test command fails, tell Claude which lines
// matter instead of letting it re-read the whole output.
import { readFileSync } from "node:fs";

const input = JSON.parse(readFileSync(0, "utf8"));
const response = input.tool_response ?? {};
const output = `${response.stdout ?? ""}\n${response.stderr ?? ""}`;
const errors = output.split("\n").filter((line) => /\berror\b|not set|missing/i.test(line));
const failed = (response.exit_code ?? 0) !== 0 || response.interrupted === true;

if (input.hook_event_name !== "PostToolUse" || !failed || errors.length === 0) process.exit(0);

const context = [
  `The command failed. The lines that matter (${errors.length}):`,
  ...errors.slice(0, 10).map((line) => `  ${line.trim()}`),
  /DATABASE_URL/.test(output)
    ? "DATABASE_URL comes from .env.local: run `acmedb connection-string` to get it."
    : "Fix the first error before running the command again.",
].join("\n");
process.stdout.write(
  JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: context },
  }),
);
