// The Docker client on this machine: where it is, whether its daemon answers, whether an image is
// there, and the few commands the docker provider runs outside a trial (create, commit, remove).
// Always by absolute path and argument vector: no shell, so no name from an eval is ever parsed.

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { findOnPath } from "../../util/index.js";
import type { Availability } from "./provider.js";

const run = promisify(execFile);

/** The harness's own DOCKER_HOST, DOCKER_CONFIG …: how its docker client finds the daemon. */
export function dockerVariables(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key.startsWith("DOCKER_")) env[key] = value;
  return env;
}

/** What every provider-level docker command gets: PATH, HOME and the DOCKER_ variables. */
function dockerEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    ...dockerVariables(),
  };
}

export class DockerCommandError extends Error {
  constructor(
    readonly args: string[],
    readonly stderr: string,
  ) {
    super(`docker ${args[0]} failed: ${stderr.trim().split("\n")[0] ?? ""}`);
  }
}

/** Runs `docker ARGS…` and returns its stdout, trimmed; DockerCommandError with its stderr if it fails. */
export async function docker(args: string[], timeoutMs = 120_000): Promise<string> {
  const bin = await dockerBin();
  if (!bin) throw new DockerCommandError(args, "docker is not installed");
  try {
    const { stdout } = await run(bin, args, {
      env: dockerEnv(),
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.trim();
  } catch (error) {
    const { stderr, message } = error as Error & { stderr?: string };
    throw new DockerCommandError(args, stderr || message);
  }
}

let bin: Promise<string | undefined> | undefined;

/** The docker client, by absolute path (a shim named `docker` on a trial's PATH is not it). */
export function dockerBin(): Promise<string | undefined> {
  bin ??= findOnPath("docker", process.env.PATH ?? "/usr/bin:/bin");
  return bin;
}

let daemon: Promise<Availability> | undefined;

const NOT_INSTALLED_FIX =
  "install Docker (Debian/Ubuntu: apt-get install docker.io; elsewhere https://docs.docker.com/engine/install/) and start its daemon, or choose another sandbox";

/** Whether the client is installed and its daemon answers; probed once per process. */
export function dockerAvailability(): Promise<Availability> {
  daemon ??= probeDaemon();
  return daemon;
}

async function probeDaemon(): Promise<Availability> {
  if (!(await dockerBin()))
    return { ok: false, reason: "docker is not installed", fix: NOT_INSTALLED_FIX };
  try {
    await docker(["version", "--format", "{{.Server.Version}}"], 20_000);
    return { ok: true };
  } catch (error) {
    const why = (error as DockerCommandError).stderr?.trim().split("\n")[0] ?? String(error);
    return {
      ok: false,
      reason: `the Docker daemon is not reachable (${why})`,
      fix: "start it (systemctl start docker, or dockerd in the background), check DOCKER_HOST, and that your user may use its socket (the docker group)",
    };
  }
}

/** Whether `image` is on this machine: nothing is pulled (a registry may not be reachable). */
export async function imageAvailability(image: string | undefined): Promise<Availability> {
  if (!image) {
    return {
      ok: false,
      reason: "no image to run the trials in",
      fix: "name a local image with --image, the Action's image input, or the eval's sandbox.image",
    };
  }
  try {
    await docker(["image", "inspect", "--format", "{{.Id}}", image], 20_000);
    return { ok: true };
  } catch (error) {
    const stderr = (error as DockerCommandError).stderr ?? "";
    if (/no such image/i.test(stderr)) {
      return {
        ok: false,
        reason: `image ${JSON.stringify(image)} does not exist on this machine`,
        fix: `build, load or pull it first (docker build -t ${image} ., docker load -i image.tar, docker pull ${image}), or name another image`,
      };
    }
    return {
      ok: false,
      reason: `cannot inspect image ${JSON.stringify(image)}: ${stderr.trim().split("\n")[0]}`,
      fix: "check that the Docker daemon is running",
    };
  }
}

/** Removes containers (and their anonymous volumes) by id or name; gone already is fine. */
export async function removeContainers(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await docker(["rm", "--force", "--volumes", ...ids], 60_000);
  } catch (error) {
    if (!/no such container/i.test((error as DockerCommandError).stderr ?? "")) throw error;
  }
}

/** Every container and image carrying `label` (key=value), removed. */
export async function removeLabelled(label: string): Promise<void> {
  const containers = await docker(["ps", "--all", "--quiet", "--filter", `label=${label}`]);
  await removeContainers(containers.split("\n").filter(Boolean));
  const images = await docker(["images", "--quiet", "--filter", `label=${label}`]);
  const ids = [...new Set(images.split("\n").filter(Boolean))];
  if (ids.length) await docker(["rmi", "--force", ...ids]).catch(() => undefined);
}

/** Storage drivers that copy an entry up (with its folders) before changing it: overlayfs's rule. */
const COPY_UP_DRIVERS = new Set(["overlay2", "overlay", "overlayfs", "fuse-overlayfs"]);

let copyUp: Promise<boolean> | undefined;

/**
 * Whether the daemon's containers are overlays over their image (overlay2, the containerd
 * overlayfs snapshotter, fuse-overlayfs), which a workspace kept in the image relies on; probed
 * once per process.
 */
export function storageCopiesUp(): Promise<boolean> {
  copyUp ??= docker(["info", "--format", "{{.Driver}}"], 20_000).then(
    (driver) => COPY_UP_DRIVERS.has(driver.trim()),
    () => false,
  );
  return copyUp;
}
