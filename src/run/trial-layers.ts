// A trial whose workspace its provider keeps (docker: a layer over the prepared tree in the image):
// the changes brought out on demand, the whole tree copied where a check or a judge needs it.

import path from "node:path";
import type { WorkspaceLayers } from "../check/index.js";
import type { TrialSandbox } from "./isolation/provider.js";
import { wholeCopy } from "./workspace/layers.js";
import type { PreparedTree } from "./workspace/prepare.js";
import { copyTree } from "./workspace/tree.js";

/**
 * What a judge reads: a copy of the final workspace, made on first use (the live sandbox is never
 * handed to a judge), and the files the run created or changed.
 */
export function judgeMaterial(work: string, copy: string, changed: string[], layered?: Layered) {
  let made: Promise<{ workspace: string; changed: string[] }> | undefined;
  return () =>
    (made ??= (async () => {
      // A tree that cannot be copied is the agent's doing (a link out of it): the judge check fails.
      const copied = layered ? layered.whole(copy) : copyTree(work, copy);
      await copied.catch((error: Error) => {
        throw new Error(`could not copy the workspace for the judge: ${error.message}`);
      });
      return { workspace: copy, changed };
    })());
}

/** A workspace its sandbox keeps: its changes brought to `work` on demand, over the prepared tree. */
export interface Layered {
  /** Brings out what changed since the last call (nothing to do when nothing ran). */
  sync(): Promise<WorkspaceLayers & { gone: boolean }>;
  /** The whole workspace, copied into `dest`. */
  whole(dest: string): Promise<void>;
}

export function layersOf(
  prepared: PreparedTree,
  sandbox: TrialSandbox | undefined,
  work: string,
  root: string,
): Layered {
  let copies = 0;
  const whole = async (dest: string, deleted: ReadonlySet<string>) =>
    wholeCopy(await prepared.snapshot(), work, deleted, dest);
  const sync = async () => {
    const found = (await sandbox?.changes?.()) ?? { deleted: [], gone: false };
    const deleted = new Set(found.deleted);
    return {
      base: prepared.dir,
      deleted,
      gone: found.gone,
      // A custom check's copy: made anew each time, as the checks before it may have changed more.
      whole: async () => {
        const dest = path.join(root, `whole-${++copies}`);
        await whole(dest, deleted);
        return dest;
      },
    };
  };
  return { sync, whole: async (dest) => whole(dest, (await sync()).deleted) };
}
