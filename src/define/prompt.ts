// Prompts: `{{name}}` rendering from params and secrets, the snapshot hash, embedded commands.

import { createHash } from "node:crypto";
import type { PromptSpec, RenderedPrompt } from "../model/index.js";
import { AgentEvalsError, Codes } from "../model/index.js";

export type { RenderedPrompt };

export class PromptError extends AgentEvalsError {
  constructor(
    message: string,
    what: "missingParam" | "missingSecret" | "schema",
    readonly fix: string,
    /** Where in the eval file it is, for placeProblem: `[placeholder]`, `["secrets", name]`. */
    readonly needles: readonly string[] = [],
  ) {
    super(Codes[what], message);
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}/g;

/** Render a prompt. Throws PromptError naming a placeholder with no value or a missing secret. */
export function renderPrompt(
  spec: PromptSpec,
  env: Record<string, string | undefined> = process.env,
): RenderedPrompt {
  const secrets = new Map<string, string>();
  for (const name of spec.secrets) {
    const value = env[name];
    if (value === undefined || value === "") {
      throw new PromptError(
        `secret ${name} is not set in the environment`,
        "missingSecret",
        `export ${name}=… before running (in GitHub Actions: pass it as a secret to the step's env)`,
        ["secrets", name],
      );
    }
    secrets.set(name, value);
  }
  const fill = (withSecrets: boolean) =>
    spec.text.replace(PLACEHOLDER, (whole, name: string) => {
      if (secrets.has(name)) return withSecrets ? secrets.get(name)! : `{{${name}}}`;
      if (Object.hasOwn(spec.params, name)) return String(spec.params[name]);
      throw new PromptError(
        `prompt placeholder ${whole} has no value`,
        "missingParam",
        `add \`${name}\` to params, or list it in secrets if it comes from the environment`,
        [whole],
      );
    });
  const text = fill(true);
  const safeText = fill(false);
  const nul = text.indexOf("\0");
  if (nul !== -1) {
    // No program can take it: an argument or environment value ends at a NUL.
    const line = text.slice(0, nul).split("\n").length;
    throw new PromptError(
      `the prompt holds a NUL byte (\\0) on its line ${line}: no program can be given it`,
      "schema",
      "remove the NUL byte from the prompt (or from the parameter that fills it)",
    );
  }
  return {
    text,
    safeText,
    hash: sha256(safeText),
    commands: embeddedCommands(text),
    secretValues: [...secrets.values()],
  };
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})\s*([A-Za-z0-9_-]*)[^\n]*$/;
const SHELL_TAGS = new Set(["sh", "bash", "shell", "zsh"]);

/**
 * The fenced code blocks tagged sh, bash, shell (each block is one command script) or console (each
 * line starting with `$ ` is a command; other lines are output), in document order.
 */
export function embeddedCommands(markdown: string): string[] {
  const commands: string[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    // A backtick fence's info string holds no backtick: "```x``` …" is inline code, not a fence.
    if (fence[0] === "`" && lines[i]!.slice(open[1]!.length + fence.length).includes("`")) continue;
    const tag = open[3]!.toLowerCase();
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (
        line.trimStart().startsWith(fence[0]!.repeat(fence.length)) &&
        line.trim().replaceAll(fence[0]!, "") === ""
      )
        break;
      body.push(line);
    }
    i = j;
    if (SHELL_TAGS.has(tag)) {
      const script = body.join("\n").trim();
      if (script) commands.push(script);
    } else if (tag === "console") {
      for (const line of body) if (line.startsWith("$ ")) commands.push(line.slice(2).trim());
    }
  }
  return commands;
}

/** JSON with sorted keys; RegExps and functions by their source, so any change changes the hash. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
    if (typeof v === "function") return `fn:${v.toString()}`;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)));
    }
    return v;
  });
}
