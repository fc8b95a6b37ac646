import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cgroupHome, NO_CGROUP_ENV, removeIdleCgroups } from "../src/util/cgroup.js";
import {
  activeGroups,
  killEscapees,
  pidClock,
  PROCESS_MARKER_ENV,
  readTail,
  runProcess,
  type ProcessResult,
  type RunProcessOptions,
} from "../src/util/process.js";
import {
  eventually,
  hopCount,
  leftovers,
  PID_HOPPER,
  stillHopping,
  stopHoppers,
} from "./helpers/procs.js";

const PATH = process.env.PATH ?? "/usr/bin:/bin";
const MARKER = (cap: number) => `\n[agent-evals: output cut at ${cap} bytes]\n`;

let dir: string;
/** pids the tests started indirectly; killed afterwards so a failing test leaks nothing. */
let spawnedPids: number[];

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "agent-evals-process-")));
  spawnedPids = [];
});

afterEach(async () => {
  for (const pid of spawnedPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone: the expected case
    }
  }
  await rm(dir, { recursive: true, force: true });
});

function options(overrides: Partial<RunProcessOptions>): RunProcessOptions {
  return {
    command: "bash",
    args: [],
    cwd: dir,
    env: { PATH },
    timeoutMs: 10_000,
    stdoutFile: join(dir, "stdout.txt"),
    stderrFile: join(dir, "stderr.txt"),
    killGraceMs: 300,
    ...overrides,
  };
}

function bash(script: string, overrides: Partial<RunProcessOptions> = {}): Promise<ProcessResult> {
  return runProcess(options({ command: "bash", args: ["-c", script], ...overrides }));
}

const read = (name: string) => readFile(join(dir, name), "utf8");

