import {
  appendFileSync,
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { workspacePool, FRESH_WORKSPACES_ENV } from "../src/run/workspace/recycle.js";
import { changedFiles, manifest } from "../src/run/workspace/changes.js";
import { makeTempDir } from "../src/run/workspace/io.js";
import { removeTree } from "../src/run/workspace/remove.js";
import { snapshotTree } from "../src/run/workspace/tree.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map(removeTree));
});

/** Every entry under `root` with what tells it apart: content, link target, mode. */
function describeTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of readdirSync(rel ? join(root, rel) : root).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const abs = join(root, r);
      const s = lstatSync(abs);
      const mode = (s.mode & 0o7777).toString(8);
      if (s.isSymbolicLink()) out[r] = `link ${readlinkSync(abs)}`;
      else if (s.isDirectory()) {
        out[r] = `dir ${mode}`;
        walk(r);
      } else out[r] = `file ${mode} nlink ${s.nlink} ${readFileSync(abs, "utf8")}`;
    }
  };
  walk("");
  return out;
}

async function preparedTree() {
  const root = await makeTempDir("recycle-test");
  dirs.push(root);
  const tree = join(root, "tree");
  mkdirSync(join(tree, "src/deep"), { recursive: true });
  writeFileSync(join(tree, "a.txt"), "alpha\n");
  writeFileSync(join(tree, "keep.txt"), "untouched\n");
  writeFileSync(join(tree, "src/b.txt"), "beta\n");
  writeFileSync(join(tree, "src/deep/c.sh"), "echo c\n", { mode: 0o755 });
  symlinkSync("src/b.txt", join(tree, "link"));
  mkdirSync(join(root, "pool"));
  const snap = snapshotTree(tree);
  return { root, tree, snapshot: () => snap };
}

describe("workspacePool", () => {
  it("puts back everything a trial changed, and hands the same folder out again", async () => {
    const { root, tree, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, {});
    const expected = describeTree(tree);
    const work = join(root, "work");

    await pool.take(work);
    expect(describeTree(work)).toEqual(expected);
    await pool.give(work); // nothing changed: put back as it is
    await pool.take(work);
    const keptBefore = lstatSync(join(work, "keep.txt"), { bigint: true });
    // What an agent might do: edit in place (same size, times set back), append, delete, replace a
    // file by a folder, add files and folders, chmod a folder shut, hard-link a file, re-point a link.
    const ref = join(root, "times-of-a");
    execFileSync("cp", ["-p", join(work, "a.txt"), ref]);
    writeFileSync(join(work, "a.txt"), "ALPHA\n");
    execFileSync("touch", ["-r", ref, join(work, "a.txt")]); // its times set back, to the ns
    appendFileSync(join(work, "src/deep/c.sh"), "echo more\n");
    unlinkSync(join(work, "src/b.txt"));
    mkdirSync(join(work, "src/b.txt"));
    writeFileSync(join(work, "src/b.txt/inside"), "x");
    mkdirSync(join(work, "out/nested"), { recursive: true });
    writeFileSync(join(work, "out/nested/result"), "r");
    linkSync(join(work, "src/deep/c.sh"), join(work, "hard"));
    unlinkSync(join(work, "link"));
    symlinkSync("a.txt", join(work, "link"));
    chmodSync(join(work, "src/deep"), 0o500);
    chmodSync(join(work, "src"), 0o000);

    await pool.give(work);
    await pool.take(work);
    expect(describeTree(work)).toEqual(expected);
    // The untouched file was kept, not copied again.
    const keptAfter = lstatSync(join(work, "keep.txt"), { bigint: true });
    expect([keptAfter.ino, keptAfter.ctimeNs]).toEqual([keptBefore.ino, keptBefore.ctimeNs]);
    await pool.give(work);
    await pool.settle();
    expect(readdirSync(join(root, "pool"))).toHaveLength(1);
  });

  it("tells which files are still as handed out, so only the others are hashed", async () => {
    const { root, tree, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, {});
    for (const round of [1, 2]) {
      // Round 2: a recycled workspace, put back after round 1's changes.
      const work = join(root, `work-${round}`);
      await pool.take(work);
      const unchanged = pool.unchanged(work)!;
      expect(unchanged).toBeDefined();
      // A same-size rewrite with its mtime set back: its ctime still tells it changed.
      const mtime = lstatSync(join(work, "a.txt")).mtime;
      writeFileSync(join(work, "a.txt"), "ALPHA\n");
      utimesSync(join(work, "a.txt"), mtime, mtime);
      writeFileSync(join(work, "new.txt"), "new\n");
      // A manifest that lies about keep.txt's hash: vouched for, it is not hashed, so not changed;
      // without the pool's word it is hashed and differs.
      const before = await manifest(tree);
      before.set("keep.txt", { ...before.get("keep.txt")!, hash: "not-its-hash" });
      expect(await changedFiles(work, before, unchanged)).toEqual(["a.txt", "new.txt"]);
      expect(await changedFiles(work, before)).toEqual(["a.txt", "keep.txt", "new.txt"]);
      await pool.give(work);
    }
    expect(pool.unchanged(join(root, "elsewhere"))).toBeUndefined();
    await pool.settle();
  });

  it("hands a workspace out only once its newest file's times can tell a later write apart", async () => {
    const { root, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, {});
    const work = join(root, "work");
    for (let round = 0; round < 3; round++) {
      await pool.take(work);
      const handedOut = Date.now();
      const newestMs = Math.max(
        ...["a.txt", "keep.txt", "src/b.txt", "src/deep/c.sh"].map(
          (rel) => lstatSync(join(work, rel)).ctimeMs,
        ),
      );
      // File times may be as coarse as a clock tick: a write now must get a later ctime.
      expect(handedOut - newestMs).toBeGreaterThanOrEqual(20);
      writeFileSync(join(work, "src/b.txt"), "changed"); // copied again at the give
      await pool.give(work);
    }
  });

  it("gives the next trial a fresh copy while the last one is still taken", async () => {
    const { root, tree, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, {});
    await pool.take(join(root, "w1"));
    await pool.take(join(root, "w2"));
    writeFileSync(join(root, "w1", "a.txt"), "changed");
    expect(describeTree(join(root, "w2"))).toEqual(describeTree(tree));
    await Promise.all([pool.give(join(root, "w1")), pool.give(join(root, "w2"))]);
    expect(readdirSync(join(root, "pool"))).toHaveLength(2);
  });

  it("removes a workspace it cannot put back, and copies afresh next time", async () => {
    const { root, tree, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, {});
    const work = join(root, "work");
    await pool.take(work);
    rmSync(work, { recursive: true });
    writeFileSync(work, "not a folder");
    await pool.give(work);
    expect(readdirSync(join(root, "pool"))).toHaveLength(0);
    rmSync(work, { force: true });
    await pool.take(work);
    expect(describeTree(work)).toEqual(describeTree(tree));
  });

  it(`copies every time and keeps nothing with ${FRESH_WORKSPACES_ENV}=1`, async () => {
    const { root, tree, snapshot } = await preparedTree();
    const pool = workspacePool(join(root, "pool"), snapshot, { [FRESH_WORKSPACES_ENV]: "1" });
    const work = join(root, "work");
    await pool.take(work);
    await pool.give(work);
    expect(readdirSync(join(root, "pool"))).toHaveLength(0);
    await pool.take(work);
    expect(describeTree(work)).toEqual(describeTree(tree));
  });
});
