/**
 * Helpers for running the real agent CLIs (installed by scripts/install-agent-clis.sh into
 * .agent-clis/) against the fake model servers in this folder.
 */
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { heavyOnly } from "../helpers/tier.js";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const AGENT_CLIS_DIR = join(REPO_ROOT, ".agent-clis");
export const INSTALL_HINT = "run `bash scripts/install-agent-clis.sh` to install the agent CLIs";

function executable(path: string): string | undefined {
  heavyOnly("A real agent CLI (.agent-clis/)");
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return undefined;
  }
}

/** Absolute path of .agent-clis/bin/claude, or undefined when it is not installed. */
export function claudeBin(): string | undefined {
  return executable(join(AGENT_CLIS_DIR, "bin", "claude"));
}

/** Absolute path of .agent-clis/bin/codex, or undefined when it is not installed. */
export function codexBin(): string | undefined {
  return executable(join(AGENT_CLIS_DIR, "bin", "codex"));
}

/** The pinned CLIs, and gemini-0.60.0: the gemini release before the pinned one, beside it. */
export type AgentCli =
  "claude" | "codex" | "gemini" | "gemini-0.60.0" | "opencode" | "pi" | "copilot";

/** The binary's path, or an error that says how to install it (tests must not skip silently). */
export function requireBin(name: AgentCli): string {
  const path = executable(join(AGENT_CLIS_DIR, "bin", name));
  if (!path) throw new Error(`${name} not found in ${AGENT_CLIS_DIR}/bin: ${INSTALL_HINT}`);
  return path;
}

/** PATH and locale only: nothing of the host's environment (real API keys!) reaches the CLI. */
function baseEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: home,
    LANG: "C.UTF-8",
    TERM: "dumb",
  };
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

export interface FakeClaudeEnvOptions {
  /** A fresh directory per test: claude writes `$HOME/.claude*` and `$HOME/tmp` is its temp dir. */
  home: string;
  apiKey?: string;
}

/**
 * Environment for `claude` talking only to the fake at `url`: no other traffic, no retries, its
 * temp files under `home`. As root, IS_SANDBOX=1 lets `--permission-mode bypassPermissions` run.
 */
export function fakeClaudeEnv(url: string, options: FakeClaudeEnvOptions): Record<string, string> {
  return {
    ...baseEnv(options.home),
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: options.apiKey ?? "sk-ant-fake-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_MAX_RETRIES: "0",
    CLAUDE_CODE_TMPDIR: join(options.home, "tmp"),
    ...(isRoot() ? { IS_SANDBOX: "1" } : {}),
  };
}

/** Name of the env variable that holds the fake provider's key (see `codexFakeArgs`). */
export const CODEX_FAKE_KEY_ENV = "FAKE_OPENAI_KEY";

export interface CodexFakeArgsOptions {
  /** Retries of a failed request / a broken stream (default 0: fail fast). */
  retries?: number;
}

/**
 * `-c` and `--disable` flags (put them after `exec`) that make `codex` use the fake at `url` as a
 * custom Responses provider and stay quiet: no plugin/app look-ups, update checks or analytics.
 */
export function codexFakeArgs(url: string, options: CodexFakeArgsOptions = {}): string[] {
  const retries = options.retries ?? 0;
  const provider =
    `{name="fake",base_url="${url}/v1",wire_api="responses",env_key="${CODEX_FAKE_KEY_ENV}",` +
    `request_max_retries=${retries},stream_max_retries=${retries}}`;
  return [
    "-c",
    "model_provider=fake",
    "-c",
    `model_providers.fake=${provider}`,
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
}

/** Environment for `codex`: its own CODEX_HOME (and HOME) per test and the fake provider's key. */
export function fakeCodexEnv(home: string, apiKey = "sk-fake-key"): Record<string, string> {
  return { ...baseEnv(home), CODEX_HOME: home, [CODEX_FAKE_KEY_ENV]: apiKey };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout's lines that parse as JSON objects, in order. */
  events: Array<{ type?: string; subtype?: string; [key: string]: unknown }>;
  ms: number;
  timedOut: boolean;
}

export interface RunCliOptions {
  cwd: string;
  env: Record<string, string>;
  timeoutMs?: number;
}

/**
 * Runs a CLI to its end with stdin ignored (both CLIs wait on an open stdin), in its own process
 * group so that a timeout kills whatever it started too.
 */
export function runCli(command: string, args: string[], options: RunCliOptions): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, options.timeoutMs ?? 60_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const events: CliRun["events"] = [];
      for (const line of stdout.split("\n")) {
        if (!line.startsWith("{")) continue;
        try {
          events.push(JSON.parse(line) as CliRun["events"][number]);
        } catch {
          // not a JSON line
        }
      }
      resolvePromise({
        code,
        signal,
        stdout,
        stderr,
        events,
        ms: Date.now() - started,
        timedOut,
      });
    });
  });
}
