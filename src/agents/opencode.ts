// The opencode agent: `opencode run --format json --auto` with every permission allowed in the trial's
// config, a fixed `--title` (else it asks the model for one, a request of its own), stdin ignored,
// its own XDG config/data/cache/state folders per trial (the trial HOME's opencode login and config
// carried over), models fetch and update checks off, the eval's MCP servers and a step limit in its
// config. opencode retries API errors itself without end: after `maxApiErrors` in a row (read from
// its log on stderr) the run is stopped as an infra error. Flags and events: docs/agents.md.

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
import { prepareAgentHome } from "./agent-home.js";
import { LineSplitter } from "./lines.js";
import { mcpOf, opencodeMcpConfig } from "./mcp-config.js";
import { OpencodeStreamParser } from "./opencode-stream.js";
import { costOf, findPrice, GEMINI_PRICES, OPENAI_PRICES, type ModelPrice } from "./prices.js";
import { runAgentProcess } from "./process-agent.js";
import { field, providerOf, providerUpstream } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface OpencodeOptions {
  /** `provider/model`; the eval's `model` wins over this. */
  model?: string;
  args?: string[];
  /** The opencode executable (default: `opencode` on PATH). */
  bin?: string;
  env?: Record<string, string>;
  /** Config merged over ours (e.g. a custom `provider`). */
  config?: Record<string, unknown>;
  /** Step limit of the `build` agent; reaching it is the agent's failure. */
  maxTurns?: number;
  /** API errors in a row (opencode retries each) before the run is stopped as an infra error (default 2). */
  maxApiErrors?: number;
  /** Prices for a model opencode reports no cost for (cost 0 with tokens spent). */
  prices?: Record<string, ModelPrice>;
}

/** Some of the variables opencode logs in with (it knows many providers'). */
export const OPENCODE_CREDENTIAL_ENV = [
  "ANTHROPIC_API_KEY",
  "OPENAI_API_KEY",
  "GEMINI_API_KEY",
  "OPENROUTER_API_KEY",
  "OPENCODE_API_KEY",
] as const;

const TITLE = "agent-evals trial";

export function opencode(options: OpencodeOptions = {}): AgentAdapter {
  const bin = options.bin ?? "opencode";
  return {
    name: "opencode",
    executable: bin,
    credentialEnv: OPENCODE_CREDENTIAL_ENV,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    modelUpstream: ({ model }) =>
      providerUpstream(providerOf(model ?? options.model), (p) => configuredBaseUrl(options, p)),
    run: (ctx) => runOpencode(ctx, bin, options),
  };
}

export function opencodeArgs(
  ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">,
  options: OpencodeOptions,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "run",
    "--format",
    "json",
    "--auto",
    "--title",
    TITLE,
    // Its log on stderr: where its API errors (and retries) show.
    "--print-logs",
    "--log-level",
    "WARN",
    ...(model ? ["--model", model] : []),
    ...(options.args ?? []),
    ...(ctx.extraArgs ?? []),
    "--",
    ctx.prompt,
  ];
}

async function runOpencode(
  ctx: AgentRunContext,
  bin: string,
  options: OpencodeOptions,
): Promise<AgentRunResult> {
  const root = path.join(ctx.env.TMPDIR ?? ctx.outDir, "opencode");
  const xdg = {
    XDG_CONFIG_HOME: path.join(root, "config"),
    XDG_DATA_HOME: path.join(root, "data"),
    XDG_CACHE_HOME: path.join(root, "cache"),
    XDG_STATE_HOME: path.join(root, "state"),
  };
  const home = ctx.env.HOME ?? os.homedir();
  await prepareAgentHome(
    path.join(xdg.XDG_CONFIG_HOME, "opencode"),
    path.join(ctx.env.XDG_CONFIG_HOME ?? path.join(home, ".config"), "opencode"),
    ["opencode.json", "opencode.jsonc", "AGENTS.md"],
  );
  await prepareAgentHome(
    path.join(xdg.XDG_DATA_HOME, "opencode"),
    path.join(ctx.env.XDG_DATA_HOME ?? path.join(home, ".local", "share"), "opencode"),
    ["auth.json"],
  );
  const configFile = path.join(root, "agent-evals.json");
  await fs.writeFile(configFile, JSON.stringify(trialConfig(ctx, options), null, 2));

  const servers = mcpOf(ctx);
  const parser = new OpencodeStreamParser(Object.keys(servers ?? {}));
  const stop = new AbortController();
  let apiErrors: string[] = [];
  const maxApiErrors = options.maxApiErrors ?? 2;
  const lines = new LineSplitter((line) => {
    const steps = parser.steps;
    parser.line(line);
    if (parser.steps > steps) apiErrors = [];
  });
  const logLines = new LineSplitter((line) => {
    const error = /message="stream error".*?error\.error="([^"]*)"/.exec(line);
    if (!error) return;
    apiErrors.push(error[1] ?? "stream error");
    // A 401/403 will not pass on opencode's own retries: stopped at the first.
    if (apiErrors.length >= maxApiErrors || !classifyOpencodeError(apiErrors.at(-1)!).retryable)
      stop.abort();
  });
  const run = await runAgentProcess(ctx, {
    command: bin,
    args: opencodeArgs(ctx, options),
    env: {
      OPENCODE_DISABLE_MODELS_FETCH: "true",
      OPENCODE_DISABLE_AUTOUPDATE: "true",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "true",
      OPENCODE_DISABLE_SHARE: "true",
      ...options.env,
      ...xdg,
      OPENCODE_CONFIG: configFile,
    },
    onStdout: (chunk) => lines.push(chunk),
    onStderr: (chunk) => logLines.push(chunk),
    signal: stop.signal,
  });
  lines.end();
  logLines.end();
  const model = ctx.model ?? options.model;
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    tokens: { ...parser.tokens },
    turns: parser.steps,
    ...cost(parser, model, options.prices),
  };
  if (stop.signal.aborted && !ctx.signal.aborted) {
    throw classifyOpencodeError(
      `${apiErrors.length} API errors in a row (opencode retries them without end); the last: ${apiErrors.at(-1)}`,
    );
  }
  if (run.process.timedOut || run.process.aborted) return result;
  if (parser.error) {
    throw classifyOpencodeError(parser.error.message, parser.error.status);
  }
  if (run.process.exitCode !== 0) {
    const tail = (await readTail(run.stderrFile, 5)).trim();
    throw new InfraError(
      `opencode exited ${run.process.exitCode ?? `on signal ${run.process.signal}`}${tail ? `: ${tail}` : ""}`,
    );
  }
  if (options.maxTurns !== undefined && parser.steps >= options.maxTurns) {
    result.agentFailure = `stopped at its step limit after ${parser.steps} steps`;
  }
  return result;
}

