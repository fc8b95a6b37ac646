// Real git repositories for tests: a project committed on `main`, git run with a fixed identity.

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { makeProject } from "./project.js";

const run = promisify(execFile);

const IDENTITY = {
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
};

/** git in `cwd`, its stdout. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await run("git", args, { cwd, env: { ...process.env, ...IDENTITY } })).stdout;
}

/** A new repository whose `main` branch holds `files`, committed once. */
export async function repoWith(files: Record<string, string>): Promise<string> {
  const dir = await makeProject(files);
  await git(dir, "init", "-q", "-b", "main");
  await git(dir, "add", "-A");
  await git(dir, "commit", "-qm", "base");
  return dir;
}
