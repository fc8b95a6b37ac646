// A Docker image for the tests, built here with `docker import` from files on this machine (no
// registry is reachable): bash, coreutils, git and node with their libraries (from ldd), at their
// host paths, plus an /etc/passwd naming the test's user. Built once per content: the tag is a hash
// of every file's path, size and mtime, so an unchanged machine reuses the image between runs.

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { heavyOnly } from "./tier.js";

const run = promisify(execFile);

/** The programs the image holds (found on PATH), and the folders it holds whole. */
const PROGRAMS = [
  "bash",
  "sh",
  "env",
  "cat",
  "ls",
  "mkdir",
  "mkfifo",
  "rm",
  "rmdir",
  "cp",
  "mv",
  "ln",
  "echo",
  "printf",
  "sleep",
  "touch",
  "head",
  "tail",
  "grep",
  "sed",
  "wc",
  "sort",
  "uniq",
  "tr",
  "cut",
  "tee",
  "dirname",
  "basename",
  "readlink",
  "realpath",
  "chmod",
  "id",
  "test",
  "true",
  "false",
  "uname",
  "find",
  "xargs",
  "diff",
  "mktemp",
  "date",
  "pwd",
  "stat",
  "which",
  "ps",
  "kill",
  "git",
  "node",
];
const FOLDERS = ["/usr/lib/git-core", "/usr/share/git-core"];
const REPOSITORY = "agent-evals-test-rootfs";

/** Why docker cannot be used for these tests, or undefined when its daemon answers. */
export async function dockerProblem(): Promise<string | undefined> {
  heavyOnly("Docker");
  try {
    await run("docker", ["version", "--format", "{{.Server.Version}}"], { timeout: 20_000 });
    return undefined;
  } catch (error) {
    const { stderr, message } = error as Error & { stderr?: string };
    return `the Docker daemon is not reachable: ${(stderr || message).trim()} (scripts/install-test-tools.sh installs and starts it)`;
  }
}

let built: Promise<string> | undefined;

/** The test image's name:tag, built (once per process, once per content) if missing. */
export function testImage(): Promise<string> {
  heavyOnly("Docker");
  built ??= buildTestImage();
  return built;
}

async function buildTestImage(): Promise<string> {
  const files = await rootfsFiles();
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const hash = createHash("sha256").update(`${uid}:${gid}\n`);
  for (const file of files) {
    const st = fs.lstatSync(file);
    hash.update(`${file}\0${st.size}\0${st.mtimeMs}\n`);
  }
  const image = `${REPOSITORY}:${hash.digest("hex").slice(0, 16)}`;
  const present = await run("docker", ["image", "inspect", image]).then(
    () => true,
    () => false,
  );
  if (present) return image;

  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "ae-rootfs-"));
  try {
    const list = path.join(stage, "files");
    fs.writeFileSync(list, `${files.map((f) => f.slice(1)).join("\n")}\n`);
    const extra = path.join(stage, "extra");
    fs.mkdirSync(path.join(extra, "etc"), { recursive: true });
    fs.mkdirSync(path.join(extra, "tmp"), { mode: 0o1777 });
    fs.chmodSync(path.join(extra, "tmp"), 0o1777);
    const users =
      uid === 0
        ? [[0, 0, "root"]]
        : [
            [0, 0, "root"],
            [uid, gid, "tester"],
          ];
    fs.writeFileSync(
      path.join(extra, "etc", "passwd"),
      users.map(([u, g, n]) => `${n}:x:${u}:${g}:${n}:/tmp:/bin/bash\n`).join(""),
    );
    fs.writeFileSync(
      path.join(extra, "etc", "group"),
      users.map(([, g, n]) => `${n}:x:${g}:\n`).join(""),
    );
    const tar = path.join(stage, "rootfs.tar");
    await run("tar", ["-cf", tar, "-C", "/", "--no-recursion", "-T", list]);
    await run("tar", ["-rf", tar, "-C", extra, "etc/passwd", "etc/group", "tmp"]);
    await run("docker", ["import", tar, image], { timeout: 300_000 });
    return image;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Every path the image needs: each program, its libraries, the folders, the links to them. */
async function rootfsFiles(): Promise<string[]> {
  const out = new Set<string>();
  const programs = PROGRAMS.map((name) => onPath(name)).filter((p): p is string => Boolean(p));
  // All of glibc, as any Debian-based image has it (a pinned agent CLI needs librt and the like).
  const libc = await run("dpkg", ["-L", "libc6"]).then(
    ({ stdout }) => stdout.split("\n").filter((p) => p.startsWith("/") && isFile(p)),
    () => [] as string[],
  );
  const folderFiles = [...FOLDERS.flatMap((dir) => walk(dir)), ...libc];
  const executables = [...programs, ...folderFiles.filter(isElf)];
  for (const file of [...programs, ...folderFiles]) addPath(file, out);
  for (const lib of await librariesOf(executables)) addPath(lib, out);
  // The top-level links of a merged /usr (/bin -> usr/bin …).
  for (const name of fs.readdirSync("/")) {
    const p = `/${name}`;
    if (fs.lstatSync(p).isSymbolicLink()) out.add(p);
  }
  return [...out].sort();
}

/** The path and, through each link on the way, what it points at, with parent folders canonical. */
function addPath(p: string, out: Set<string>, depth = 0): void {
  if (depth > 20) return;
  const canonical = path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
  if (out.has(canonical)) return;
  let st: fs.Stats;
  try {
    st = fs.lstatSync(canonical);
  } catch {
    return;
  }
  if (st.isDirectory()) return;
  out.add(canonical);
  if (st.isSymbolicLink()) {
    addPath(path.resolve(path.dirname(canonical), fs.readlinkSync(canonical)), out, depth + 1);
  }
}

async function librariesOf(files: string[]): Promise<string[]> {
  const libs = new Set<string>();
  for (let i = 0; i < files.length; i += 50) {
    const { stdout } = await run("ldd", files.slice(i, i + 50)).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
    );
    for (const match of stdout.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)) libs.add(match[1]!);
  }
  return [...libs];
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(p) : [p];
  });
}

function isFile(p: string): boolean {
  try {
    return !fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isElf(file: string): boolean {
  try {
    const fd = fs.openSync(file, "r");
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    fs.closeSync(fd);
    return head.toString("latin1") === "\x7fELF";
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of ["/usr/local/bin", "/usr/bin", "/bin"]) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) return p;
  }
  return undefined;
}
