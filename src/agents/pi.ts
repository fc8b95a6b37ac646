// The pi agent: `pi -p --mode json` (pi has no permission prompts to bypass), no session file,
// offline start-up, stdin ignored, its own PI_CODING_AGENT_DIR per trial (the trial HOME's
// `.pi/agent` login, models and settings carried over, install telemetry off). Cost and tokens come
// from pi's own events (it prices each message from its model table). pi has no MCP, no budget and
// no turn limit. Flags and events: docs/agents.md.

import os from "node:os";
import path from "node:path";
import { promises as fs } from "node:fs";
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  InfraError,
} from "../model/index.js";
import { readTail } from "../util/index.js";
import { prepareAgentHome, readJsonObject } from "./agent-home.js";
import { LineSplitter } from "./lines.js";
import { refuseMcp } from "./mcp-config.js";
import { PiStreamParser } from "./pi-stream.js";
import { runAgentProcess } from "./process-agent.js";
import { field, providerOf, providerUpstream } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface PiOptions {
  /** `provider/model` or a model pattern (`--model`); the eval's `model` wins over this. */
  model?: string;
  args?: string[];
  /** The pi executable (default: `pi` on PATH). */
  bin?: string;
  env?: Record<string, string>;
  /** Merged over the trial's settings.json (e.g. `{ retry: { enabled: false } }`). */
  settings?: Record<string, unknown>;
  /** Custom providers (the `providers` of models.json), merged over the user's. */
  providers?: Record<string, unknown>;
}

/** Some of the variables pi logs in with (it knows many providers'; these are the common ones). */
export const PI_CREDENTIAL_ENV = [
  "ANTHROPIC_API_KEY",
  "OPENAI_API_KEY",
  "GEMINI_API_KEY",
  "OPENROUTER_API_KEY",
] as const;

/** pi's retries of a failed turn unless the trial's settings set them. */
export const PI_DEFAULT_RETRY = { maxRetries: 1, baseDelayMs: 1000 };

const CARRIED_OVER = ["auth.json", "models.json", "settings.json", "AGENTS.md"];

export function pi(options: PiOptions = {}): AgentAdapter {
  const bin = options.bin ?? "pi";
  return {
    name: "pi",
    executable: bin,
    credentialEnv: PI_CREDENTIAL_ENV,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    modelUpstream: ({ model }) =>
      providerUpstream(providerOf(model ?? options.model), (p) =>
        field(field(options.providers, p), "baseUrl"),
      ),
    run: (ctx) => runPi(ctx, bin, options),
  };
}

export function piArgs(
  ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">,
  options: PiOptions,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "-p",
    "--mode",
    "json",
    "--no-session",
    "--offline",
    ...(model ? ["--model", model] : []),
    ...(options.args ?? []),
    ...(ctx.extraArgs ?? []),
    // pi has no `--`: a message starting with `-` would be a flag, with `@` a file to attach.
    /^[-@]/.test(ctx.prompt) ? ` ${ctx.prompt}` : ctx.prompt,
  ];
}

async function runPi(
  ctx: AgentRunContext,
  bin: string,
  options: PiOptions,
): Promise<AgentRunResult> {
  refuseMcp("pi", ctx);
  const agentDir = path.join(ctx.env.TMPDIR ?? ctx.outDir, "pi-agent");
  const userDir =
    options.env?.PI_CODING_AGENT_DIR ??
    ctx.env.PI_CODING_AGENT_DIR ??
    path.join(ctx.env.HOME ?? os.homedir(), ".pi", "agent");
  await prepareAgentHome(agentDir, userDir, CARRIED_OVER);
  await writeConfig(agentDir, options, ctx);
  const parser = new PiStreamParser();
  const lines = new LineSplitter((line) => parser.line(line));
  const run = await runAgentProcess(ctx, {
    command: bin,
    args: piArgs(ctx, options),
    env: { PI_TELEMETRY: "0", PI_OFFLINE: "1", ...options.env, PI_CODING_AGENT_DIR: agentDir },
    onStdout: (chunk) => lines.push(chunk),
  });
  lines.end();
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    tokens: { ...parser.tokens },
    turns: parser.turns,
    costUsd: Math.round(parser.costUsd * 1e8) / 1e8,
  };
  if (run.process.timedOut || run.process.aborted) return result;
  if (parser.error) throw classifyPiError(parser.error);
  if (run.process.exitCode !== 0) {
    const tail = (await readTail(run.stderrFile, 5)).trim();
    throw new InfraError(
      `pi exited ${run.process.exitCode ?? `on signal ${run.process.signal}`}${tail ? `: ${tail}` : ""}`,
    );
  }
  return result;
}

/** 401/403 will not pass on a retry; 429 and 5xx may. */
export function classifyPiError(message: string): InfraError {
  const auth = /\b(401|403)\b|unauthorized|invalid api key|incorrect api key|no api key/i.test(
    message,
  );
  return new InfraError(
    `pi reported an API error: ${message}${auth ? " (check the provider's API key)" : ""}`,
    !auth,
  );
}

async function writeConfig(
  agentDir: string,
  options: PiOptions,
  ctx: Pick<AgentRunContext, "model" | "modelBaseUrl">,
): Promise<void> {
  const settingsFile = path.join(agentDir, "settings.json");
  const settings = await readJsonObject(settingsFile);
  // pi's own default is 3 retries (2, 4, 8 s) of a failed turn, each over the provider SDK's own
  // retries: an always-failing API took 86 s to reach an error. One retry of its own, none of the
  // SDK's, unless the trial's settings say otherwise.
  const retry = (settings.retry ?? {}) as Record<string, unknown>;
  const provider = (retry.provider ?? {}) as Record<string, unknown>;
  const bounded = {
    ...retry,
    maxRetries: retry.maxRetries ?? PI_DEFAULT_RETRY.maxRetries,
    baseDelayMs: retry.baseDelayMs ?? PI_DEFAULT_RETRY.baseDelayMs,
    provider: { ...provider, maxRetries: provider.maxRetries ?? 0 },
  };
  await fs.writeFile(
    settingsFile,
    JSON.stringify(
      { ...settings, enableInstallTelemetry: false, retry: bounded, ...options.settings },
      null,
      2,
    ),
  );
  const modelProvider = providerOf(ctx.model ?? options.model);
  const moved =
    ctx.modelBaseUrl && modelProvider
      ? { provider: modelProvider, baseUrl: ctx.modelBaseUrl }
      : undefined;
  if (options.providers || moved) {
    const modelsFile = path.join(agentDir, "models.json");
    const models = await readJsonObject(modelsFile);
    const providers = { ...(models.providers ?? {}), ...options.providers } as Record<
      string,
      unknown
    >;
    // The run's proxy in place of the provider's base URL, its other settings kept.
    if (moved)
      providers[moved.provider] = {
        ...((field(providers, moved.provider) ?? {}) as Record<string, unknown>),
        baseUrl: moved.baseUrl,
      };
    await fs.writeFile(modelsFile, JSON.stringify({ ...models, providers }, null, 2));
  }
}
