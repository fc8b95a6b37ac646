// The copilot agent: `copilot -p PROMPT --allow-all --output-format json` (every tool, path and URL
// allowed), no auto-update, no ask-user tool, built-in GitHub MCP servers off, stdin ignored, its
// own COPILOT_HOME per trial (the trial HOME's `.copilot` config carried over). Tokens come from
// its `--usage-output-file` report, the cost from a price table. The eval's MCP servers go in
// through `--additional-mcp-config @file`. Copilot retries API errors
// itself: after `maxApiErrors` failed calls in a row the run is stopped as an infra error.
// A custom model provider (BYOK: COPILOT_PROVIDER_BASE_URL …) goes in `env`. docs/agents.md.

import os from "node:os";
import path from "node:path";
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  InfraError,
} from "../model/index.js";
import { readTail } from "../util/index.js";
import { prepareAgentHome, readJsonObject } from "./agent-home.js";
import { CopilotStreamParser, readCopilotUsage } from "./copilot-stream.js";
import { LineSplitter } from "./lines.js";
import { mcpOf, writeCopilotMcpConfig } from "./mcp-config.js";
import { costOf, findPrice, OPENAI_PRICES, type ModelPrice } from "./prices.js";
import { runAgentProcess } from "./process-agent.js";
import { envRedirect } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface CopilotOptions {
  model?: string;
  args?: string[];
  /** The copilot executable (default: `copilot` on PATH). */
  bin?: string;
  env?: Record<string, string>;
  /** Failed model calls in a row (copilot retries each) before the run is stopped (default 3). */
  maxApiErrors?: number;
  /** Prices (USD per million tokens) over the built-in table. */
  prices?: Record<string, ModelPrice>;
}

/**
 * The variables that log Copilot CLI in (besides `copilot login`), in its order of precedence, or
 * a BYOK provider's key. All are redacted; not every value logs it in (copilotCredentialProblem).
 */
export const COPILOT_CREDENTIAL_ENV = [
  "COPILOT_GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "COPILOT_PROVIDER_API_KEY",
  "COPILOT_PROVIDER_BEARER_TOKEN",
] as const;

const GITHUB_TOKEN_ENV = new Set(["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"]);

/**
 * GitHub tokens Copilot CLI 1.0 cannot use (`copilot login --help`: fine-grained PATs with the
 * "Copilot Requests" permission and OAuth tokens work, "classic personal access tokens (ghp_) are
 * not supported"): a GitHub Actions token (`ghs_`, what a runner's GITHUB_TOKEN and
 * `github.token` are) and a classic PAT.
 */
export function copilotCredentialProblem(name: string, value: string): string | undefined {
  if (!GITHUB_TOKEN_ENV.has(name)) return undefined;
  if (value.startsWith("ghs_"))
    return "a GitHub Actions token (ghs_), which cannot call Copilot's models";
  if (value.startsWith("ghp_"))
    return "a classic personal access token (ghp_), which Copilot refuses";
  return undefined;
}

const CARRIED_OVER = ["config.json", "mcp-config.json", "copilot-instructions.md"];

/** The base URL of copilot's own model provider (BYOK), the one it can be recorded with. */
const BASE_URL_ENV = "COPILOT_PROVIDER_BASE_URL";

export function copilot(options: CopilotOptions = {}): AgentAdapter {
  const bin = options.bin ?? "copilot";
  return {
    name: "copilot",
    executable: bin,
    credentialEnv: COPILOT_CREDENTIAL_ENV,
    credentialProblem: copilotCredentialProblem,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    // Only a provider of its own (BYOK) can be moved: GitHub's models sit behind a token exchange.
    modelUpstream: ({ env }) => options.env?.[BASE_URL_ENV] || env[BASE_URL_ENV] || undefined,
    run: (ctx) => runCopilot(ctx, bin, options),
  };
}

