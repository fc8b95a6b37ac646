// The Docker sandbox (`--sandbox docker`): each trial runs in a container of its own, made from the
// eval's image (`sandbox.image` or `--image`), started at the trial's first command and removed
// when the trial ends. The agent, the shims and the checks' commands all run inside it, by
// `docker exec`, in the trial's workspace (its working directory).
//
// What the container sees: the image, and the trial's folders bound at their host paths (its
// workspace, TMPDIR, HOME and call logs writable; its shims and results folder read-only), so that
// every path in the trial's environment means the same inside. A program the harness names by an
// absolute path outside the system folders (the pinned agent CLI) is bound read-only from the host
// with its package; a bare name (`bash`, `git`) is the image's.
//
// Network: none (`--network none`, its own loopback only). The allowed endpoints (the model API)
// are reached as under bwrap (forward.ts): the container's first process is the forwarder, run by
// the harness's own node bound read-only, listening on 127.0.0.x inside and handing each connection
// to the harness through a unix socket in the bound `net` folder.
//
// Isolation: no capability, no new privileges, the harness's uid, CPU, memory and pid limits. Every
// container and image is labelled with this process's run, so the end of a run (an interrupted one
// too) removes whatever a trial's own clean-up missed.

import { existsSync, mkdirSync, realpathSync } from "node:fs";
import path from "node:path";
import { InfraError, type ContainerLimits, errorMessage } from "../../model/index.js";
import { recordInRun, runId, withCommandWrapper, type WrappedCommand } from "../../util/index.js";
import { programFolders } from "./program-folders.js";
import {
  docker,
  dockerAvailability,
  dockerBin,
  dockerVariables,
  imageAvailability,
  removeContainers,
  removeLabelled,
  storageCopiesUp,
} from "./docker-host.js";
import { bakeTree, bringOut, type LayerPlan } from "./docker-layer.js";
import {
  FORWARDER,
  FORWARDER_READY_ENV,
  routesArg,
  startForwarders,
  type Endpoint,
} from "./forward.js";
import type { ContainerOptions, SandboxProvider, WorkspaceChanges } from "./provider.js";

export const DOCKER_ISOLATION =
  "sandbox: a Docker container per trial from the eval's image (own filesystem, pid, ipc and network namespaces, " +
  "no capabilities, no new privileges; own TMPDIR and HOME; CPU, memory and pid limits). Agents see only the image " +
  "and their workspace, TMPDIR, HOME, shims and results folder, and reach no network but the allowed endpoints, " +
  "forwarded. They can still read the environment variables the run passes in (API keys included) and share the " +
  "host's kernel (a kernel exploit escapes); the Docker daemon itself runs as root.";

/**
 * This process's run (its pid and start time): every container and image it makes carries it, and
 * the run's record names it, so that the next run removes them if this one is SIGKILLed.
 */
const RUN_ID = runId();
export const RUN_LABEL = `agent-evals.run=${RUN_ID}`;
/** Also labelled: the harness's pid, so that a test can find a run's containers from outside. */
export const PID_LABEL = `agent-evals.pid=${process.pid}`;

/** The pid limit where neither the eval nor the CLI gives one: room for an agent, not a fork bomb. */
export const DEFAULT_PIDS = 4096;

/** Where the harness's node (the forwarder) is bound inside. */
const NODE_INSIDE = "/.agent-evals/node";

/** A program in these is the image's own: the host's is never bound over it. */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"];

let containersMade = 0;

/** A new container's name, the run's label written into its record first. */
function nextContainerName(): string {
  recordInRun({ docker: RUN_LABEL });
  return `agent-evals-${RUN_ID}-${++containersMade}`;
}

