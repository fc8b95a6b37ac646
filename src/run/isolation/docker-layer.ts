// A trial's workspace as a layer of its container (the docker provider's overlay): the prepared
// tree is baked into the eval's image once, at its own path, so that each container's own
// copy-on-write root filesystem is its trial's workspace. A trial then costs what it changes, not
// what the tree holds: the host's workspace folder gets only what `docker diff` names as added or
// changed, copied out by the harness's node inside the container, and the paths it names as deleted.

import { spawn } from "node:child_process";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InfraError } from "../../model/index.js";
import { removeTree } from "../workspace/sandbox.js";
import { docker, dockerBin, dockerVariables } from "./docker-host.js";
import type { WorkspaceChanges } from "./provider.js";

/**
 * Bakes `dir` (the prepared tree, at its host path) into a new image over `image`: a container is
 * created (never started), the tree is streamed into it at the same path by `docker cp` with its
 * owners and modes, and the container is committed. Returns the new image's id.
 */
export async function bakeTree(
  image: string,
  dir: string,
  name: string,
  labels: string[],
  entrypoint: string,
): Promise<string> {
  // A container that is never started needs a command only to be created.
  await docker([
    "create",
    "--name",
    name,
    ...labels.flatMap((l) => ["--label", l]),
    "--entrypoint",
    entrypoint,
    image,
  ]);
  try {
    await streamInto(name, dir);
    return await docker(["commit", name], 600_000);
  } finally {
    await docker(["rm", "--force", name]).catch(() => undefined);
  }
}

/** `tar -c dir | docker cp --archive - name:/`: the tree at its own path, owners kept. */
async function streamInto(name: string, dir: string): Promise<void> {
  const bin = await dockerBin();
  const rel = path.relative("/", dir);
  const tar = spawn("tar", ["-C", "/", "--numeric-owner", "-cf", "-", rel], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Not --archive: that maps every owner to the image's user; without it the tar's owners (ours) stay.
  const cp = spawn(bin!, ["cp", "-", `${name}:/`], {
    stdio: ["pipe", "ignore", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", ...dockerVariables() },
  });
  tar.stdout.pipe(cp.stdin);
  const ended = (child: ReturnType<typeof spawn>, what: string) => {
    let stderr = "";
    child.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
    return new Promise<void>((resolve, reject) => {
      child.on("error", (error) => reject(new Error(`${what}: ${error.message}`)));
      child.on("close", (code) =>
        code === 0 ? resolve() : reject(new Error(`${what} exited ${code}: ${stderr.trim()}`)),
      );
    });
  };
  try {
    await Promise.all([ended(tar, "tar"), ended(cp, "docker cp")]);
  } catch (error) {
    throw new InfraError(
      `--sandbox docker: could not put the prepared tree into the eval's image: ${(error as Error).message}`,
    );
  }
}

/** One entry of `docker diff`: A added, C changed, D deleted; an absolute path. */
interface DiffEntry {
  kind: "A" | "C" | "D";
  path: string;
}

/**
 * `docker diff`'s lines. It prints raw paths, one a line: a line that does not start like an entry
 * continues the one before (a name with a newline in it).
 */
export function parseDiff(text: string): DiffEntry[] {
  const entries: DiffEntry[] = [];
  for (const line of text.split("\n")) {
    const match = /^([ACD]) (\/.*)$/.exec(line);
    if (match) entries.push({ kind: match[1] as DiffEntry["kind"], path: match[2]! });
    else if (entries.length) entries.at(-1)!.path += `\n${line}`;
  }
  return entries;
}

/**
 * Run by the harness's node inside the container, as the trial's user: copies each listed path of
 * the workspace (files with their modes, links as links, added folders) into a folder of the host
 * bound in. argv: workspace, destination, the list (JSON [rel, added][]).
 */
export const COPY_OUT = `
const fs = require("node:fs"), path = require("node:path");
const [from, to, listFile] = process.argv.slice(1);
const list = JSON.parse(fs.readFileSync(listFile, "utf8"));
const folders = [], failed = [];
fs.mkdirSync(to, { recursive: true });
for (const [rel, added] of list) {
  const src = path.join(from, rel), dst = path.join(to, rel);
  try {
    const st = fs.lstatSync(src);
    if (st.isDirectory()) {
      if (added) { fs.mkdirSync(dst, { recursive: true }); folders.push([dst, st.mode & 0o7777]); }
      continue;
    }
    if (!st.isFile() && !st.isSymbolicLink()) continue;
    fs.mkdirSync(path.dirname(dst), { recursive: true });
    if (st.isSymbolicLink()) { fs.symlinkSync(fs.readlinkSync(src), dst); continue; }
    fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(dst, st.mode & 0o7777);
  } catch (error) {
    if (error.code !== "ENOENT") failed.push(rel + " (" + error.code + ")");
  }
}
for (const [dst, mode] of folders.reverse()) fs.chmodSync(dst, mode);
if (failed.length) { process.stderr.write(failed.slice(0, 8).join(", ")); process.exitCode = 3; }
`;

/** Where a trial's workspace is: inside its container, and the host folder its changes go to. */
export interface LayerPlan {
  /** The workspace inside the container: the prepared tree's path in the image. */
  inside: string;
  /** The trial's workspace folder on the host, which gets only what changed. */
  host: string;
  /** A host folder bound in read-write, that each copy-out writes a fresh folder into. */
  outbox: string;
}

/**
 * Brings out what changed in the container `name`'s workspace so far: the host's workspace folder
 * is replaced by a fresh one holding the added and changed entries only.
 */
export async function bringOut(
  name: string,
  plan: LayerPlan,
  node: string,
  round: number,
): Promise<WorkspaceChanges> {
  const prefix = `${plan.inside}/`;
  const copy: Array<[string, boolean]> = [];
  const deleted: string[] = [];
  let gone = false;
  for (const entry of parseDiff(await docker(["diff", name], 120_000))) {
    if (entry.path === plan.inside) {
      if (entry.kind === "D") gone = true;
      continue;
    }
    if (!entry.path.startsWith(prefix)) continue;
    const rel = entry.path.slice(prefix.length);
    if (entry.kind === "D") deleted.push(rel);
    else copy.push([rel, entry.kind === "A"]);
  }
  const fresh = path.join(plan.outbox, `r${round}`);
  const list = path.join(plan.outbox, `r${round}.json`);
  writeFileSync(list, JSON.stringify(copy));
  try {
    if (copy.length) await docker(["exec", name, node, "-e", COPY_OUT, plan.inside, fresh, list]);
    else mkdirSync(fresh);
  } catch (error) {
    throw new InfraError(
      `--sandbox docker: could not copy the trial's changed files out of its container: ${(error as Error).message}`,
    );
  }
  await removeTree(plan.host);
  renameSync(fresh, plan.host);
  rmSync(list, { force: true });
  return { deleted: gone ? [""] : deleted, gone };
}
