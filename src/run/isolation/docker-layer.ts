// A trial's workspace as a layer of its container (the docker provider's overlay): the prepared
// tree is baked into the eval's image once, at its own path, so that each container's own
// copy-on-write root filesystem is its trial's workspace. A trial then costs what it changes, not
// what the tree holds: the host's workspace folder gets only what the trial created or changed,
// found and copied out by the harness's node inside the container (COPY_OUT), and the paths it
// deleted. Not `docker diff`: the daemon (20.10 here) compares whole trees for a container, so its
// cost grows with the image (0.05 s for the bare image, 0.5–1 s with a 10,000-file tree).

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { lstatSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { AgentFault, InfraError, errorMessage } from "../../model/index.js";
import { readRegularTextSync, shortPath } from "../../util/index.js";
import { removeTree } from "../workspace/remove.js";
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
      `--sandbox docker: could not put the prepared tree into the eval's image: ${errorMessage(error)}`,
    );
  }
}

/**
 * Run by the harness's node inside the container, as the trial's user: walks the workspace and
 * copies what the trial created or changed (files with their modes, links as links, folders) into
 * a fresh folder of the host's, bound in. An entry is the trial's when its ctime is at or after the
 * container's start: overlayfs copies an entry up (a new inode, ctime now; no one can set a ctime
 * back) before anything changes it, with every folder above it, and a folder whose entries are
 * created or deleted is copied up too. So a folder older than the start holds no change at all and
 * is not entered: the walk costs what changed. Each folder entered is listed, for the host to tell
 * what was deleted. The start is the ctime of a folder the daemon made in the container's own layer
 * as it started it (where the harness's node is bound), by the daemon's clock, as every ctime inside
 * is. argv: workspace, destination, that folder, the report's file.
 */
export const COPY_OUT = `
const fs = require("node:fs"), path = require("node:path");
const [from, to, started, reportFile] = process.argv.slice(1);
const since = fs.lstatSync(started).ctimeMs;
const listed = {}, folders = [], failed = [], notFolders = [];
const visit = (rel) => {
  let names;
  try { names = fs.readdirSync(rel ? path.join(from, rel) : from); }
  catch (error) { failed.push((rel || ".") + " (" + error.code + ")"); return; }
  listed[rel] = names;
  for (const name of names) {
    const r = rel ? rel + "/" + name : name, src = path.join(from, r), dst = path.join(to, r);
    let st;
    try { st = fs.lstatSync(src); }
    catch (error) { if (error.code !== "ENOENT") failed.push(r + " (" + error.code + ")"); continue; }
    if (st.ctimeMs < since) continue;
    try {
      if (st.isDirectory()) { fs.mkdirSync(dst); folders.push([dst, st.mode & 0o7777]); visit(r); }
      else notFolders.push(r);
      if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dst);
      else if (st.isFile()) {
        fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
        fs.chmodSync(dst, st.mode & 0o7777);
      }
    } catch (error) { failed.push(r + " (" + error.code + ")"); }
  }
};
fs.mkdirSync(to);
let root;
try { root = fs.lstatSync(from); } catch {}
if (root && root.ctimeMs >= since) visit("");
for (const [dst, mode] of folders.reverse()) fs.chmodSync(dst, mode);
// "wx": never through a link or into a FIFO the agent put in the report's place.
fs.writeFileSync(reportFile, JSON.stringify({ listed, gone: !root, failed, notFolders }), { flag: "wx" });
`;

/** What COPY_OUT reports. */
interface CopyOutReport {
  /** Each folder it entered (relative, "" the workspace), with the names it holds now. */
  listed: Record<string, string[]>;
  gone: boolean;
  failed: string[];
  /** The links and files it copied: one where the prepared tree has a folder deletes that folder. */
  notFolders: string[];
}

/** The copy-out's report lists the names in each folder it entered: far below this for any tree. */
const REPORT_CAP_BYTES = 256 * 1024 * 1024;

/** Whether the container `name` is still running (false also when it is gone). */
async function running(name: string): Promise<boolean> {
  const state = await docker(["inspect", "--format", "{{.State.Running}}", name]).catch(() => "");
  return state.trim() === "true";
}

/** Where a trial's workspace is: inside its container, and the host folder its changes go to. */
export interface LayerPlan {
  /**
   * The workspace inside the container: the prepared tree's path in the image, which is also its
   * path on the host (baked where setup saw it).
   */
  inside: string;
  /** The trial's workspace folder on the host, which gets only what changed. */
  host: string;
  /** A host folder bound in read-write, that each copy-out writes a fresh folder into. */
  outbox: string;
}

/**
 * Brings out what changed in the container `name`'s workspace since it started (`started`: a
 * folder made then, in its own layer):
 * the host's workspace folder is replaced by a fresh one holding the created and changed entries
 * only; deleted are the prepared tree's entries missing from a folder the walk entered.
 */
export async function bringOut(
  name: string,
  plan: LayerPlan,
  node: string,
  started: string,
  round: number,
): Promise<WorkspaceChanges> {
  // The outbox is bound writable: the agent (or a process it left running) can plant entries in
  // it. Unguessable names, a report read without following a link (util/safe-read.ts) and checked
  // to be a file, and a folder checked to be one before it is taken: what it plants is its failure.
  const token = `r${round}-${randomUUID()}`;
  const fresh = path.join(plan.outbox, token);
  const reportFile = path.join(plan.outbox, `${token}.json`);
  let text: string | undefined;
  try {
    await docker(
      ["exec", name, node, "-e", COPY_OUT, plan.inside, fresh, started, reportFile],
      600_000,
    );
    text = readRegularTextSync(reportFile, REPORT_CAP_BYTES);
  } catch (error) {
    // The agent's processes run in the container: one that stopped it (killed its first process,
    // the forwarder) did so from inside. Anything else is the daemon's.
    if (!(await running(name)))
      throw new AgentFault(
        "the agent stopped its container (its first process, the forwarder, is gone): what it changed could not be brought out",
      );
    throw new InfraError(
      `--sandbox docker: could not copy the trial's changed files out of its container: ${errorMessage(error)}`,
    );
  } finally {
    rmSync(reportFile, { force: true });
  }
  const replaced = new AgentFault(
    "the agent replaced what the copy-out of its changes wrote (in the outbox bound into its container)",
  );
  if (text === undefined || !lstatSync(fresh, { throwIfNoEntry: false })?.isDirectory())
    throw replaced;
  let report: CopyOutReport;
  try {
    report = JSON.parse(text) as CopyOutReport;
  } catch {
    throw replaced;
  }
  if (report.failed.length) {
    // The copy runs as the agent's user, over what the agent left: what it cannot read, the agent made so.
    throw new AgentFault(
      `the agent left entries in its workspace that cannot be read or copied out: ${report.failed
        .slice(0, 8)
        .map((rel) => shortPath(rel))
        .join(", ")}`,
    );
  }
  const deleted: string[] = [];
  for (const rel of report.notFolders) {
    if (lstatSync(path.join(plan.inside, rel), { throwIfNoEntry: false })?.isDirectory())
      deleted.push(rel);
  }
  for (const [rel, names] of Object.entries(report.listed)) {
    const now = new Set(names);
    let before: string[];
    try {
      before = readdirSync(path.join(plan.inside, rel));
    } catch {
      continue; // a folder the trial made
    }
    for (const n of before) if (!now.has(n)) deleted.push(rel ? `${rel}/${n}` : n);
  }
  await removeTree(plan.host);
  renameSync(fresh, plan.host);
  return { deleted: report.gone ? [""] : deleted.sort(), gone: report.gone };
}
