// Another version of an agent CLI, beside the one on PATH (`compare --agent-version gemini@0.60.0`):
// which npm package each built-in agent is, and that version installed once into a cache folder of
// its own (`<cache>/clis/<package>@<version>/`), reused by every later run.

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { AgentEvalsError, Codes, errorMessage, UsageError } from "../model/index.js";
import { resolveAgent } from "./registry.js";

const run = promisify(execFile);

/** The npm package of each built-in agent CLI (its program is the adapter's `executable`). */
const AGENT_PACKAGES: Readonly<Record<string, string>> = {
  "claude-code": "@anthropic-ai/claude-code",
  codex: "@openai/codex",
  gemini: "@google/gemini-cli",
  opencode: "opencode-ai",
  pi: "@mariozechner/pi-coding-agent",
  copilot: "@github/copilot",
};

export interface AgentVersionSpec {
  agent: string;
  version: string;
}

/** `AGENT@VERSION` (gemini@0.60.0); throws UsageError naming the fix. */
export function parseAgentVersion(text: string): AgentVersionSpec {
  const match = /^([a-z][a-z-]*)@([0-9A-Za-z.+-]+)$/.exec(text.trim());
  const known = Object.keys(AGENT_PACKAGES).join(", ");
  if (!match)
    throw new UsageError(
      `--agent-version takes AGENT@VERSION (e.g. gemini@0.60.0), got ${JSON.stringify(text)}`,
    );
  if (!AGENT_PACKAGES[match[1]!])
    throw new UsageError(
      `--agent-version: ${JSON.stringify(match[1])} is not an agent installed from npm; the agents are ${known}`,
    );
  return { agent: match[1]!, version: match[2]! };
}

/** Where installed versions are kept: AGENT_EVALS_CACHE_DIR, else $XDG_CACHE_HOME or ~/.cache. */
function agentCacheDir(env: Record<string, string | undefined>): string {
  if (env.AGENT_EVALS_CACHE_DIR) return path.resolve(env.AGENT_EVALS_CACHE_DIR);
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || os.homedir(), ".cache");
  return path.join(base, "agent-evals");
}

/** The folder a version is installed into, and its program there. */
function agentVersionPlace(
  spec: AgentVersionSpec,
  env: Record<string, string | undefined>,
): { dir: string; bin: string } {
  const pkg = AGENT_PACKAGES[spec.agent]!;
  const bin = resolveAgent(spec.agent).executable ?? spec.agent;
  const dir = path.join(agentCacheDir(env), "clis", `${pkg.replace("/", "+")}@${spec.version}`);
  return { dir, bin: path.join(dir, "node_modules", ".bin", bin) };
}

/**
 * The program of `spec`'s version: from the cache when it is there, else installed with npm first
 * (`say` tells what is downloaded and why). Throws AgentEvalsError (exit 2) when npm cannot.
 */
export async function installAgentVersion(
  spec: AgentVersionSpec,
  env: Record<string, string | undefined>,
  say: (line: string) => void = () => undefined,
): Promise<string> {
  const place = agentVersionPlace(spec, env);
  if (existsSync(place.bin)) return place.bin;
  const pkg = AGENT_PACKAGES[spec.agent]!;
  say(`installing ${pkg}@${spec.version} into ${place.dir} (once; later runs reuse it)`);
  try {
    // Arguments, never a shell: the version is the user's text.
    await run(
      "npm",
      ["install", "--prefix", place.dir, "--no-audit", "--no-fund", "--", `${pkg}@${spec.version}`],
      { env: env as NodeJS.ProcessEnv, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 },
    );
  } catch (error) {
    throw new AgentEvalsError(
      Codes.usage,
      `--agent-version ${spec.agent}@${spec.version}: npm could not install ${pkg}@${spec.version} (${errorMessage(error).split("\n")[0]}); check that the version exists (npm view ${pkg} versions)`,
    );
  }
  if (!existsSync(place.bin))
    throw new AgentEvalsError(
      Codes.usage,
      `--agent-version ${spec.agent}@${spec.version}: ${pkg}@${spec.version} installed, but without a ${path.basename(place.bin)} program`,
    );
  return place.bin;
}
