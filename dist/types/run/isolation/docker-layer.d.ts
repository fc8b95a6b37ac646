import type { WorkspaceChanges } from "./provider.js";
/**
 * Bakes `dir` (the prepared tree, at its host path) into a new image over `image`: a container is
 * created (never started), the tree is streamed into it at the same path by `docker cp` with its
 * owners and modes, and the container is committed. Returns the new image's id.
 */
export declare function bakeTree(image: string, dir: string, name: string, labels: string[], entrypoint: string): Promise<string>;
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
export declare const COPY_OUT = "\nconst fs = require(\"node:fs\"), path = require(\"node:path\");\nconst [from, to, started, reportFile] = process.argv.slice(1);\nconst since = fs.lstatSync(started).ctimeMs;\nconst listed = {}, folders = [], failed = [], notFolders = [];\nconst visit = (rel) => {\n  let names;\n  try { names = fs.readdirSync(rel ? path.join(from, rel) : from); }\n  catch (error) { failed.push((rel || \".\") + \" (\" + error.code + \")\"); return; }\n  listed[rel] = names;\n  for (const name of names) {\n    const r = rel ? rel + \"/\" + name : name, src = path.join(from, r), dst = path.join(to, r);\n    let st;\n    try { st = fs.lstatSync(src); }\n    catch (error) { if (error.code !== \"ENOENT\") failed.push(r + \" (\" + error.code + \")\"); continue; }\n    if (st.ctimeMs < since) continue;\n    try {\n      if (st.isDirectory()) { fs.mkdirSync(dst); folders.push([dst, st.mode & 0o7777]); visit(r); }\n      else notFolders.push(r);\n      if (st.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(src), dst);\n      else if (st.isFile()) {\n        fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);\n        fs.chmodSync(dst, st.mode & 0o7777);\n      }\n    } catch (error) { failed.push(r + \" (\" + error.code + \")\"); }\n  }\n};\nfs.mkdirSync(to);\nlet root;\ntry { root = fs.lstatSync(from); } catch {}\nif (root && root.ctimeMs >= since) visit(\"\");\nfor (const [dst, mode] of folders.reverse()) fs.chmodSync(dst, mode);\nfs.writeFileSync(reportFile, JSON.stringify({ listed, gone: !root, failed, notFolders }));\n";
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
export declare function bringOut(name: string, plan: LayerPlan, node: string, started: string, round: number): Promise<WorkspaceChanges>;
