import { execFile } from "node:child_process";
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { changedFiles, manifest } from "../src/run/workspace/changes.js";
import { fillWorkspace } from "../src/run/workspace/fill.js";
import { makeTempDir, TreeError } from "../src/run/workspace/io.js";
import { removeTree, removeTreeOffThread } from "../src/run/workspace/remove.js";
import { repoFiles } from "../src/run/workspace/repo-files.js";
import { copyTree } from "../src/run/workspace/tree.js";

const execFileAsync = promisify(execFile);
const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const isRoot = process.getuid?.() === 0;

/**
 * removeTree(dir) in a Node run as root without any capability (setpriv clears the bounding set):
 * permission bits then hold for it as for an ordinary user, and it still owns the run's files.
 */
async function removeTreeWithoutCapabilities(
  dir: string,
  remover: "removeTree" | "removeTreeOffThread" = "removeTree",
): Promise<void> {
  const remove = pathToFileURL(join(REPO, "src/run/workspace/remove.ts")).href;
  const loader = pathToFileURL(join(REPO, "node_modules/tsx/dist/loader.mjs")).href;
  await execFileAsync("setpriv", [
    "--bounding-set=-all",
    "--inh-caps=-all",
    process.execPath,
    "--import",
    loader,
    "--input-type=module",
    "-e",
    `const { ${remover} } = await import(${JSON.stringify(remove)}); await ${remover}(process.argv[1]);`,
    dir,
  ]);
}

const tempDirs: string[] = [];

async function tempDir(label = "test"): Promise<string> {
  const dir = await makeTempDir(label);
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(tempDirs.splice(0).map(removeTree));
});

/** Write `files` (relative path → content) under `root`, creating parent folders. */
async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

/** Every non-folder entry under `root`, relative and sorted: what a sandbox ended up holding. */
async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
  };
  delete env.GIT_DIR;
  delete env.GIT_WORK_TREE;
  delete env.GIT_INDEX_FILE;
  const { stdout } = await execFileAsync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args],
    { cwd, env },
  );
  return stdout;
}

const mode = async (p: string): Promise<number> => (await stat(p)).mode & 0o777;

