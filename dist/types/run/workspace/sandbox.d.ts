import { AgentEvalsError } from "../../model/index.js";
import { type BigIntStats } from "node:fs";
import type { SandboxSpec } from "../../model/index.js";
/** Bad paths, escaping symlinks, I/O problems. The message names the path and the fix. */
export declare class SandboxError extends AgentEvalsError {
    /** Why, for callers that act on it: a folder that is not there, or anything else. */
    readonly reason: "missing" | "other";
    constructor(message: string, options?: ErrorOptions & {
        reason?: "missing";
    });
}
/**
 * Path → size and sha256 of every regular file under a root (relative paths, '/' separators), and
 * of every symlink its target text (`link`; size and hash are of that text, never followed).
 */
export type Manifest = Map<string, {
    size: number;
    hash: string;
    link?: string;
}>;
/** Fill `dest` (an existing empty dir) from the spec, then lay its `overlay` (a variant's files) over it. */
export declare function fillSandbox(spec: SandboxSpec, dest: string): Promise<void>;
/**
 * Write a variant's files into the filled tree at `dest`: content writes the file (creating its
 * folders), null removes the file or folder (nothing there is fine). Removals go first, then writes.
 * A path that is not a plain relative one (checked as fixture keys are), or that goes through a
 * symlink anywhere — a linked folder on the way, or a link where the file is written — is refused
 * before anything is written: what a template or repository links to is never written through.
 * Removing a path that is itself a link removes the link, never what it points to.
 */
export declare function applyOverlay(overlay: Record<string, string | null>, dest: string): void;
/** `rm -rf` of one path without following a link at it (unlinked) or in it; gone already is fine. */
export declare function rmSyncNoFollow(abs: string): void;
/**
 * Copy a prepared tree into `dest` (created), preserving internal symlinks and file and folder
 * modes. Files are cloned (reflink/copy-on-write) where the filesystem supports it, else copied;
 * never hard-linked, so a trial can't write through to the prepared tree or another trial.
 */
export declare function copyTree(src: string, dest: string): Promise<void>;
/** What copying a tree needs to know about it: taken once, reused for every copy of an unchanging tree. */
export interface TreeSnapshot {
    root: string;
    entries: TreeEntry[];
    linkTargets: Map<string, string>;
    /** Every folder a copy must create (listed ones and files' parents), parents first. */
    folders: string[];
    /** Files of at least LARGE_FILE_BYTES: copied on the thread pool, not on the main thread. */
    largeFiles: Set<string>;
    /** Every folder's mode, deepest first. */
    folderModes: Array<[string, number]>;
}
/** Walk a tree once and check its links; refuses a tree with a symlink that leads out of it. */
export declare function snapshotTree(src: string): Promise<TreeSnapshot>;
/**
 * Recreate a snapshotted tree under `dest`: each file cloned (FICLONE) where the filesystem supports
 * it, else copied, keeping its mode; never hard-linked, never written over an existing path
 * (COPYFILE_EXCL, so a link planted at the destination is not followed either). With `only`, just
 * those entries (a recycled workspace's missing ones; their folders exist or are among them).
 */
export declare function copySnapshot(snapshot: TreeSnapshot, dest: string, only?: ReadonlySet<string>): Promise<void>;
/**
 * The files of the repository at `dir`, relative to it: tracked plus untracked-but-not-ignored
 * files when `dir` is in a git work tree, else every file found by a walk. Never includes
 * node_modules/, .git/ or .copybook/ at any depth. Tracked files deleted from the work tree are
 * still listed (that is git's view); callers copying them must tolerate their absence.
 */
export declare function repoFiles(dir: string): Promise<string[]>;
export declare function manifest(root: string): Promise<Manifest>;
/**
 * Whether a file's lstat is still the one it had when its workspace was handed out: then it is
 * unchanged and need not be hashed (a write changes its ctime, which no program can set back).
 */
export type UnchangedSince = (rel: string, stat: BigIntStats) => boolean;
/**
 * Files created or modified under `root` since `before` was taken (relative paths, sorted).
 * Sizes are compared first; only same-size files are hashed, and not those `unchanged` vouches
 * for. Deleted files are not "changed".
 */
export declare function changedFiles(root: string, before: Manifest, unchanged?: UnchangedSince): Promise<string[]>;
/**
 * What changed under `root` since `before` was taken, from one walk: the files created or modified
 * (as changedFiles) and the paths of `before` the walk no longer finds (also under a folder that
 * became a link), both sorted.
 */
export declare function workspaceChanges(root: string, before: Manifest, unchanged?: UnchangedSince): Promise<{
    changed: string[];
    deleted: string[];
}>;
/** A fresh directory under os.tmpdir() named `agent-evals-<label>-XXXXXX` (its real path). */
export declare function makeTempDir(label: string): Promise<string>;
/** `rm -rf dir`, also when an agent left read-only folders behind. Never follows a symlink. */
export declare function removeTree(dir: string): Promise<void>;
type EntryKind = "dir" | "file" | "link";
/** One entry of a tree, relative to its root with '/' separators. */
interface TreeEntry {
    rel: string;
    kind: EntryKind;
}
/**
 * A pause for loops of synchronous calls: resolves at once (no await needed) until SLICE_MS have
 * passed since the last turn of the event loop, then gives it one (setImmediate).
 */
export declare function slicer(): () => Promise<void> | undefined;
export {};
