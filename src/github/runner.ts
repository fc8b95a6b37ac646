// The runner protocol the Action speaks (inputs, outputs, masks, annotations, log groups, the step
// summary), built on @actions/core's own command modules.
//
// Why not `import * as core from "@actions/core"`: its index eagerly imports the OIDC client, which
// pulls in @actions/http-client and undici — about 1 MB of code the Action never uses, compiled on
// every start, which more than doubled the cold start of a YAML-only run (docs/benchmarks.md, figure 5).
// The functions below are the same one-liners as core's index over the same modules, so the escaping
// of commands, the file-command delimiters and the summary writer are still @actions/core's.
// The relative paths are needed because core's `exports` map only exposes its index; the lockfile
// pins the version, and a changed layout fails the build rather than a run.

import { EOL } from "node:os";
import { issue, issueCommand } from "../../node_modules/@actions/core/lib/command.js";
import {
  issueFileCommand,
  prepareKeyValueMessage,
} from "../../node_modules/@actions/core/lib/file-command.js";
import { toCommandProperties, toCommandValue } from "../../node_modules/@actions/core/lib/utils.js";
import type { AnnotationProperties } from "../../node_modules/@actions/core/lib/core.js";

export { summary } from "../../node_modules/@actions/core/lib/summary.js";
export type { AnnotationProperties };

/** An input as the runner passes it (`INPUT_<NAME>`), trimmed; "" when not set. */
export function getInput(name: string): string {
  return (process.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

export function setOutput(name: string, value: unknown): void {
  if (process.env.GITHUB_OUTPUT) {
    issueFileCommand("OUTPUT", prepareKeyValueMessage(name, value));
    return;
  }
  process.stdout.write(EOL);
  issueCommand("set-output", { name }, toCommandValue(value));
}

/** Masks `secret` in the job's log from now on. */
export function setSecret(secret: string): void {
  issueCommand("add-mask", {}, secret);
}

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function error(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate("error", message, properties);
}

export function warning(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate("warning", message, properties);
}

export function notice(message: string | Error, properties: AnnotationProperties = {}): void {
  annotate("notice", message, properties);
}

/** Marks the step failed (exit code 1) and logs `message` as an error annotation. */
export function setFailed(message: string | Error): void {
  process.exitCode = 1;
  error(message);
}

/** Runs `fn` inside a collapsible log group. */
export async function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  issue("group", name);
  try {
    return await fn();
  } finally {
    issue("endgroup");
  }
}

function annotate(
  kind: "error" | "warning" | "notice",
  message: string | Error,
  properties: AnnotationProperties,
): void {
  issueCommand(
    kind,
    toCommandProperties(properties),
    message instanceof Error ? message.toString() : message,
  );
}