/** Alive means signalable and not a zombie (an orphan zombie waits for a possibly lazy init). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw err;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false; // vanished between the two looks
  }
}

async function waitUntilDead(pid: number, withinMs = 2000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

async function readPidFile(name: string, withinMs = 5000): Promise<number> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const text = await read(name).catch(() => "");
    if (text.endsWith("\n")) {
      const pid = Number(text.trim());
      spawnedPids.push(pid);
      return pid;
    }
    await sleep(20);
  }
  throw new Error(`${name} never appeared`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("runProcess", () => {
  it("captures exit code, stdout and stderr, and honours env and cwd", async () => {
    const result = await bash(
      'echo "$GREETING"; pwd; echo "${HOME-no home}"; echo oops >&2; exit 3',
      {
        env: { PATH, GREETING: "hello world" },
      },
    );
    expect(result).toMatchObject({
      exitCode: 3,
      signal: null,
      timedOut: false,
      aborted: false,
      stdoutTruncated: false,
      stderrTruncated: false,
    });
    expect(result.spawnError).toBeUndefined();
    // The env is exactly the one given: HOME is not inherited from ours.
    expect(await read("stdout.txt")).toBe(`hello world\n${dir}\nno home\n`);
    expect(await read("stderr.txt")).toBe("oops\n");
    expect(result.stdoutBytes).toBe(Buffer.byteLength(`hello world\n${dir}\nno home\n`));
    expect(result.stderrBytes).toBe(5);
  });

  it("passes arguments verbatim, without a shell", async () => {
    const args = ["%s|", "a b", "$HOME; echo pwned", "`id`", "*"];
    const result = await runProcess(options({ command: "printf", args }));
    expect(result.exitCode).toBe(0);
    expect(await read("stdout.txt")).toBe("a b|$HOME; echo pwned|`id`|*|");
  });

  it("creates both output files even when the child writes nothing", async () => {
    await bash("exit 0");
    expect(await read("stdout.txt")).toBe("");
    expect(await read("stderr.txt")).toBe("");
  });

  it("with skipEmptyFiles, a stream the child wrote nothing to leaves no file, not even an old one", async () => {
    writeFileSync(join(dir, "stdout.txt"), "from an earlier run\n");
    const quiet = await bash("exit 0", { skipEmptyFiles: true });
    expect([quiet.stdoutWritten, quiet.stderrWritten]).toEqual([false, false]);
    expect(existsSync(join(dir, "stdout.txt"))).toBe(false);
    expect(existsSync(join(dir, "stderr.txt"))).toBe(false);

    const loud = await bash("echo only-err >&2", { skipEmptyFiles: true });
    expect([loud.stdoutWritten, loud.stderrWritten]).toEqual([false, true]);
    expect(existsSync(join(dir, "stdout.txt"))).toBe(false);
    expect(await read("stderr.txt")).toBe("only-err\n");
  });

  it("with skipEmptyFiles, still caps a stream and marks the cut", async () => {
    const cap = 1024;
    const result = await runProcess(
      options({
        command: "head",
        args: ["-c", "100000", "/dev/zero"],
        maxOutputBytes: cap,
        skipEmptyFiles: true,
      }),
    );
    expect(result.stdoutTruncated).toBe(true);
    expect((await stat(join(dir, "stdout.txt"))).size).toBe(cap + MARKER(cap).length);
  });

  it("closes stdin: cat exits at once with no output", async () => {
    const result = await runProcess(options({ command: "cat", args: [], timeoutMs: 5000 }));
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    expect(result.durationMs).toBeLessThan(2000);
    expect(await read("stdout.txt")).toBe("");
  });

  it("at the timeout kills the whole group, even a child that ignores SIGTERM", async () => {
    const started = Date.now();
    const result = await bash("sleep 300 & echo $! > grandchild.pid; trap '' TERM; sleep 300", {
      timeoutMs: 500,
      killGraceMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(result.aborted).toBe(false);
    // bash ignored SIGTERM, so only the SIGKILL after the grace could end it.
    expect(result.exitCode).toBeNull();
    expect(result.signal).toBe("SIGKILL");
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(Date.now() - started).toBeLessThan(5000);
    const grandchild = await readPidFile("grandchild.pid");
    expect(await waitUntilDead(grandchild)).toBe(true);
    expect(activeGroups()).toEqual([]);
  });

  it("kills background processes a successful child left behind", async () => {
    const started = Date.now();
    const result = await bash("sleep 300 & echo $! > sleeper.pid; echo done; exit 0");
    expect(result.exitCode).toBe(0);
    expect(result.timedOut).toBe(false);
    // The sleeper held stdout open; resolving quickly means the group kill closed it.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await read("stdout.txt")).toBe("done\n");
    const sleeper = await readPidFile("sleeper.pid");
    expect(await waitUntilDead(sleeper)).toBe(true);
  });

  it("does not hang on a grandchild that left the group and holds the pipe", async () => {
    const started = Date.now();
    // Wait until the grandchild really is in its own session before the child exits.
    const result = await bash(
      "setsid bash -c 'echo $$ > escaped.pid; exec sleep 300' & " +
        "until [ -s escaped.pid ]; do sleep 0.02; done; echo done",
    );
    const escaped = await readPidFile("escaped.pid");
    expect(result.exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await read("stdout.txt")).toBe("done\n");
    // Out of the group's reach, but it still carries the run's marker in its environment.
    expect(await waitUntilDead(escaped)).toBe(true);
  });

  it("caps each output file and still counts every byte", async () => {
    const cap = 64 * 1024;
    const total = 5 * 1024 * 1024;
    const result = await runProcess(
      options({ command: "head", args: ["-c", String(total), "/dev/zero"], maxOutputBytes: cap }),
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdoutTruncated).toBe(true);
    expect(result.stderrTruncated).toBe(false);
    expect(result.stdoutBytes).toBe(total);
    const { size } = await stat(join(dir, "stdout.txt"));
    expect(size).toBe(cap + MARKER(cap).length);
    const content = await readFile(join(dir, "stdout.txt"));
    expect(content.subarray(cap).toString()).toBe(MARKER(cap));
    expect(content.subarray(0, cap).every((byte) => byte === 0)).toBe(true);
  });

  it("reports a missing binary as a spawn error", async () => {
    const result = await runProcess(options({ command: "agent-evals-no-such-binary", args: [] }));
    expect(result.exitCode).toBeNull();
    expect(result.spawnError).toMatch(/ENOENT/);
    expect(result.spawnError).toContain("agent-evals-no-such-binary");
    expect(await read("stdout.txt")).toBe("");
    expect(activeGroups()).toEqual([]);
  });

  it("reports a missing working directory as such, not as a missing binary", async () => {
    const result = await bash("true", { cwd: join(dir, "nope") });
    expect(result.spawnError).toMatch(/working directory/);
  });

  it("on abort kills the group and says so", async () => {
    const controller = new AbortController();
    const running = bash("echo $$ > leader.pid; sleep 300 & echo $! > grandchild.pid; sleep 300", {
      signal: controller.signal,
    });
    const leader = await readPidFile("leader.pid");
    const grandchild = await readPidFile("grandchild.pid");
    expect(activeGroups()).toContain(leader);
    controller.abort();
    const result = await running;
    expect(result.aborted).toBe(true);
    expect(result.timedOut).toBe(false);
    expect(result.signal).toBe("SIGTERM");
    expect(result.durationMs).toBeLessThan(5000);
    expect(await waitUntilDead(leader)).toBe(true);
    expect(await waitUntilDead(grandchild)).toBe(true);
    expect(activeGroups()).not.toContain(leader);
  });

  it("does not start at all when already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await bash("echo ran > ran.txt", { signal: controller.signal });
    expect(result.aborted).toBe(true);
    expect(result.exitCode).toBeNull();
    await expect(read("ran.txt")).rejects.toThrow(/ENOENT/);
    expect(await read("stdout.txt")).toBe("");
  });

  it("hands every stdout byte to onStdout, past the cap too", async () => {
    const chunks: Buffer[] = [];
    const total = 300_000;
    const result = await runProcess(
      options({
        command: "head",
        args: ["-c", String(total), "/dev/urandom"],
        maxOutputBytes: 1024,
        onStdout: (chunk) => chunks.push(chunk),
      }),
    );
    const received = Buffer.concat(chunks);
    expect(received.length).toBe(total);
    expect(result.stdoutBytes).toBe(total);
    const kept = await readFile(join(dir, "stdout.txt"));
    expect(kept.subarray(0, 1024).equals(received.subarray(0, 1024))).toBe(true);
  });

  it("rejects after cleanup when onStdout throws", async () => {
    const run = bash("echo hi", {
      onStdout: () => {
        throw new Error("parser broke");
      },
    });
    await expect(run).rejects.toThrow("parser broke");
  });

  it("passes extraFdFiles as fd 3, 4, ...", async () => {
    const result = await bash("echo hi >&3; echo there >&4", {
      extraFdFiles: [join(dir, "fd3.txt"), join(dir, "fd4.txt")],
    });
    expect(result.exitCode).toBe(0);
    expect(await read("fd3.txt")).toBe("hi\n");
    expect(await read("fd4.txt")).toBe("there\n");
  });
});

const hopLog = () => join(dir, "hops");

/** This process's cgroup v2 path ("0::" line of /proc/self/cgroup), if it has one. */
function ownCgroup(pid: number | "self" = "self"): string | undefined {
  return readFileSync(`/proc/${pid}/cgroup`, "utf8")
    .split("\n")
    .find((line) => line.startsWith("0::"))
    ?.slice(3);
}

