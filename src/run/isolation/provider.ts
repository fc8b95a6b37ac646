// Sandbox providers: what a trial's agent runs inside. The workspace (template, fixture, repo) is
// filled before and apart from this; a provider only decides how the agent's processes are
// isolated from the machine. The runner talks to providers through this interface only, and the
// registry (registry.ts) is the one place their names are listed (docs/sandboxes.md › Sandbox providers).

import type { ContainerLimits } from "../../model/index.js";
import type { Endpoint } from "./forward.js";

/** What a container provider runs trials in: the eval's `sandbox.image` and limits over the CLI's. */
export interface ContainerOptions {
  image?: string;
  limits?: ContainerLimits;
}

/** What a provider is given to isolate one trial. */
export interface TrialSpace {
  /** The trial's own folder (the provider may keep its state here). */
  root: string;
  /**
   * What the agent may write: its workspace, TMPDIR, HOME, the call log. Each exists when the
   * trial is prepared.
   */
  writable: string[];
  /** What it runs from (its shims, its results folder, its PATH), readable at least. */
  readable: string[];
  /** host:port endpoints the agent may connect to (the model APIs, --allow-host …). */
  allow: Endpoint[];
  /**
   * The trial's own read-only files among `readable` (its shims, its results folder): what a
   * provider with a filesystem of its own (an image) brings in; the rest of `readable` is the host's.
   */
  ownReadable: string[];
  /** For a container provider: the image (the eval's setup layer, when it has one) and limits. */
  container: ContainerOptions;
  /** The trial's workspace folder on the host (among `writable`): where checks on the host read it. */
  workspace: string;
  /**
   * Where the prepared tree is inside what the trial runs from, when its eval was prepared with the
   * tree kept there (PreparedEval.treeInside): the trial's workspace is then the sandbox's own
   * copy-on-write view of it, `workspace` starts empty, and TrialSandbox.changes fills it.
   */
  treeInside?: string;
}

/** An eval prepared by a provider whose setup runs inside it (once per eval). */
export interface PreparedEval {
  /** What the eval's trials run from instead (an image holding the setup's layer). */
  container: ContainerOptions;
  /**
   * Where the prepared tree is kept inside what its trials run from (an image layer), when the
   * provider keeps it there: each trial then costs what it changes, not what the tree holds.
   */
  treeInside?: string;
  dispose(): Promise<void>;
}

/** What a trial changed in a workspace its sandbox keeps (TrialSpace.treeInside). */
export interface WorkspaceChanges {
  /** Paths of the prepared tree that are gone (a folder stands for all below it). */
  deleted: string[];
  /** Whether the workspace folder itself is gone (then `deleted` is every path). */
  gone: boolean;
}

/** A trial prepared by a provider. */
export interface TrialSandbox {
  /** Runs `fn` (the agent's run) so that every process it starts runs inside the sandbox. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Removes what the provider set up for the trial (a container …), when the trial ends. */
  dispose?(): Promise<void>;
  /**
   * With TrialSpace.treeInside: puts what the trial created or changed so far (files, links, new
   * folders) into TrialSpace.workspace, which then holds only those, and says what it deleted.
   * Cheap when nothing ran since the last call.
   */
  changes?(): Promise<WorkspaceChanges>;
}

export type Availability = { ok: true } | { ok: false; reason: string; fix: string };

export interface SandboxProvider {
  /** Its name: the value of `--sandbox`, the Action's `sandbox` input and an eval's `sandbox.kind`. */
  readonly name: string;
  /** Whether it gives each trial its own HOME whatever the run says (it cannot work with the real one). */
  readonly ownHome: boolean;
  /**
   * How much it isolates, to order providers: an eval's `sandbox.kind` may ask for more isolation
   * than the run's, never less (a pull request's eval must not opt out of the sandbox CI chose).
   */
  readonly strength: number;
  /** Whether it can run on this machine, and if not why and what to do. */
  available(): Promise<Availability>;
  /** One line: what it protects and what it does not (`home`: trials get a HOME of their own). */
  note(context?: { home?: boolean }): string;
  /** Sets up one trial; what the returned sandbox runs is isolated as `note` says. */
  prepareTrial(space: TrialSpace): Promise<TrialSandbox>;
  /**
   * Whether the checks' commands run inside the trial's sandbox too, after the agent: they run what
   * the agent left (a planted git config, a hook, a test script), and in a container the agent's
   * tools are the image's, so are the checks'. Otherwise they run on the host.
   */
  readonly checksInside?: boolean;
  /** Whether an eval's options can run (its image exists), before anything runs. */
  checkOptions?(options: ContainerOptions): Promise<Availability>;
  /**
   * Runs an eval's `setup` (in `dir`, the tree its trials copy) inside the sandbox, once per eval,
   * and may keep the prepared tree in what its trials run from (PreparedEval.treeInside). Called
   * for every eval of the provider, `setup` undefined when there is none to run (or it was
   * restored). Without it, setup runs on the host.
   */
  prepareEval?(
    input: { id: string; dir: string; container: ContainerOptions; allow: Endpoint[] },
    setup: (() => Promise<void>) | undefined,
  ): Promise<PreparedEval>;
  /** Removes whatever this process's trials left (containers, images), at the end of a run. */
  disposeRun?(): Promise<void>;
  /** What its trials of an eval ran with, for run.json (a container's image and limits). */
  record?(options: ContainerOptions): { image: string } & ContainerLimits;
}