describe("fillWorkspace: template", () => {
  it("reproduces content, nested folders, modes and internal symlinks", async () => {
    const template = await tempDir("template");
    await writeFiles(template, {
      "README.md": "# hello\n",
      "nested/deep/data.json": '{"a":1}\n',
      "bin/run.sh": "#!/bin/sh\necho hi\n",
      "secret.txt": "private\n",
    });
    await chmod(join(template, "bin/run.sh"), 0o755);
    await chmod(join(template, "secret.txt"), 0o600);
    await symlink("nested/deep/data.json", join(template, "data-link.json"));
    await symlink("../nested", join(template, "bin/nested-dir"));
    // An absolute link into the template must point into the copy, not back at the template.
    await symlink(join(template, "README.md"), join(template, "abs-readme"));

    const dest = await tempDir("dest");
    await fillWorkspace({ kind: "template", dir: template }, dest);

    expect(await listTree(dest)).toEqual([
      "README.md",
      "abs-readme",
      "bin/nested-dir",
      "bin/run.sh",
      "data-link.json",
      "nested/deep/data.json",
      "secret.txt",
    ]);
    expect(await readFile(join(dest, "nested/deep/data.json"), "utf8")).toBe('{"a":1}\n');
    expect(await mode(join(dest, "bin/run.sh"))).toBe(0o755);
    expect(await mode(join(dest, "secret.txt"))).toBe(0o600);
    const { stdout } = await execFileAsync(join(dest, "bin/run.sh"));
    expect(stdout).toBe("hi\n");

    expect((await lstat(join(dest, "data-link.json"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(dest, "data-link.json"))).toBe("nested/deep/data.json");
    expect(await readFile(join(dest, "data-link.json"), "utf8")).toBe('{"a":1}\n');
    expect((await lstat(join(dest, "bin/nested-dir"))).isSymbolicLink()).toBe(true);
    expect(await readdir(join(dest, "bin/nested-dir"))).toEqual(["deep"]);
    expect(await readlink(join(dest, "abs-readme"))).toBe("README.md");
  });

  it("refuses a symlink to /etc/passwd and copies nothing", async () => {
    const template = await tempDir("template");
    await writeFiles(template, { "a.txt": "a", "sub/b.txt": "b" });
    await symlink("/etc/passwd", join(template, "sub/passwd"));
    const dest = await tempDir("dest");

    const fill = fillWorkspace({ kind: "template", dir: template }, dest);
    await expect(fill).rejects.toThrow(TreeError);
    await expect(fill).rejects.toThrow(/sub\/passwd -> \/etc\/passwd/);
    expect(await readdir(dest)).toEqual([]);
  });

  it("refuses a relative symlink that climbs out of the template", async () => {
    const parent = await tempDir("parent");
    const template = join(parent, "template");
    await writeFiles(parent, { "outside.txt": "outside", "template/a.txt": "a" });
    await symlink("../outside.txt", join(template, "escape"));
    const dest = await tempDir("dest");

    const fill = fillWorkspace({ kind: "template", dir: template }, dest);
    await expect(fill).rejects.toThrow(TreeError);
    await expect(fill).rejects.toThrow(/escape -> \.\.\/outside\.txt/);
    expect(await readdir(dest)).toEqual([]);
  });

  it("names a missing template folder", async () => {
    const missing = join(await tempDir("parent"), "nope");
    const dest = await tempDir("dest");
    await expect(fillWorkspace({ kind: "template", dir: missing }, dest)).rejects.toThrow(
      `template folder not found: ${missing}`,
    );
  });
});

describe("fillWorkspace: fixture", () => {
  it("creates files with their parent folders", async () => {
    const dest = await tempDir("fixture");
    await fillWorkspace(
      {
        kind: "fixture",
        files: { "src/app.ts": "export {};\n", "README.md": "hi", "a/b/c/empty.txt": "" },
      },
      dest,
    );
    expect(await listTree(dest)).toEqual(["README.md", "a/b/c/empty.txt", "src/app.ts"]);
    expect(await readFile(join(dest, "src/app.ts"), "utf8")).toBe("export {};\n");
    expect(await readFile(join(dest, "a/b/c/empty.txt"), "utf8")).toBe("");
  });

  it.each(["../x", "/abs", "a/../../b", "a/../b", "", "dir/"])(
    "refuses the key %j before writing anything",
    async (key) => {
      const dest = await tempDir("fixture");
      const fill = fillWorkspace({ kind: "fixture", files: { "ok.txt": "ok", [key]: "x" } }, dest);
      await expect(fill).rejects.toThrow(TreeError);
      await expect(fill).rejects.toThrow(`fixture key ${JSON.stringify(key)}`);
      expect(await readdir(dest)).toEqual([]);
    },
  );

  it("refuses a key used both as a file and as a folder", async () => {
    const dest = await tempDir("fixture");
    const fill = fillWorkspace({ kind: "fixture", files: { a: "file", "a/b.txt": "x" } }, dest);
    await expect(fill).rejects.toThrow(/"a\/b\.txt" needs "a" to be a folder/);
    expect(await readdir(dest)).toEqual([]);
  });
});

describe("fillWorkspace: repo", () => {
  async function makeRepo(): Promise<string> {
    const repo = await tempDir("repo");
    await git(repo, "init", "-q");
    await writeFiles(repo, {
      ".gitignore": "*.log\ndist/\n",
      "tracked.txt": "tracked",
      "src/lib.ts": "export const x = 1;\n",
      "src/gone.ts": "deleted soon",
    });
    await symlink("src/lib.ts", join(repo, "lib-link.ts"));
    await git(repo, "add", "-A");
    await git(repo, "commit", "-q", "-m", "init");
    await rm(join(repo, "src/gone.ts"));
    await writeFiles(repo, {
      "untracked.txt": "new",
      "src/also-new.ts": "new",
      "debug.log": "ignored",
      "dist/out.js": "ignored",
      "node_modules/pkg/index.js": "not ignored by git, excluded anyway",
      "src/node_modules/deep/index.js": "excluded at any depth",
      ".copybook/run.json": "{}",
      "src/.copybook/x.json": "{}",
    });
    return repo;
  }

  it("copies tracked and untracked-not-ignored files, skips ignored, excluded and deleted", async () => {
    const repo = await makeRepo();
    const dest = await tempDir("dest");
    await fillWorkspace({ kind: "repo", dir: repo }, dest);

    expect(await listTree(dest)).toEqual([
      ".gitignore",
      "lib-link.ts",
      "src/also-new.ts",
      "src/lib.ts",
      "tracked.txt",
      "untracked.txt",
    ]);
    expect(await readFile(join(dest, "src/lib.ts"), "utf8")).toBe("export const x = 1;\n");
    expect(await readlink(join(dest, "lib-link.ts"))).toBe("src/lib.ts");
  });

  it("lists the files of a subfolder relative to it", async () => {
    const repo = await makeRepo();
    const files = await repoFiles(join(repo, "src"));
    expect(files).toContain("lib.ts");
    expect(files).toContain("also-new.ts");
    expect(files.some((f) => f.includes("node_modules") || f.includes(".copybook"))).toBe(false);
    expect(files).not.toContain("tracked.txt");
  });

  it("refuses a committed symlink pointing out of the repository", async () => {
    const repo = await makeRepo();
    await symlink("/etc/passwd", join(repo, "passwd"));
    await git(repo, "add", "passwd");
    const dest = await tempDir("dest");
    const fill = fillWorkspace({ kind: "repo", dir: repo }, dest);
    await expect(fill).rejects.toThrow(TreeError);
    await expect(fill).rejects.toThrow(/passwd -> \/etc\/passwd/);
    expect(await readdir(dest)).toEqual([]);
  });

  it("walks a folder outside git, leaving out node_modules, .git and .copybook", async () => {
    const dir = await tempDir("plain");
    await expect(git(dir, "rev-parse", "--is-inside-work-tree")).rejects.toThrow();
    await writeFiles(dir, {
      "a.txt": "a",
      "sub/b.txt": "b",
      "debug.log": "no .gitignore applies outside git",
      "node_modules/x.js": "x",
      "sub/node_modules/y.js": "y",
      "sub/.git/config": "not a real repository",
      ".copybook/r.json": "{}",
    });
    expect(await repoFiles(dir)).toEqual(["a.txt", "debug.log", "sub/b.txt"]);

    const dest = await tempDir("dest");
    await fillWorkspace({ kind: "repo", dir }, dest);
    expect(await listTree(dest)).toEqual(["a.txt", "debug.log", "sub/b.txt"]);
  });
});

describe("copyTree", () => {
  it("gives each trial an independent copy (no hard links)", async () => {
    const prepared = await tempDir("prepared");
    await writeFiles(prepared, { "a.txt": "original", "nested/b.txt": "b" });
    const trial1 = await tempDir("trial1");
    const trial2 = await tempDir("trial2");
    await copyTree(prepared, join(trial1, "work"));
    await copyTree(prepared, join(trial2, "work"));

    const inodes = await Promise.all(
      [prepared, join(trial1, "work"), join(trial2, "work")].map((root) =>
        stat(join(root, "a.txt")),
      ),
    );
    expect(new Set(inodes.map((s) => s.ino)).size).toBe(3);
    for (const s of inodes) expect(s.nlink).toBe(1);

    await writeFile(join(trial1, "work/a.txt"), "changed by trial 1");
    await writeFile(join(trial1, "work/nested/b.txt"), "bb");
    expect(await readFile(join(trial2, "work/a.txt"), "utf8")).toBe("original");
    expect(await readFile(join(prepared, "a.txt"), "utf8")).toBe("original");
    expect(await readFile(join(prepared, "nested/b.txt"), "utf8")).toBe("b");
  });

  it("copies a few hundred files in nested folders exactly, including a read-only folder", async () => {
    const prepared = await tempDir("prepared");
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`d${i % 7}/e${i % 3}/f${i}.txt`] = `file ${i}\n`.repeat(i);
    await writeFiles(prepared, files);
    await mkdir(join(prepared, "empty/folder"), { recursive: true });
    await chmod(join(prepared, "d1"), 0o555);
    await symlink("d0/e0/f0.txt", join(prepared, "first"));

    const dest = join(await tempDir("trial"), "work");
    try {
      await copyTree(prepared, dest);
      expect(await manifest(dest)).toEqual(await manifest(prepared));
      expect(await mode(join(dest, "d1"))).toBe(0o555);
      expect((await stat(join(dest, "empty/folder"))).isDirectory()).toBe(true);
      expect(await readlink(join(dest, "first"))).toBe("d0/e0/f0.txt");
    } finally {
      await chmod(join(prepared, "d1"), 0o755);
    }
  });

  it("copies a file of several MiB (off the main thread) exactly, with its mode", async () => {
    const prepared = await tempDir("prepared");
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, "x");
    await writeFile(join(prepared, "big.bin"), big);
    await chmod(join(prepared, "big.bin"), 0o750);
    const dest = join(await tempDir("trial"), "work");
    await copyTree(prepared, dest);
    expect((await readFile(join(dest, "big.bin"))).equals(big)).toBe(true);
    expect(await mode(join(dest, "big.bin"))).toBe(0o750);
  });

  it("never writes through something already at the destination (a planted symlink)", async () => {
    const prepared = await tempDir("prepared");
    await writeFiles(prepared, { "a.txt": "from the template" });
    const outside = await tempDir("outside");
    await writeFiles(outside, { "victim.txt": "untouched" });
    const dest = join(await tempDir("trial"), "work");
    await mkdir(dest);
    await symlink(join(outside, "victim.txt"), join(dest, "a.txt"));
    await expect(copyTree(prepared, dest)).rejects.toThrow(TreeError);
    expect(await readFile(join(outside, "victim.txt"), "utf8")).toBe("untouched");
  });

  it("refuses a prepared tree with a symlink pointing outside it", async () => {
    const prepared = await tempDir("prepared");
    await writeFiles(prepared, { "a.txt": "a" });
    await symlink(tmpdir(), join(prepared, "tmp"));
    const dest = join(await tempDir("trial"), "work");
    await expect(copyTree(prepared, dest)).rejects.toThrow(TreeError);
  });
});