export const dockerProvider: SandboxProvider = {
  name: "docker",
  ownHome: true,
  strength: 2,
  checksInside: true,
  available: dockerAvailability,
  note: () => DOCKER_ISOLATION,
  checkOptions: (options) => imageAvailability(options.image),
  record: (options) => ({ image: options.image ?? "", ...limitsOf(options) }),
  async prepareTrial(space) {
    // With the tree in the image, the workspace is the container's own layer: the host's folder
    // is not bound, and gets what changed through the outbox (docker-layer.ts).
    const layer: LayerPlan | undefined = space.treeInside
      ? { inside: space.treeInside, host: space.workspace, outbox: path.join(space.root, "out") }
      : undefined;
    if (layer) mkdirSync(layer.outbox, { recursive: true });
    const container = new Container({
      image: imageOf(space.container),
      limits: limitsOf(space.container),
      writable: layer
        ? [...space.writable.filter((p) => p !== space.workspace), layer.outbox]
        : space.writable,
      readable: space.ownReadable,
      netDir: path.join(space.root, "net"),
      allow: space.allow,
      ...(layer ? { layer } : {}),
    });
    return {
      run: (fn) => withCommandWrapper(container.wrap, fn),
      dispose: () => container.dispose(),
      ...(layer ? { changes: () => container.changes() } : {}),
    };
  },
  async prepareEval(input, setup) {
    const images: string[] = [];
    try {
      const base = setup ? await runSetup(input, setup) : undefined;
      if (base) images.push(base);
      const dispose = async () => {
        if (images.length) await docker(["rmi", "--force", ...images]).catch(() => undefined);
      };
      // Another storage driver (vfs, btrfs, zfs) does not copy up: its trials bind a copy.
      if (!(await storageCopiesUp())) {
        return {
          container: base ? { ...input.container, image: base } : input.container,
          dispose,
        };
      }
      // The prepared tree into a layer of its own, at its own path: every trial's container starts
      // with its workspace in its root filesystem (copy-on-write), nothing copied per trial.
      const baked = await bakeTree(
        base ?? imageOf(input.container),
        input.dir,
        nextContainerName(),
        [RUN_LABEL, PID_LABEL],
        NODE_INSIDE,
      );
      images.unshift(baked);
      return { container: { ...input.container, image: baked }, treeInside: input.dir, dispose };
    } catch (error) {
      if (images.length) await docker(["rmi", "--force", ...images]).catch(() => undefined);
      throw error;
    }
  },
  async disposeRun() {
    if (containersMade > 0) await removeLabelled(RUN_LABEL);
  },
};