describe("killEscapees (the marker scan: the only one where no cgroup is usable)", () => {
  it("kills pid hoppers (setsid, fork and exit in a loop) with every generation: 0 survivors", async () => {
    const marker = randomUUID();
    await writeFile(join(dir, "hop.sh"), PID_HOPPER);
    for (let i = 0; i < 3; i++) {
      spawn("bash", [join(dir, "hop.sh")], {
        env: { PATH, HOPS: hopLog(), [PROCESS_MARKER_ENV]: marker },
        detached: true,
        stdio: "ignore",
      }).unref();
    }
    try {
      expect(
        await eventually(
          () => hopCount(hopLog()),
          (n) => n >= 30,
          200,
        ),
      ).toBeGreaterThanOrEqual(30);
      await killEscapees(marker);
      expect(await stillHopping(hopLog())).toBe(false);
      expect(await leftovers(`${PROCESS_MARKER_ENV}=${marker}`)).toEqual([]);
    } finally {
      await stopHoppers(hopLog());
    }
  });
});

describe("killEscapees after a pid clock (only processes started since are read)", () => {
  const sleeper = (marker: string) => {
    const child = spawn("sleep", ["30"], {
      env: { PATH, [PROCESS_MARKER_ENV]: marker },
      detached: true,
      stdio: "ignore",
    });
    child.unref();
    return child.pid!;
  };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return !/^\S+ \S+ Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      return false;
    }
  };

  it("kills a marked process started after the clock, and hoppers started after it: 0 survivors", async () => {
    const marker = randomUUID();
    const since = pidClock();
    expect(since).toBeDefined();
    const late = sleeper(marker);
    await writeFile(join(dir, "hop.sh"), PID_HOPPER);
    spawn("bash", [join(dir, "hop.sh")], {
      env: { PATH, HOPS: hopLog(), [PROCESS_MARKER_ENV]: marker },
      detached: true,
      stdio: "ignore",
    }).unref();
    try {
      await eventually(
        () => hopCount(hopLog()),
        (n) => n >= 10,
        200,
      );
      expect(await killEscapees(marker, since)).toContain(late);
      expect(await stillHopping(hopLog())).toBe(false);
      expect(await leftovers(`${PROCESS_MARKER_ENV}=${marker}`)).toEqual([]);
    } finally {
      await stopHoppers(hopLog());
    }
  });

  it("leaves a marked process that was running before the clock (it cannot be a descendant)", async () => {
    const marker = randomUUID();
    const early = sleeper(marker);
    try {
      const since = pidClock();
      expect(await killEscapees(marker, since)).toEqual([]);
      expect(alive(early)).toBe(true);
      // Without the clock the whole machine is scanned, and it is found.
      expect(await killEscapees(marker)).toEqual([early]);
    } finally {
      try {
        process.kill(early, "SIGKILL");
      } catch {
        // gone
      }
    }
  });
});