describe("manifest and changedFiles", () => {
  it("reports created and same-size-modified files, not untouched or deleted ones", async () => {
    const root = await tempDir("manifest");
    await writeFiles(root, {
      "same.txt": "untouched",
      "edit.txt": "aaaa",
      "dir/nested.txt": "1234",
      "gone.txt": "bye",
    });
    const before = await manifest(root);
    expect([...before.keys()].sort()).toEqual([
      "dir/nested.txt",
      "edit.txt",
      "gone.txt",
      "same.txt",
    ]);
    expect(before.get("edit.txt")).toEqual({
      size: 4,
      hash: "61be55a8e2f6b4e172338bddf184d6dbee29c98853e0a0485ecee7f27b9af0b4",
    });

    await writeFile(join(root, "edit.txt"), "bbbb"); // same size, different bytes
    await writeFile(join(root, "dir/nested.txt"), "4321");
    await writeFile(join(root, "dir/created.txt"), "new");
    await rm(join(root, "gone.txt"));

    expect(await changedFiles(root, before)).toEqual([
      "dir/created.txt",
      "dir/nested.txt",
      "edit.txt",
    ]);
  });

  it("reports nothing when nothing changed", async () => {
    const root = await tempDir("manifest");
    await writeFiles(root, { "a.txt": "a", "b/c.txt": "c" });
    const before = await manifest(root);
    await writeFile(join(root, "a.txt"), "a"); // rewritten with the same bytes
    expect(await changedFiles(root, before)).toEqual([]);
  });
});