export function copilotArgs(
  ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">,
  options: CopilotOptions,
  usageFile: string,
  mcpConfigFile?: string,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "--allow-all",
    "--output-format",
    "json",
    "--no-auto-update",
    "--no-ask-user",
    "--disable-builtin-mcps",
    "--usage-output-file",
    usageFile,
    // `@file`: the servers' env stays off the command line.
    ...(mcpConfigFile ? ["--additional-mcp-config", `@${mcpConfigFile}`] : []),
    ...(model ? ["--model", model] : []),
    ...(options.args ?? []),
    ...(ctx.extraArgs ?? []),
    // `--prompt=` keeps a prompt that starts with a dash one value.
    `--prompt=${ctx.prompt}`,
  ];
}

async function runCopilot(
  ctx: AgentRunContext,
  bin: string,
  options: CopilotOptions,
): Promise<AgentRunResult> {
  const tmp = ctx.env.TMPDIR ?? ctx.outDir;
  const home = path.join(tmp, "copilot-home");
  await prepareAgentHome(
    home,
    options.env?.COPILOT_HOME ??
      ctx.env.COPILOT_HOME ??
      path.join(ctx.env.HOME ?? os.homedir(), ".copilot"),
    CARRIED_OVER,
  );
  const usageFile = path.join(tmp, "copilot-usage.json");
  const servers = mcpOf(ctx);
  const mcpConfigFile = servers ? path.join(tmp, "copilot-mcp.json") : undefined;
  if (servers && mcpConfigFile) await writeCopilotMcpConfig(mcpConfigFile, servers);
  const parser = new CopilotStreamParser();
  const stop = new AbortController();
  const maxApiErrors = options.maxApiErrors ?? 3;
  const lines = new LineSplitter((line) => {
    parser.line(line);
    const last = parser.failures.at(-1);
    // A 401/403 will not pass on copilot's own retries: stopped at the first.
    if (
      parser.failures.length >= maxApiErrors ||
      (last && !classifyCopilotError(last.message, last.status).retryable)
    )
      stop.abort();
  });
  const run = await runAgentProcess(ctx, {
    command: bin,
    args: copilotArgs(ctx, options, usageFile, mcpConfigFile),
    env: {
      COPILOT_AUTO_UPDATE: "false",
      ...options.env,
      COPILOT_HOME: home,
      ...envRedirect(BASE_URL_ENV, ctx),
    },
    onStdout: (chunk) => lines.push(chunk),
    signal: stop.signal,
  });
  lines.end();
  const tokens = readCopilotUsage(await readJsonObject(usageFile));
  const model = ctx.model ?? options.model ?? options.env?.COPILOT_MODEL;
  const price = model ? findPrice(model, { ...OPENAI_PRICES, ...options.prices }) : undefined;
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    tokens,
    turns: parser.turns,
    ...(price
      ? { costUsd: costOf(tokens, price) }
      : {
          warnings: [
            `no price for copilot model ${model ?? "(its default)"}: cost unknown (pass copilot({ prices }))`,
          ],
        }),
  };
  const last = parser.failures.at(-1);
  if (stop.signal.aborted && !ctx.signal.aborted) {
    throw classifyCopilotError(
      `${parser.failures.length} failed model calls in a row; the last: ${last?.message}`,
      last?.status,
    );
  }
  if (run.process.timedOut || run.process.aborted) return result;
  if (parser.error || (run.process.exitCode !== 0 && parser.exitCode === undefined)) {
    const why =
      parser.error ??
      ((await readTail(run.stderrFile, 5)).trim() ||
        `exited ${run.process.exitCode ?? `on signal ${run.process.signal}`}`);
    throw classifyCopilotError(why, last?.status);
  }
  if (run.process.exitCode !== 0 && last) throw classifyCopilotError(last.message, last.status);
  return result;
}

/** 401/403 will not pass on a retry; 429 and 5xx may. */
export function classifyCopilotError(message: string, status?: number): InfraError {
  const auth =
    status === 401 ||
    status === 403 ||
    /\b(401|403)\b|not logged in|unauthorized|authentication/i.test(message);
  return new InfraError(
    `copilot reported an error${status ? ` (API ${status})` : ""}: ${message}${auth ? " (check `copilot login`, COPILOT_GITHUB_TOKEN or the provider's key)" : ""}`,
    !auth,
  );
}
