// The package as dist/ holds it (the Action's dist/index.js, the CLI's dist/cli/index.js, both
// loading dist/lib/index.js), built with ncc from this checkout's src/ into a temp folder, so the
// tests run what `npm run bundle` would commit rather than whatever dist/ holds. One build per
// content of src/ and the lockfile, kept under the run's temp dir by that hash: the run's global
// setup starts it (test/bundle-setup.ts) and every test file uses it. A CLI start from the bundle
// takes a fifth of the CPU of one through tsx (0.22 s against 1.2 s here).

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const run = promisify(execFile);

/** Long enough for ncc on a busy machine: give it to beforeAll. */
export const BUNDLE_TIMEOUT_MS = 300_000;

async function sourceHash(): Promise<string> {
  const hash = createHash("sha256");
  async function walk(dir: string): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile())
        hash
          .update(path.relative(REPO_ROOT, file))
          .update("\0")
          .update(await fs.readFile(file));
    }
  }
  await walk(path.join(REPO_ROOT, "src"));
  hash.update(await fs.readFile(path.join(REPO_ROOT, "scripts/bundle.mjs")));
  hash.update(await fs.readFile(path.join(REPO_ROOT, "scripts/report-page.mjs")));
  hash.update(await fs.readFile(path.join(REPO_ROOT, "package-lock.json")));
  return hash.digest("hex").slice(0, 16);
}

/** What runs (dist/index.js, dist/cli/, dist/lib/), built by the script that builds dist/. */
async function buildRunnable(out: string): Promise<void> {
  await run(
    process.execPath,
    [path.join(REPO_ROOT, "scripts/bundle.mjs"), "--runnable", "--out", out],
    { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
}

let built: Promise<string> | undefined;

/** The folder of this src/'s build (built first when there is none yet): one lookup per process. */
export function bundleDir(): Promise<string> {
  built ??= findOrBuild().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}

/** The built Action's index.js, as action.yml runs it. */
export async function actionEntry(): Promise<string> {
  return path.join(await bundleDir(), "index.js");
}

/** The built CLI, as the package's bin runs it. */
export async function cliEntry(): Promise<string> {
  return path.join(await bundleDir(), "cli", "index.js");
}

async function findOrBuild(): Promise<string> {
  const dir = path.join(os.tmpdir(), `agent-evals-bundle-${await sourceHash()}`);
  // The build is renamed into place whole (below): where its CLI is, the rest is.
  const entry = path.join(dir, "cli", "index.js");
  const done = () =>
    fs.stat(entry).then(
      () => true,
      () => false,
    );
  if (await done()) return dir;
  // One build at a time per content: test files in other workers that need it meanwhile wait for
  // that build instead of running ncc beside it (three at once on two cores took minutes each).
  const lock = `${dir}.building`;
  for (;;) {
    const mine = await fs.mkdir(lock).then(
      () => true,
      () => false,
    );
    if (mine) break;
    const owner = Number(await fs.readFile(path.join(lock, "pid"), "utf8").catch(() => "0"));
    if (owner > 0 && !alive(owner)) await fs.rm(lock, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, 500));
    if (await done()) return dir;
  }
  try {
    await fs.writeFile(path.join(lock, "pid"), String(process.pid));
    if (await done()) return dir;
    // Built beside the final folder and renamed into place: a reader never sees half of one.
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    await buildRunnable(staging);
    await fs.rename(staging, dir).catch(async (error: NodeJS.ErrnoException) => {
      await fs.rm(staging, { recursive: true, force: true });
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
    return dir;
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
