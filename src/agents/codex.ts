// The codex agent: `codex exec --json` with approvals and sandbox bypassed, stdin ignored (it hangs
// on an open pipe), its own CODEX_HOME per trial (carrying over the trial HOME's auth and config), quiet
// flags, the eval's MCP servers as `-c mcp_servers.<name>=…`. Codex reports tokens but no cost: the
// cost comes from a versioned price table.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  type JudgeCallContext,
  type JudgeCallResult,
  InfraError,
} from "../model/index.js";
import { readRegularTextSync, readTail } from "../util/index.js";
import { prepareAgentHome } from "./agent-home.js";
import { CodexStreamParser } from "./codex-stream.js";
import { LineSplitter } from "./lines.js";
import { codexMcpArgs, mcpOf } from "./mcp-config.js";
import { costOf, findPrice, OPENAI_PRICES, type ModelPrice } from "./prices.js";
import { runAgentProcess } from "./process-agent.js";
import { runJudgeProcess } from "./judge-process.js";
import { envRedirect, envUpstream } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface CodexOptions {
  model?: string;
  args?: string[];
  bin?: string;
  env?: Record<string, string>;
  /** Prices (USD per million tokens) to use instead of, or on top of, the built-in table. */
  prices?: Record<string, ModelPrice>;
  /**
   * API errors in a row (codex's "Reconnecting… n/5" notices) before the run is stopped as an
   * infra error (default 2); a 401/403 stops it at its first notice.
   */
  maxApiErrors?: number;
}

/** Flags that keep codex to the model API: no plugin or app look-ups, update checks, analytics. */
export const CODEX_QUIET_ARGS = [
  "-c",
  "check_for_update_on_startup=false",
  "-c",
  "analytics.enabled=false",
  "--disable",
  "plugins",
  "--disable",
  "remote_plugin",
  "--disable",
  "apps",
];

/**
 * Files of the CODEX_HOME it is given a trial's codex gets: the login, the configuration and the
 * global instructions. Inside a trial that CODEX_HOME is the trial HOME's `.codex`, holding only
 * the login part and the eval's `sandbox.home` files; with `--real-home` it is the user's own.
 */
const CARRIED_OVER = ["auth.json", "config.toml", "AGENTS.md"];
const MAX_CONFIG_BYTES = 1024 * 1024;

/** The variables that log Codex in (besides a saved `codex login`). */
export const CODEX_CREDENTIAL_ENV = ["OPENAI_API_KEY", "CODEX_API_KEY"] as const;

/** The built-in `openai` provider's base URL, and the variable that moves it. */
const OPENAI_BASE_URL_ENV = "OPENAI_BASE_URL";
const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/**
 * The custom provider codex's `-c` arguments select (`model_provider=<id>`), with the `base_url`
 * they give it (inline, `model_providers.<id>={…base_url="…"}`, or `model_providers.<id>.base_url=`);
 * undefined when they select none or give it no URL. A provider in the user's config.toml is
 * not read: give it with `-c` to record it.
 */
export function customProvider(
  args: readonly string[],
): { id: string; baseUrl: string } | undefined {
  const settings = args.filter((_, i) => i > 0 && args[i - 1] === "-c");
  const id = settings
    .map((s) => /^model_provider\s*=\s*"?([\w-]+)"?$/.exec(s)?.[1])
    .filter(Boolean)
    .at(-1);
  if (!id) return undefined;
  let baseUrl: string | undefined;
  for (const setting of settings) {
    const inline = new RegExp(`^model_providers\\.${id}\\s*=.*\\bbase_url\\s*=\\s*"([^"]+)"`).exec(
      setting,
    );
    const dotted = new RegExp(`^model_providers\\.${id}\\.base_url\\s*=\\s*"?([^"]+?)"?$`).exec(
      setting,
    );
    baseUrl = inline?.[1] ?? dotted?.[1] ?? baseUrl;
  }
  return baseUrl ? { id, baseUrl } : undefined;
}

/** The arguments and variables that point codex at the run's proxy (after the user's own `-c`). */
function codexRedirect(
  ctx: Pick<AgentRunContext, "modelBaseUrl">,
  options: CodexOptions,
): { args: string[]; env: Record<string, string> } {
  if (!ctx.modelBaseUrl) return { args: [], env: {} };
  const custom = customProvider(options.args ?? []);
  if (!custom) return { args: [], env: envRedirect(OPENAI_BASE_URL_ENV, ctx) };
  return { args: ["-c", `model_providers.${custom.id}.base_url="${ctx.modelBaseUrl}"`], env: {} };
}

