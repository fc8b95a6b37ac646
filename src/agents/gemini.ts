// The gemini agent: `gemini -p` with stream-json output, every tool approved (`--approval-mode yolo`)
// in a workspace trusted for the session (`--skip-trust`), stdin ignored, its own GEMINI_CLI_HOME per
// trial (the trial HOME's `.gemini` login and settings carried over, telemetry and update checks
// off, the eval's MCP servers and the turn limit added). Gemini reports tokens but no cost: the cost
// comes from a versioned price table. Flags and events: docs/agents.md.

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
import { GeminiStreamParser } from "./gemini-stream.js";
import { LineSplitter } from "./lines.js";
import { geminiMcpSettings, mcpOf } from "./mcp-config.js";
import { costOf, findPrice, GEMINI_PRICES, type ModelPrice } from "./prices.js";
import { runAgentProcess } from "./process-agent.js";
import { envRedirect, envUpstream } from "./model-route.js";
import { probeVersion } from "./version-probe.js";

export interface GeminiOptions {
  model?: string;
  args?: string[];
  /** The gemini executable (default: `gemini` on PATH). */
  bin?: string;
  env?: Record<string, string>;
  /** Turn limit (settings `model.maxSessionTurns`); reaching it is the agent's failure. */
  maxTurns?: number;
  /** Settings merged over ours into the trial's settings.json (e.g. `{ general: { maxAttempts: 1 } }`). */
  settings?: Record<string, unknown>;
  /** Prices (USD per million tokens) over the built-in table. */
  prices?: Record<string, ModelPrice>;
}

/** The variables that log Gemini CLI in (besides a saved Google login). */
export const GEMINI_CREDENTIAL_ENV = ["GEMINI_API_KEY", "GOOGLE_API_KEY"] as const;

/** Files of `~/.gemini` a trial's gemini gets: login, settings, global instructions. */
const CARRIED_OVER = ["settings.json", "oauth_creds.json", "google_accounts.json", "GEMINI.md"];

/** Attempts per request (settings `general.maxAttempts`) unless the trial's settings set it. */
export const GEMINI_DEFAULT_MAX_ATTEMPTS = 2;

/** Exit code of Gemini CLI 0.61 for an authentication failure (FATAL_AUTHENTICATION_ERROR). */
const EXIT_AUTH = 41;

/** Where gemini sends its model traffic, and the variable that moves it. */
const BASE_URL_ENV = "GOOGLE_GEMINI_BASE_URL";
const DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

export function gemini(options: GeminiOptions = {}): AgentAdapter {
  const bin = options.bin ?? "gemini";
  return {
    name: "gemini",
    executable: bin,
    credentialEnv: GEMINI_CREDENTIAL_ENV,
    available: async () => (await probeVersion(bin)) !== undefined,
    version: () => probeVersion(bin),
    modelUpstream: ({ env }) => envUpstream(BASE_URL_ENV, options.env, env, DEFAULT_BASE_URL),
    run: (ctx) => runGemini(ctx, bin, options),
  };
}

export function geminiArgs(
  ctx: Pick<AgentRunContext, "prompt" | "model" | "extraArgs">,
  options: GeminiOptions,
): string[] {
  const model = ctx.model ?? options.model;
  return [
    "--output-format",
    "stream-json",
    "--approval-mode",
    "yolo",
    "--skip-trust",
    ...(model ? ["--model", model] : []),
    ...(options.args ?? []),
    ...(ctx.extraArgs ?? []),
    // `--prompt=` keeps a prompt that starts with a dash one value.
    `--prompt=${ctx.prompt}`,
  ];
}