describe("temp dirs", () => {
  it("creates them under os.tmpdir() with the agent-evals- prefix", async () => {
    const dir = await tempDir("my label/with slashes");
    expect(basename(dir)).toMatch(/^agent-evals-my_label_with_slashes-/);
    expect(dirname(dir)).toBe(await realpath(tmpdir()));
    expect((await stat(dir)).isDirectory()).toBe(true);
  });

  // removeTreeOffThread (a finished trial's folder) does on the thread pool what removeTree does.
  for (const [name, remove] of [
    ["removeTree", removeTree],
    ["removeTreeOffThread", removeTreeOffThread],
  ] as const) {
    it(`${name} removes a tree and tolerates a missing one`, async () => {
      const dir = await makeTempDir("remove");
      await writeFiles(dir, { "a/b/c.txt": "c" });
      await remove(dir);
      await expect(stat(dir)).rejects.toThrow(/ENOENT/);
      await expect(remove(dir)).resolves.toBeUndefined();
    });

    it(`${name} unlinks symlinks without following them`, async () => {
      const outside = await tempDir("outside");
      await writeFiles(outside, { "keep/me.txt": "still here" });
      const dir = await makeTempDir("remove-links");
      await writeFiles(dir, { "a/b.txt": "b" });
      await symlink(join(outside, "keep"), join(dir, "a/to-folder"));
      await symlink(join(outside, "keep/me.txt"), join(dir, "to-file"));
      await remove(dir);
      await expect(stat(dir)).rejects.toThrow(/ENOENT/);
      expect(await readFile(join(outside, "keep/me.txt"), "utf8")).toBe("still here");
    });

    // Permissions never block root's rm: as root, the removal runs without capabilities (setpriv),
    // where they do, so the test proves the same thing either way.
    it(`${name} removes read-only folders`, async () => {
      const dir = await makeTempDir("readonly");
      await writeFiles(dir, { "locked/inner/file.txt": "x" });
      await chmod(join(dir, "locked/inner"), 0o555);
      await chmod(join(dir, "locked"), 0o555);
      if (isRoot) await removeTreeWithoutCapabilities(dir, name);
      else await remove(dir);
      await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    });

    it(`${name} removes folders nested deeper than the kernel takes a path`, async () => {
      const dir = await makeTempDir("deep");
      // Made one level at a time from inside, as an agent could: no path here is ever too long.
      const script = 'for i in $(seq 40); do mkdir "$1" && cd "$1" || exit 1; done; echo x > f';
      await execFileAsync("bash", ["-c", script, "deep", "d".repeat(200)], { cwd: dir });
      await remove(dir);
      await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    });

    it(`${name} refuses the filesystem root`, async () => {
      await expect(remove("/")).rejects.toThrow(/filesystem root/);
    });
  }
});