export function codex(options: CodexOptions = {}): AgentAdapter {
  const bin = options.bin ?? "codex";
  return {
    name: "codex",
    executable: bin,
    credentialEnv: CODEX_CREDENTIAL_ENV,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    modelUpstream: ({ env }) => {
      const custom = customProvider(options.args ?? []);
      if (custom) return custom.baseUrl;
      return envUpstream(OPENAI_BASE_URL_ENV, options.env, env, OPENAI_DEFAULT_BASE_URL);
    },
    run: (ctx) => runCodex(ctx, bin, options),
    judge: (ctx) => judgeWithCodex(ctx, bin, options),
  };
}

/**
 * `codex exec` as a judge: its read-only sandbox (commands that would write are refused), the
 * answer's shape enforced by `--output-schema` (sent to the model as a strict JSON schema).
 */
export function codexJudgeArgs(
  ctx: JudgeCallContext,
  options: CodexOptions,
  schemaFile: string,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "exec",
    "--json",
    "--skip-git-repo-check",
    "--ephemeral",
    "--sandbox",
    "read-only",
    ...CODEX_QUIET_ARGS,
    "-c",
    "allow_login_shell=false",
    "--output-schema",
    schemaFile,
    ...(model ? ["-m", model] : []),
    ...(options.args ?? []),
    ...codexRedirect(ctx, options).args,
    "--",
    ctx.prompt,
  ];
}

async function judgeWithCodex(
  ctx: JudgeCallContext,
  bin: string,
  options: CodexOptions,
): Promise<JudgeCallResult> {
  const scratch = path.join(ctx.env.TMPDIR ?? ctx.outDir, `${ctx.name}-codex`);
  const codexHome = path.join(scratch, "home");
  await prepareAgentHome(
    codexHome,
    options.env?.CODEX_HOME ??
      ctx.env.CODEX_HOME ??
      path.join(ctx.env.HOME ?? os.homedir(), ".codex"),
    CARRIED_OVER,
  );
  const schemaFile = path.join(scratch, "answer.schema.json");
  await fs.writeFile(schemaFile, JSON.stringify(ctx.schema));
  const parser = new CodexStreamParser();
  const lines = new LineSplitter((line) => parser.line(line));
  const run = await runJudgeProcess(ctx, {
    command: bin,
    args: codexJudgeArgs(ctx, options, schemaFile),
    env: { ...options.env, CODEX_HOME: codexHome, ...codexRedirect(ctx, options).env },
    onStdout: (chunk) => lines.push(chunk),
  });
  lines.end();
  const model = ctx.model ?? options.model ?? (await configuredModel(codexHome));
  const price = model ? findPrice(model, { ...OPENAI_PRICES, ...options.prices }) : undefined;
  const base: JudgeCallResult = {
    transcripts: run.transcripts,
    ...(price
      ? { costUsd: costOf(parser.tokens, price) }
      : {
          warning: `the judge's cost is unknown: no price for codex model ${model ?? "(its default)"}`,
        }),
  };
  if (run.process.aborted) return { ...base, problem: "the judge was stopped" };
  if (parser.failure) throw classifyCodexError(parser.failure);
  if (run.process.exitCode !== 0 && parser.turns === 0) {
    const tail = (await readTail(run.stderrFile, 5)).trim();
    throw new InfraError(
      `the judge codex exited ${run.process.exitCode ?? `on signal ${run.process.signal}`} before finishing a turn${tail ? `: ${tail}` : ""}`,
    );
  }
  return { ...base, text: parser.finalMessage };
}

export function codexArgs(
  ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs" | "mcp" | "modelBaseUrl">,
  options: CodexOptions,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "exec",
    "--json",
    "--skip-git-repo-check",
    "--dangerously-bypass-approvals-and-sandbox",
    "--ephemeral",
    ...CODEX_QUIET_ARGS,
    // Commands run in a login shell by default (`bash -lc`), and a login shell's /etc/profile
    // resets PATH on many systems (Debian, most containers): the shims would be dropped.
    "-c",
    "allow_login_shell=false",
    // The eval's MCP servers, over any of the same name in the config.toml it was given.
    ...codexMcpArgs(mcpOf(ctx) ?? {}),
    ...(model ? ["-m", model] : []),
    ...(options.args ?? []),
    ...codexRedirect(ctx, options).args,
    // The eval's own (a variant's `args`), each one argument, before the prompt's `--`.
    ...(ctx.extraArgs ?? []),
    // `--` so a prompt that starts with a dash is not read as a flag.
    "--",
    ctx.prompt,
  ];
}

