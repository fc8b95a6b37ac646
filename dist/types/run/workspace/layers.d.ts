import { type TreeSnapshot } from "./sandbox.js";
/** Whether the run deleted `rel` of the prepared tree: gone under `deleted`, not made again in `dir`. */
export declare function deletedFrom(dir: string, deleted: ReadonlySet<string>): (rel: string) => boolean;
/**
 * Fills `dir` (the run's changes) with what the prepared tree has that the run neither changed nor
 * deleted: `dir` is then the whole workspace.
 */
export declare function fillUnchanged(snapshot: TreeSnapshot, dir: string, deleted: ReadonlySet<string>): Promise<void>;
/** The whole workspace copied into `dest`: the run's changes in `dir`, the rest from the tree. */
export declare function wholeCopy(snapshot: TreeSnapshot, dir: string, deleted: ReadonlySet<string>, dest: string): Promise<void>;
