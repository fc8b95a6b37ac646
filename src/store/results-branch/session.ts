// The scratch repository every operation works in (git plumbing): `git init` in a temp folder under
// `scratchDir`, the remote as `origin`, hooks off, user configuration that could change the
// outcome overridden, no GIT_* variable of this process, the token only ever on the command line
// (masked in every message). Also the few git steps the reads and writes share.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GitError, simpleGit } from "simple-git";
import { DEFAULT_RESULTS_BRANCH } from "../../model/index.js";
import { GitFailure } from "./failures.js";
import {
  DEFAULT_BACKOFF,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RESULTS_AUTHOR,
  type ResultsBranchOptions,
} from "./options.js";

/** A git command that prints nothing for this long is killed (a stalled network). */
const GIT_SILENCE_TIMEOUT_MS = 120_000;
export const NO_HOOKS_DIR = "agent-evals-no-hooks";

function checkBranch(branch: string): string {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) ||
    /\.\.|\/\/|\/\.|\.lock$|\.lock\/|[/.]$/.test(branch)
  ) {
    throw new Error(`results branch: ${JSON.stringify(branch)} is not a usable branch name`);
  }
  return branch;
}

export interface Session {
  /** Runs git in the scratch repository; failures are GitFailure. */
  git(args: string[]): Promise<string>;
  dir: string;
  branch: string;
  /** The remote as shown in messages: no credentials, token masked. */
  shownRemote: string;
  maxAttempts: number;
  backoff: { base: number; max: number };
  dispose(): Promise<void>;
}

interface RemoteSpec {
  url: string;
  /** `scheme://host[:port]/` when the token goes with requests to this remote. */
  tokenScope?: string;
}

function resolveRemote(remote: string, token: string | undefined): RemoteSpec {
  if (typeof remote !== "string" || remote.trim() === "" || remote.startsWith("-")) {
    throw new Error(`results branch: ${JSON.stringify(remote)} is not a remote`);
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(remote)) {
    let parsed: URL;
    try {
      parsed = new URL(remote);
    } catch {
      throw new Error("results branch: the remote is not a valid URL");
    }
    const https = parsed.protocol === "https:";
    const loopback =
      parsed.protocol === "http:" &&
      ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname.toLowerCase());
    if (token && parsed.protocol === "http:" && !loopback) {
      throw new Error("results branch: refusing to send a token over plain http");
    }
    if (token && (https || loopback)) {
      return { url: remote, tokenScope: `${parsed.protocol}//${parsed.host}/` };
    }
    return { url: remote };
  }
  // scp-like `user@host:path` (a ":" before any "/") is an ssh remote; anything else is a path,
  // made absolute (git runs in the scratch dir) and a file:// URL (so --depth 1 applies).
  if (/^[^/]+:/.test(remote)) return { url: remote };
  return { url: pathToFileURL(path.resolve(remote)).href };
}

function shownRemote(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.href;
  } catch {
    return url;
  }
}