/** opencode's own cost; from the price table when it reports none for tokens spent. */
function cost(
  parser: OpencodeStreamParser,
  model: string | undefined,
  prices: Record<string, ModelPrice> | undefined,
): Pick<AgentRunResult, "costUsd" | "warnings"> {
  const spent = parser.tokens.input + parser.tokens.output > 0;
  if (parser.costUsd > 0 || !spent) return { costUsd: Math.round(parser.costUsd * 1e8) / 1e8 };
  const id = model?.split("/").at(-1);
  const price = id ? findPrice(id, { ...OPENAI_PRICES, ...GEMINI_PRICES, ...prices }) : undefined;
  if (price) return { costUsd: costOf(parser.tokens, price) };
  return {
    warnings: [
      `opencode reported no cost for model ${model ?? "(its default)"}: cost unknown (give the model a \`cost\` in its config, or pass opencode({ prices }))`,
    ],
  };
}

/** 401/403 will not pass on a retry; 429 and 5xx may. */
export function classifyOpencodeError(message: string, status?: number): InfraError {
  const auth =
    status === 401 ||
    status === 403 ||
    /\b(401|403)\b|unauthorized|invalid api key|incorrect api key/i.test(message);
  return new InfraError(
    `opencode reported an error${status ? ` (API ${status})` : ""}: ${message}${auth ? " (check the provider's API key or `opencode auth login`)" : ""}`,
    !auth,
  );
}

function trialConfig(ctx: AgentRunContext, options: OpencodeOptions): Record<string, unknown> {
  const servers = mcpOf(ctx);
  const ours: Record<string, unknown> = {
    $schema: "https://opencode.ai/config.json",
    autoupdate: false,
    share: "disabled",
    permission: { edit: "allow", bash: "allow", webfetch: "allow", external_directory: "allow" },
    ...(servers ? { mcp: opencodeMcpConfig(servers) } : {}),
    ...(options.maxTurns !== undefined ? { agent: { build: { steps: options.maxTurns } } } : {}),
  };
  const config = { ...ours, ...options.config };
  const provider = providerOf(ctx.model ?? options.model);
  return ctx.modelBaseUrl && provider ? redirected(config, provider, ctx.modelBaseUrl) : config;
}

/** `provider.<id>.options.baseURL` of the config opencode is given. */
function configuredBaseUrl(options: OpencodeOptions, provider: string): unknown {
  return field(field(field(field(options.config, "provider"), provider), "options"), "baseURL");
}

/** The config with the provider's base URL moved to the run's proxy (its other settings kept). */
function redirected(
  config: Record<string, unknown>,
  provider: string,
  baseURL: string,
): Record<string, unknown> {
  const providers = (field(config, "provider") ?? {}) as Record<string, unknown>;
  const entry = (field(providers, provider) ?? {}) as Record<string, unknown>;
  const entryOptions = (field(entry, "options") ?? {}) as Record<string, unknown>;
  return {
    ...config,
    provider: { ...providers, [provider]: { ...entry, options: { ...entryOptions, baseURL } } },
  };
}
