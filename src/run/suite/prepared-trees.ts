// The prepared trees of a suite: each eval's sandbox made once (setup run), shared by the units
// and evals that are filled the same way, and disposed of when its last unit is done.

import type { EvalSpec } from "../../model/index.js";
import type { Semaphore } from "../../util/index.js";
import { prepareTree, type PreparedTree, type PreparedStore } from "../workspace/prepare.js";
import type { RunUnit } from "../unit.js";

export interface PreparedTreesOptions {
  env: Record<string, string>;
  signal: AbortSignal;
  keepWorkspace: boolean;
  preparedStore?: PreparedStore;
}

export class PreparedTrees {
  private readonly trees = new Map<EvalSpec | string, Promise<PreparedTree>>();
  /** How many units that will run still need each tree. */
  private readonly users = new Map<EvalSpec | string, number>();
  // Asked for at every prepare and release: computed once per eval.
  private readonly keys = new WeakMap<EvalSpec, EvalSpec | string>();

  constructor(
    units: readonly RunUnit[],
    private readonly slots: Semaphore,
    private readonly options: PreparedTreesOptions,
  ) {
    for (const u of units) {
      const key = this.keyOf(u);
      if (!u.settled) this.users.set(key, (this.users.get(key) ?? 0) + 1);
    }
  }

  /** The unit's prepared tree, made on first use (taking a slot: setup is work like a trial). */
  get(unit: RunUnit): Promise<PreparedTree> {
    const key = this.keyOf(unit);
    let tree = this.trees.get(key);
    if (!tree) {
      const { spec, isolation } = unit;
      const provider = isolation.provider;
      // A provider that runs setup inside (docker: in the eval's image) does so here, once per eval.
      const setupInside = provider.prepareEval
        ? (dir: string, setup: (() => Promise<void>) | undefined) =>
            provider.prepareEval!(
              { id: spec.id, dir, container: isolation.container ?? {}, allow: isolation.allow },
              setup,
            )
        : undefined;
      tree = this.slots.use(() =>
        prepareTree(spec, {
          env: this.options.env,
          signal: this.options.signal,
          keep: this.options.keepWorkspace,
          store: this.options.preparedStore,
          ...(setupInside ? { setupInside } : {}),
        }),
      );
      this.trees.set(key, tree);
    }
    return tree;
  }

  /** The unit is done with its tree: the last one disposes of it. */
  async release(unit: RunUnit): Promise<void> {
    const key = this.keyOf(unit);
    const left = (this.users.get(key) ?? 1) - 1;
    this.users.set(key, left);
    if (left > 0) return;
    const tree = this.trees.get(key);
    this.trees.delete(key);
    await tree?.then(
      (p) => p.dispose(),
      () => undefined,
    );
  }

  private keyOf(unit: RunUnit): EvalSpec | string {
    let key = this.keys.get(unit.spec);
    if (key === undefined) this.keys.set(unit.spec, (key = preparedKey(unit)));
    return key;
  }
}

/**
 * What a prepared tree is made from: an eval without setup is filled from its sandbox alone, so
 * evals with the same sandbox (the same template, repository or files) share one tree; an eval
 * with setup commands gets its own.
 */
function preparedKey({ spec, isolation }: RunUnit): EvalSpec | string {
  if (spec.setup.length > 0) return spec;
  const { kind, overlay } = spec.workspace;
  const source = spec.workspace.kind === "fixture" ? spec.workspace.files : spec.workspace.dir;
  // A provider that prepares evals (docker: the tree baked into an image) shares per image only.
  const prepares = isolation.provider.prepareEval
    ? [isolation.provider.name, isolation.container?.image ?? null]
    : [];
  return JSON.stringify([kind, source, overlay ?? null, ...prepares]);
}
