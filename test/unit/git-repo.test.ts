import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mayBeInGitRepo } from "../../src/util/git.js";

// os.tmpdir() itself must not sit inside a repository for these to mean anything.
const made: string[] = [];
const outside = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "ae-nogit-"));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("mayBeInGitRepo", () => {
  it("is false for a folder with no .git in it or above it", () => {
    const dir = outside();
    mkdirSync(path.join(dir, "a/b"), { recursive: true });
    expect(mayBeInGitRepo(path.join(dir, "a/b"), {})).toBe(false);
  });

  it("is true below a .git folder, and below a .git file (worktrees, submodules)", () => {
    const dir = outside();
    mkdirSync(path.join(dir, "repo/.git"), { recursive: true });
    mkdirSync(path.join(dir, "repo/src/deep"), { recursive: true });
    expect(mayBeInGitRepo(path.join(dir, "repo/src/deep"), {})).toBe(true);
    mkdirSync(path.join(dir, "wt"));
    writeFileSync(path.join(dir, "wt/.git"), "gitdir: ../repo/.git/worktrees/wt\n");
    expect(mayBeInGitRepo(path.join(dir, "wt"), {})).toBe(true);
  });

  it("defers to git when GIT_DIR points it elsewhere", () => {
    expect(mayBeInGitRepo(outside(), { GIT_DIR: "/somewhere/.git" })).toBe(true);
  });
});