/** Runs an eval's setup in a container of its image, the tree bound; its other changes, committed. */
async function runSetup(
  input: Parameters<NonNullable<SandboxProvider["prepareEval"]>>[0],
  setup: () => Promise<void>,
): Promise<string | undefined> {
  // Setup's own HOME and TMPDIR, beside the prepared tree: the real ones are not in the image.
  const root = path.dirname(input.dir);
  const home = path.join(root, "setup-home");
  const tmp = path.join(root, "setup-tmp");
  mkdirSync(home, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const container = new Container({
    image: imageOf(input.container),
    limits: limitsOf(input.container),
    writable: [input.dir, home, tmp],
    readable: [],
    netDir: path.join(root, "net"),
    allow: input.allow,
    env: { HOME: home, TMPDIR: tmp },
  });
  try {
    await withCommandWrapper(container.wrap, setup);
    // What setup changed outside the tree (a global install, apt) becomes a layer of its own;
    // the tree itself is bound, so it is not in it (it is baked over it after).
    return container.started ? await container.commit() : undefined;
  } finally {
    await container.dispose();
  }
}

function imageOf(options: ContainerOptions): string {
  // checkOptions saw it before anything ran; this is for a provider used without the engine.
  if (!options.image)
    throw new InfraError("--sandbox docker: no image (--image or sandbox.image)", false);
  return options.image;
}

function limitsOf(options: ContainerOptions): ContainerLimits & { pids: number } {
  return { ...options.limits, pids: options.limits?.pids ?? DEFAULT_PIDS };
}

interface ContainerPlan {
  image: string;
  limits: ContainerLimits & { pids: number };
  /** Bound read-write at their own paths. */
  writable: string[];
  /** Bound read-only at their own paths. */
  readable: string[];
  /** The forwarders' sockets and the ready file. */
  netDir: string;
  allow: Endpoint[];
  /** Set in every command, over its own (setup's HOME). */
  env?: Record<string, string>;
  /** The workspace is the image's prepared tree, in the container's own layer. */
  layer?: LayerPlan;
}

interface Started {
  name: string;
  /** What is bound: a program outside them cannot be brought in any more. */
  bound: string[];
  close: () => Promise<void>;
}

/** One container: started at its first command, with that command's program bound in. */
class Container {
  private starting: Promise<Started> | undefined;
  private readonly name = nextContainerName();
  /** What changes() last found, and whether a command ran since (it may have changed more). */
  private found: WorkspaceChanges = { deleted: [], gone: false };
  private ranSince = false;
  private rounds = 0;

  constructor(private readonly plan: ContainerPlan) {}

  get started(): boolean {
    return this.starting !== undefined;
  }

  readonly wrap = async (
    command: string,
    args: string[],
    cwd: string,
    env: Record<string, string>,
  ): Promise<WrappedCommand> => {
    const program = programOf(command);
    this.ranSince = true;
    this.starting ??= this.start(program.folders);
    const started = await this.starting;
    const missing = program.folders.filter((f) => !started.bound.some((b) => isWithin(f, b)));
    if (missing.length) {
      throw new InfraError(
        `--sandbox docker: ${command} is not in the image, and the container was started for another program; put it in the image`,
        false,
      );
    }
    const bin = await dockerBin();
    const own = this.plan.env ?? {};
    const names = Object.keys(env).filter((name) => !name.startsWith("DOCKER_") && !(name in own));
    return {
      command: bin!,
      args: [
        "exec",
        "--workdir",
        this.insidePath(cwd),
        // By name only: the values reach docker through its environment, never its command line.
        ...names.flatMap((name) => ["--env", name]),
        ...Object.entries(own).flatMap(([name, value]) => ["--env", `${name}=${value}`]),
        started.name,
        program.path,
        ...args.map((arg) => this.insidePath(arg)),
      ],
      env: { ...mapValues(env, (value) => this.insidePath(value)), ...dockerVariables() },
      dispose: async () => {},
    };
  };

  /**
   * A path of the host's workspace, where it is inside (the image's tree); anything else (another
   * path, an argument, a variable's value) is the same. So a hook's CLAUDE_PROJECT_DIR, an agent's
   * `--add-dir` or a check's cwd all name the trial's own workspace.
   */
  private insidePath(p: string): string {
    const layer = this.plan.layer;
    if (!layer || !path.isAbsolute(p) || !isWithin(p, layer.host)) return p;
    return path.join(layer.inside, path.relative(layer.host, p));
  }

  /** What the trial changed in its workspace so far, brought out to the host's folder. */
  async changes(): Promise<WorkspaceChanges> {
    const layer = this.plan.layer!;
    // Nothing ran, or nothing since the last look: the host's folder already says it all.
    if (!this.starting || !this.ranSince) return this.found;
    const started = await this.starting;
    this.ranSince = false;
    // The folder the daemon made for the bound node, as it started the container: its ctime is
    // the start, by the clock every ctime inside is by.
    const made = path.dirname(NODE_INSIDE);
    this.found = await bringOut(started.name, layer, NODE_INSIDE, made, ++this.rounds);
    return this.found;
  }

  async commit(): Promise<string> {
    const started = await this.starting!;
    return docker(["commit", "--pause=true", started.name], 600_000);
  }

  async dispose(): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    const started = await starting.catch(() => undefined);
    // Removed even when it failed to start: `docker run` may have created it.
    await removeContainers([this.name]).catch(() => undefined);
    await started?.close();
  }

  private async start(programFolders: string[]): Promise<Started> {
    const plan = this.plan;
    const routes = await startForwarders(plan.netDir, plan.allow);
    mkdirSync(plan.netDir, { recursive: true });
    const ready = path.join(plan.netDir, `${this.name}.ready`);
    const node = realpathSync(process.execPath);
    const readable = unique([...plan.readable, ...programFolders]).filter(
      (p) => !plan.writable.some((w) => isWithin(p, w)),
    );
    const close = () => Promise.all(routes.map((r) => r.close())).then(() => undefined);
    const args = [
      "run",
      "--detach",
      "--init",
      "--name",
      this.name,
      "--label",
      RUN_LABEL,
      "--label",
      PID_LABEL,
      "--network",
      "none",
      "--cap-drop",
      "ALL",
      "--security-opt",
      "no-new-privileges",
      "--user",
      `${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}`,
      ...limitArgs(plan.limits),
      ...unique([...plan.writable, plan.netDir]).flatMap((p) => ["--mount", bindSpec(p, p, false)]),
      ...readable.flatMap((p) => ["--mount", bindSpec(p, p, true)]),
      "--mount",
      bindSpec(node, NODE_INSIDE, true),
      ...routes.flatMap((r) => (r.name ? ["--add-host", `${r.name}:${r.listenHost}`] : [])),
      ...(routes.some((r) => r.port < 1024)
        ? ["--sysctl", "net.ipv4.ip_unprivileged_port_start=0"]
        : []),
      "--env",
      `${FORWARDER_READY_ENV}=${ready}`,
      "--entrypoint",
      NODE_INSIDE,
      plan.image,
      "-e",
      FORWARDER,
      routesArg(routes),
    ];
    try {
      await docker(args, 120_000);
      await this.waitReady(ready);
    } catch (error) {
      await removeContainers([this.name]).catch(() => undefined);
      await close();
      if (error instanceof InfraError) throw error;
      throw new InfraError(
        `--sandbox docker: could not start the trial's container: ${errorMessage(error)}`,
      );
    }
    return { name: this.name, bound: [...plan.writable, ...readable], close };
  }

  /** Until the forwarder listens; a container that stopped meanwhile says why. */
  private async waitReady(file: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (let round = 0; !existsSync(file); round++) {
      if (Date.now() > deadline)
        throw new InfraError("--sandbox docker: the container's forwarder did not start in 60 s");
      if (round % 50 === 49) {
        const running = await docker(["inspect", "--format", "{{.State.Running}}", this.name]);
        if (running !== "true") {
          const logs = await docker(["logs", "--tail", "20", this.name]).catch(() => "");
          throw new InfraError(
            `--sandbox docker: the container stopped before its agent started (the image needs a glibc for the harness's node): ${logs}`,
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

function limitArgs(limits: ContainerLimits & { pids: number }): string[] {
  return [
    ...(limits.cpus !== undefined ? ["--cpus", String(limits.cpus)] : []),
    // No swap beyond the memory limit: a trial that needs more fails the same way every time.
    ...(limits.memory !== undefined
      ? ["--memory", limits.memory, "--memory-swap", limits.memory]
      : []),
    "--pids-limit",
    String(limits.pids),
  ];
}

/** `--mount` takes CSV: a field with a comma or a quote is quoted, its quotes doubled. */
function bindSpec(source: string, target: string, readonly: boolean): string {
  const field = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return [
    "type=bind",
    field(`source=${source}`),
    field(`target=${target}`),
    ...(readonly ? ["readonly"] : []),
  ].join(",");
}

/**
 * How a command runs inside: a bare name or a system program is the image's; any other absolute
 * path (the pinned agent CLI) is the host's, by its real path, with the folders it runs from.
 */
function programOf(command: string): { path: string; folders: string[] } {
  if (!path.isAbsolute(command) || SYSTEM_DIRS.some((dir) => isWithin(command, dir)))
    return { path: command, folders: [] };
  let real: string;
  try {
    real = realpathSync(command);
  } catch {
    return { path: command, folders: [] };
  }
  return { path: real, folders: programFolders(real) };
}

function isWithin(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

function mapValues(
  record: Record<string, string>,
  fn: (value: string) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
