// Keeping prepared sandboxes (a template filled and `setup` run in it) between workflow runs with
// the GitHub Actions cache, through @actions/cache (loaded only when the cache is used).
//
// Caching is an optimisation: nothing here throws for a cache problem. A failed or missing cache
// service, a miss, a key the service rejects: restorePrepared answers false, savePrepared saves
// nothing, and both say why through `log`.
//
// The cache ties an entry to the exact paths it was saved from (they are part of its version, and
// tar stores them relative to GITHUB_WORKSPACE), while prepared sandboxes live in fresh temp
// folders. So the tree goes through a folder whose path depends only on the key:
// `<RUNNER_TEMP or tmpdir>/agent-evals-sandbox-cache/<key>`, copied there to save, and restored
// there, then moved into `dir`.

import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface SandboxCacheSpec {
  /** The eval's id. */
  id: string;
  /** Its setup commands, in order. */
  setup: string[];
  /** A hash of what the sandbox is filled from (template tree, fixture map, repo snapshot). */
  templateHash: string;
}

export interface SandboxCacheOptions {
  /** Told what happened: hits, misses, and every problem that was swallowed. */
  log?: (message: string) => void;
  /** Where the key's folder is made; default RUNNER_TEMP, else the OS temp folder. */
  stagingRoot?: string;
}

const KEY_PREFIX = "agent-evals-sandbox-";

/**
 * The cache key of a prepared sandbox: `agent-evals-sandbox-<id>-<16 hex>`, the hex being the
 * start of a sha256 over the setup commands, the template hash and the platform and CPU
 * architecture (a tree after `npm ci` may hold native binaries).
 */
export function cacheKeyFor(spec: SandboxCacheSpec): string {
  const digest = createHash("sha256")
    .update(
      JSON.stringify({
        setup: spec.setup,
        templateHash: spec.templateHash,
        platform: process.platform,
        arch: process.arch,
      }),
    )
    .digest("hex")
    .slice(0, 16);
  // Keys may not hold commas and are limited to 512 characters.
  const id = spec.id.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 200);
  return `${KEY_PREFIX}${id}-${digest}`;
}

/** Whether the environment names a cache service (the variables reach action steps only). */
export function sandboxCacheConfigured(): boolean {
  const env = process.env;
  return Boolean(
    env["ACTIONS_RUNTIME_TOKEN"] && (env["ACTIONS_RESULTS_URL"] || env["ACTIONS_CACHE_URL"]),
  );
}

function stagingDir(key: string, options: SandboxCacheOptions): string {
  const root = options.stagingRoot ?? (process.env["RUNNER_TEMP"] || tmpdir());
  return path.resolve(root, "agent-evals-sandbox-cache", key);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

type CacheModule = typeof import("@actions/cache");

async function loadCache(log: (message: string) => void): Promise<CacheModule | undefined> {
  if (!sandboxCacheConfigured()) {
    log(
      "sandbox cache: no cache service in this environment (ACTIONS_RUNTIME_TOKEN / ACTIONS_RESULTS_URL)",
    );
    return undefined;
  }
  const cache = await import("@actions/cache");
  if (!cache.isFeatureAvailable()) {
    log("sandbox cache: the cache service is not available");
    return undefined;
  }
  return cache;
}

/**
 * Fill `dir` (created if missing) with the tree saved under `key`. True on an exact hit; false on
 * a miss or any problem. After false, a `dir` that was missing or empty is left missing or empty.
 */
export async function restorePrepared(
  dir: string,
  key: string,
  options: SandboxCacheOptions = {},
): Promise<boolean> {
  const log = options.log ?? (() => {});
  const target = path.resolve(dir);
  let staging: string | undefined;
  let wasEmpty = true;
  let touched = false;
  try {
    const cache = await loadCache(log);
    if (!cache) return false;
    staging = stagingDir(key, options);
    await fs.rm(staging, { recursive: true, force: true });
    const matched = await cache.restoreCache([staging], key);
    if (matched !== key) {
      log(`sandbox cache: miss for ${key}`);
      return false;
    }
    if (!(await fs.stat(staging).catch(() => undefined))?.isDirectory()) {
      log(`sandbox cache: the entry for ${key} did not restore ${staging}`);
      return false;
    }
    const existing = await fs.readdir(target).catch(() => undefined);
    wasEmpty = !existing || existing.length === 0;
    touched = true;
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (wasEmpty) {
      await fs.rm(target, { recursive: true, force: true });
      try {
        await fs.rename(staging, target);
      } catch {
        // Another file system (EXDEV) or the like: copy instead.
        await fs.cp(staging, target, { recursive: true, verbatimSymlinks: true });
      }
    } else {
      await fs.cp(staging, target, { recursive: true, verbatimSymlinks: true, force: true });
    }
    log(`sandbox cache: restored ${key}`);
    return true;
  } catch (error) {
    log(`sandbox cache: restore of ${key} failed: ${message(error)}`);
    if (touched && wasEmpty) {
      await fs.rm(target, { recursive: true, force: true }).catch(() => {});
    }
    return false;
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

/** Save the tree in `dir` under `key`. Never throws; a save that didn't happen is logged. */
export async function savePrepared(
  dir: string,
  key: string,
  options: SandboxCacheOptions = {},
): Promise<void> {
  const log = options.log ?? (() => {});
  let staging: string | undefined;
  try {
    const cache = await loadCache(log);
    if (!cache) return;
    staging = stagingDir(key, options);
    await fs.rm(staging, { recursive: true, force: true });
    await fs.mkdir(path.dirname(staging), { recursive: true });
    await fs.cp(path.resolve(dir), staging, { recursive: true, verbatimSymlinks: true });
    const id = await cache.saveCache([staging], key);
    if (id === -1) log(`sandbox cache: ${key} was not saved (see the cache warnings above)`);
    else log(`sandbox cache: saved ${key}`);
  } catch (error) {
    log(`sandbox cache: save of ${key} failed: ${message(error)}`);
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}