async function runCodex(
  ctx: AgentRunContext,
  bin: string,
  options: CodexOptions,
): Promise<AgentRunResult> {
  const codexHome = path.join(ctx.env.TMPDIR ?? ctx.outDir, "codex-home");
  // A fresh CODEX_HOME with the user's auth and config copied in, so the trial can log in.
  await prepareAgentHome(
    codexHome,
    options.env?.CODEX_HOME ??
      ctx.env.CODEX_HOME ??
      path.join(ctx.env.HOME ?? os.homedir(), ".codex"),
    CARRIED_OVER,
  );
  const parser = new CodexStreamParser();
  // codex retries a failing API for minutes (its stream retries, each with its request retries):
  // stopped here after a few notices of it, at the first for an error no retry can fix.
  const stop = new AbortController();
  const maxApiErrors = options.maxApiErrors ?? 2;
  const lines = new LineSplitter((line) => {
    parser.line(line);
    if (
      parser.errorsInARow >= maxApiErrors ||
      (parser.errorsInARow > 0 && AUTH_ERROR.test(parser.lastError ?? ""))
    )
      stop.abort();
  });
  const run = await runAgentProcess(ctx, {
    command: bin,
    args: codexArgs(ctx, options),
    env: { ...options.env, CODEX_HOME: codexHome, ...codexRedirect(ctx, options).env },
    onStdout: (chunk) => lines.push(chunk),
    signal: stop.signal,
  });
  lines.end();
  const model = ctx.model ?? options.model ?? (await configuredModel(codexHome));
  const price = model ? findPrice(model, { ...OPENAI_PRICES, ...options.prices }) : undefined;
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    tokens: { ...parser.tokens },
    turns: parser.turns,
    ...(price ? { costUsd: costOf(parser.tokens, price) } : {}),
    ...(price
      ? {}
      : {
          warnings: [
            model
              ? `no price for codex model ${model}: cost unknown (pass codex({ prices: { "${model}": … } }))`
              : "codex ran its default model, which it does not name: cost unknown (set the eval's `model`)",
          ],
        }),
  };
  if (stop.signal.aborted && !ctx.signal.aborted) {
    throw classifyCodexError(
      `${parser.errorsInARow} API errors in a row (codex retries them for minutes); the last: ${parser.lastError}`,
    );
  }
  if (run.process.timedOut || run.process.aborted) return result;
  if (parser.failure) throw classifyCodexError(parser.failure);
  if (run.process.exitCode !== 0 && parser.turns === 0) {
    const tail = (await readTail(run.stderrFile, 5)).trim();
    throw new InfraError(
      `codex exited ${run.process.exitCode ?? `on signal ${run.process.signal}`} before finishing a turn${tail ? `: ${tail}` : ""}`,
    );
  }
  return result;
}

/** The `model = "…"` of a CODEX_HOME's config.toml, if it sets one at the top level. */
export async function configuredModel(codexHome: string): Promise<string | undefined> {
  // In the trial's TMPDIR, where the agent can write: never a link followed, never a FIFO opened.
  const config = readRegularTextSync(path.join(codexHome, "config.toml"), MAX_CONFIG_BYTES) ?? "";
  const topLevel = config.split(/^\s*\[/m)[0] ?? "";
  return /^\s*model\s*=\s*"([^"]+)"/m.exec(topLevel)?.[1];
}

const AUTH_ERROR = /\b(401|403)\b|unauthorized|incorrect api key|invalid api key|not logged in/i;

/** 401/403 will not pass on a retry; overload, rate limits and 5xx may. */
export function classifyCodexError(message: string): InfraError {
  const auth = AUTH_ERROR.test(message);
  return new InfraError(
    `codex reported an error: ${message}${auth ? " (check OPENAI_API_KEY or `codex login`)" : ""}`,
    !auth,
  );
}