describe.each([
  { mode: "its own cgroup where usable", noCgroup: false },
  { mode: `the marker scan only (${NO_CGROUP_ENV}=1)`, noCgroup: true },
])("runProcess cleaning up with $mode", ({ noCgroup }) => {
  beforeEach(() => {
    if (noCgroup) process.env[NO_CGROUP_ENV] = "1";
  });
  afterEach(() => {
    delete process.env[NO_CGROUP_ENV];
  });

  it("kills the pid hoppers a child left behind: 0 survivors", async () => {
    const ours = ownCgroup();
    await writeFile(join(dir, "hop.sh"), PID_HOPPER);
    const result = await bash(
      "cat /proc/self/cgroup > cgroup.txt; " +
        "for i in 1 2 3; do bash hop.sh & done; " +
        'until [ "$(wc -l < hops)" -ge 30 ]; do sleep 0.02; done',
      { env: { PATH, HOPS: hopLog() } },
    );
    expect(result.exitCode).toBe(0);
    try {
      expect(await stillHopping(hopLog())).toBe(false);
    } finally {
      await stopHoppers(hopLog());
    }
    // Where a cgroup is usable the child ran in one of its own, removed afterwards.
    const home = cgroupHome();
    const childCgroup = (await read("cgroup.txt")).match(/^0::(.*)$/m)?.[1];
    if (home && !noCgroup) {
      expect(childCgroup).toMatch(new RegExp(`/agent-evals-${process.pid}-\\d+-\\d+$`));
      // Emptied, and kept for the next program until removeIdleCgroups (at exit).
      const folder = join(home, childCgroup!.split("/").at(-1)!);
      expect(readFileSync(join(folder, "cgroup.events"), "utf8")).toMatch(/^populated 0$/m);
      removeIdleCgroups();
      expect(existsSync(folder)).toBe(false);
    } else {
      expect(childCgroup).toBe(ours);
    }
    // Having been in the child's cgroup while starting it, this process is back in its own.
    expect(ownCgroup()).toBe(ours);
  });
});