async function runGemini(
  ctx: AgentRunContext,
  bin: string,
  options: GeminiOptions,
): Promise<AgentRunResult> {
  const home = path.join(ctx.env.TMPDIR ?? ctx.outDir, "gemini-home");
  const userHome = options.env?.GEMINI_CLI_HOME ?? ctx.env.GEMINI_CLI_HOME ?? ctx.env.HOME;
  await writeSettings(home, path.join(userHome ?? os.homedir(), ".gemini"), ctx, options);
  const servers = mcpOf(ctx);
  const parser = new GeminiStreamParser(Object.keys(servers ?? {}));
  const lines = new LineSplitter((line) => parser.line(line));
  const run = await runAgentProcess(ctx, {
    command: bin,
    args: geminiArgs(ctx, options),
    env: {
      GEMINI_CLI_NO_RELAUNCH: "true",
      ...options.env,
      GEMINI_CLI_HOME: home,
      ...envRedirect(BASE_URL_ENV, ctx),
    },
    onStdout: (chunk) => lines.push(chunk),
  });
  lines.end();
  const model = ctx.model ?? options.model ?? parser.model;
  const price = model ? findPrice(model, { ...GEMINI_PRICES, ...options.prices }) : undefined;
  const result: AgentRunResult = {
    ...run.result,
    trajectory: parser.trajectory,
    finalMessage: parser.finalMessage,
    tokens: { ...parser.tokens },
    ...(price
      ? { costUsd: costOf(parser.tokens, price) }
      : {
          warnings: [
            `no price for gemini model ${model ?? "(unnamed)"}: cost unknown (pass gemini({ prices: { "${model ?? "model"}": … } }))`,
          ],
        }),
  };
  if (run.process.timedOut || run.process.aborted) return result;
  const outcome = parser.result;
  if (outcome?.status === "success") return result;
  if (outcome && /turn/i.test(`${outcome.errorType ?? ""} ${outcome.errorMessage ?? ""}`)) {
    result.agentFailure = `stopped at its turn limit (${options.maxTurns ?? "?"} turns): ${outcome.errorMessage ?? outcome.errorType}`;
    return result;
  }
  const message =
    outcome?.errorMessage ??
    ((await readTail(run.stderrFile, 5)).trim() ||
      `exited ${run.process.exitCode ?? `on signal ${run.process.signal}`} without a result`);
  throw classifyGeminiError(message, run.process.exitCode === EXIT_AUTH);
}

/** 401/403 and auth failures will not pass on a retry; 429 and 5xx may. */
export function classifyGeminiError(message: string, authExit = false): InfraError {
  const status = /"code":\s*(\d{3})|\bstatus (\d{3})\b/.exec(message);
  const code = status ? Number(status[1] ?? status[2]) : undefined;
  const auth =
    authExit ||
    code === 401 ||
    code === 403 ||
    /api key not valid|unauthenticated|auth method|GEMINI_API_KEY/i.test(message);
  return new InfraError(
    `gemini reported an error${code ? ` (API ${code})` : ""}: ${message}${auth ? " (check GEMINI_API_KEY or the Google login)" : ""}`,
    !auth,
  );
}

/** The trial's settings.json: the user's, then ours (quiet, MCP, turn limit), then the adapter's. */
async function writeSettings(
  home: string,
  userDir: string,
  ctx: AgentRunContext,
  options: GeminiOptions,
): Promise<void> {
  const dir = path.join(home, ".gemini");
  await prepareAgentHome(dir, userDir, CARRIED_OVER);
  const settings = await readJsonObject(path.join(dir, "settings.json"));
  const env = { ...ctx.env, ...options.env };
  const auth = ((settings.security as Record<string, unknown> | undefined)?.auth ?? {}) as Record<
    string,
    unknown
  >;
  const servers = mcpOf(ctx);
  const general = (settings.general ?? {}) as Record<string, unknown>;
  const ours: Record<string, unknown> = {
    general: {
      disableAutoUpdate: true,
      disableUpdateNag: true,
      // Gemini's own default is 10 attempts, 5-30 s apart: an always-failing API took 11 minutes
      // to reach an error. Two ride out a blip; the trial's infra-error retries do the rest.
      ...(general.maxAttempts === undefined ? { maxAttempts: GEMINI_DEFAULT_MAX_ATTEMPTS } : {}),
    },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    // An API key in the environment logs in only when the settings name that method.
    ...(auth.selectedType === undefined && env.GEMINI_API_KEY
      ? { security: { auth: { selectedType: "gemini-api-key" } } }
      : {}),
    ...(options.maxTurns !== undefined ? { model: { maxSessionTurns: options.maxTurns } } : {}),
    ...(servers ? { mcpServers: geminiMcpSettings(servers) } : {}),
  };
  const merged = deepMerge(deepMerge(settings, ours), options.settings ?? {});
  await fs.writeFile(path.join(dir, "settings.json"), JSON.stringify(merged, null, 2));
}

function deepMerge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      isRecord(current) && isRecord(value) ? deepMerge(current, value) : (value as unknown);
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