export async function openSession(options: ResultsBranchOptions): Promise<Session> {
  const branch = checkBranch(options.branch ?? DEFAULT_RESULTS_BRANCH);
  const token = options.token || undefined;
  const remote = resolveRemote(options.remote, token);
  const author = options.author ?? DEFAULT_RESULTS_AUTHOR;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
  const header = token ? Buffer.from(`x-access-token:${token}`, "utf8").toString("base64") : "";
  const mask = (text: string): string => {
    let out = text;
    for (const secret of [token, header]) if (secret) out = out.split(secret).join("***");
    return out;
  };

  const parent = options.scratchDir ?? os.tmpdir();
  await fs.mkdir(parent, { recursive: true });
  const dir = await fs.realpath(await fs.mkdtemp(path.join(parent, "agent-evals-results-")));
  const dispose = () => fs.rm(dir, { recursive: true, force: true });

  const config = [
    `core.hooksPath=${path.join(dir, ".git", NO_HOOKS_DIR)}`,
    "core.autocrlf=false",
    "core.safecrlf=false",
    "core.symlinks=false",
    "core.quotePath=false",
    "commit.gpgSign=false",
    "gc.auto=0",
    "maintenance.auto=false",
    "rebase.backend=merge",
    "rebase.autoStash=false",
    "rebase.autoSquash=false",
    "rebase.updateRefs=false",
    "submodule.recurse=false",
    "advice.detachedHead=false",
    "color.ui=false",
    `user.name=${author.name}`,
    `user.email=${author.email}`,
  ];
  if (remote.tokenScope) {
    config.push(`http.${remote.tokenScope}.extraheader=AUTHORIZATION: basic ${header}`);
  }
  const simple = simpleGit({
    baseDir: dir,
    config,
    maxConcurrentProcesses: 1,
    // Done when the output streams close, not 50 ms after the exit (which can cut the output).
    completion: { onClose: true, onExit: false },
    timeout: { block: GIT_SILENCE_TIMEOUT_MS },
    unsafe: { allowUnsafeHooksPath: true },
    allowEnvironment: ["GIT_TERMINAL_PROMPT"],
    errors: (error, result) => {
      if (result.exitCode === 0 && !(error instanceof Error)) return error;
      return new GitFailure(
        result.exitCode,
        mask(Buffer.concat(result.stdOut).toString("utf8")),
        mask(
          Buffer.concat(result.stdErr).toString("utf8") ||
            (error instanceof Error ? error.message : ""),
        ),
      );
    },
  }).env(gitEnvironment());
  const git = async (args: string[]): Promise<string> => {
    try {
      return await simple.raw(args);
    } catch (error) {
      if (error instanceof GitFailure) throw error;
      // simple-git's own failures (the silence timeout, a refused argument) become GitFailures.
      if (error instanceof GitError) throw new GitFailure(-1, "", mask(error.message));
      throw error;
    }
  };

  const session: Session = {
    git,
    dir,
    branch,
    shownRemote: mask(shownRemote(remote.url)),
    maxAttempts,
    backoff: options.backoffMs ?? DEFAULT_BACKOFF,
    dispose,
  };
  try {
    await git(["init"]);
    await fs.mkdir(path.join(dir, ".git", NO_HOOKS_DIR));
    await git(["symbolic-ref", "HEAD", `refs/heads/${branch}`]);
    await git(["remote", "add", "origin", remote.url]);
  } catch (error) {
    await dispose();
    throw error;
  }
  return session;
}

/** Where simple-git guards an environment variable (it throws when one is passed explicitly). */
const GUARDED_VARIABLES = new Set(["editor", "pager", "prefix", "ssh_askpass", "visual"]);

/**
 * This process's environment without any GIT_* variable (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE
 * of a hook or a parent git would point git at the user's repository) nor locale settings (git's
 * messages stay English: the transport errors are read from them).
 */
function gitEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    const lower = key.toLowerCase();
    if (lower.startsWith("git_") || GUARDED_VARIABLES.has(lower)) continue;
    if (lower === "lang" || lower === "language" || lower.startsWith("lc_")) continue;
    env[key] = value;
  }
  env.LC_ALL = "C";
  env.GIT_TERMINAL_PROMPT = "0";
  env.GCM_INTERACTIVE = "never";
  return env;
}

export async function fetchBranch(session: Session, extra: string[] = []): Promise<void> {
  const { branch } = session;
  await session.git([
    "fetch",
    "--no-tags",
    ...extra,
    "origin",
    `+refs/heads/${branch}:refs/remotes/origin/${branch}`,
  ]);
}

export async function head(session: Session): Promise<string> {
  return (await session.git(["rev-parse", "HEAD"])).trim();
}

export async function succeeds(git: Session["git"], args: string[]): Promise<boolean> {
  try {
    await git(args);
    return true;
  } catch (error) {
    if (error instanceof GitFailure) return false;
    throw error;
  }
}