describe("cgroups reused", () => {
  it.skipIf(!cgroupHome())(
    "the next program starts in the emptied cgroup of the last one, nothing left in it",
    async () => {
      removeIdleCgroups();
      const cgroupOf = async (name: string) => {
        const result = await bash(`cat /proc/self/cgroup > ${name}; sleep 5 & sleep 5 &`);
        expect(result.exitCode).toBe(0);
        return (await read(name)).match(/^0::(.*)$/m)?.[1];
      };
      const first = await cgroupOf("first.txt");
      const second = await cgroupOf("second.txt");
      expect(first).toMatch(new RegExp(`/agent-evals-${process.pid}-\\d+-\\d+$`));
      expect(second).toBe(first);
      // Its background sleeps were killed with it: empty again, and removed on request.
      const folder = join(cgroupHome()!, first!.split("/").at(-1)!);
      expect(readFileSync(join(folder, "cgroup.events"), "utf8")).toMatch(/^populated 0$/m);
      removeIdleCgroups();
      expect(existsSync(folder)).toBe(false);
    },
  );
});

describe("cgroupHome", () => {
  it("agrees with a plain probe: a cgroup v2 folder of ours where a child cgroup with cgroup.kill can be made and entered", () => {
    const own = ownCgroup();
    const mounts = readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .filter((line) => line.includes(" - cgroup2 "))
      .map((line) => line.split(" ")[4]!);
    const usable = mounts.find((mount) => {
      const home = resolve(mount, `.${own ?? "/"}`);
      const probe = join(home, `probe-${randomUUID()}`);
      try {
        mkdirSync(probe);
      } catch {
        return false;
      }
      try {
        writeFileSync(join(probe, "cgroup.procs"), "0");
        writeFileSync(join(home, "cgroup.procs"), "0");
        return existsSync(join(probe, "cgroup.kill"));
      } catch {
        return false;
      } finally {
        rmdirSync(probe);
      }
    });
    expect(cgroupHome()).toBe(usable ? resolve(usable, `.${own!}`) : undefined);
  });
});

describe("readTail", () => {
  const lines = Array.from({ length: 1000 }, (_, i) => `line ${i + 1}`);

  it("returns the last N lines", async () => {
    const file = join(dir, "log.txt");
    await writeFile(file, lines.join("\n") + "\n");
    expect(await readTail(file, 3)).toBe("line 998\nline 999\nline 1000");
    await writeFile(file, lines.slice(0, 2).join("\n"));
    expect(await readTail(file, 5)).toBe("line 1\nline 2");
  });

  it("reads only the end of the file, dropping a partial first line", async () => {
    const file = join(dir, "log.txt");
    await writeFile(file, lines.join("\n") + "\n");
    // The last 18 bytes are "ine 999\nline 1000\n": the cut line 999 is left out.
    expect(await readTail(file, 100, 18)).toBe("line 1000");
    // A window starting exactly at a line start keeps that line.
    expect(await readTail(file, 100, "line 999\nline 1000\n".length)).toBe("line 999\nline 1000");
  });

  it("returns an empty string for a missing file or zero lines", async () => {
    expect(await readTail(join(dir, "missing.txt"), 5)).toBe("");
    const file = join(dir, "log.txt");
    await writeFile(file, "a\nb\n");
    expect(await readTail(file, 0)).toBe("");
  });
});
