// @ts-check
// Figure 4's set-up, shared by bench/claude-race.mjs and bench/claude-phases.mjs: the fake
// Messages API (bench/fake-claude-api.mjs) in its own process, and the environment every route
// runs claude with (test/fakes/clis.ts fakeClaudeEnv), in a temp folder of its own.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * @param {string} prefix the temp folder's name prefix
 * @returns {Promise<{ tmp: string, api: import("node:child_process").ChildProcess, env: Record<string, string> }>}
 */
export async function claudeAgainstFake(prefix) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const api = spawn(
    process.execPath,
    [path.join(ROOT, "bench/fake-claude-api.mjs"), path.join(tmp, "api.log")],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, FAKE_BASH_COMMAND: "echo hi > out.txt" },
    },
  );
  /** @type {string} */
  const url = await new Promise((resolve) =>
    api.stdout
      ?.setEncoding("utf8")
      .on("data", (d) => resolve(String(d).split("\n")[0]?.trim() ?? "")),
  );
  const home = path.join(tmp, "home");
  fs.mkdirSync(path.join(home, "tmp"), { recursive: true });
  const env = {
    PATH: `${ROOT}/.agent-clis/bin${path.delimiter}${process.env.PATH}`,
    HOME: home,
    LANG: "C.UTF-8",
    TERM: "dumb",
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: "sk-ant-fake-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_MAX_RETRIES: "0",
    CLAUDE_CODE_TMPDIR: path.join(home, "tmp"),
    ...(process.getuid?.() === 0 ? { IS_SANDBOX: "1" } : {}),
  };
  return { tmp, api, env };
}
