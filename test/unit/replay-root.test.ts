// claimTempDir: a recording names the folder its trial ran in, and a replay takes that folder
// when it can. The recording may be a downloaded artifact: only an `agent-evals-…` folder right
// under the temp dir, not there yet, is ever created.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimTempDir } from "../../src/run/workspace/io.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const tmp = () => fs.realpathSync(os.tmpdir());

describe("claimTempDir", () => {
  it("creates the recorded folder when it is free", () => {
    const dir = path.join(tmp(), `agent-evals-deploy-t1-${process.pid}x`);
    made.push(dir);
    expect(claimTempDir(dir)).toBe(dir);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    // Taken now: a second trial gets undefined, never the same folder.
    expect(claimTempDir(dir)).toBeUndefined();
  });

  it("takes one right under /tmp too, where a recording made with the default TMPDIR ran", () => {
    const dir = `/tmp/agent-evals-replay-root-${process.pid}y`;
    made.push(dir);
    expect(claimTempDir(dir)).toBe(dir);
  });

  it("refuses a folder elsewhere, a nested one, another name, or one that exists", () => {
    const outside = path.join(tmp(), `ae-outside-${process.pid}`);
    fs.mkdirSync(outside);
    made.push(outside);
    for (const dir of [
      path.join(outside, "agent-evals-x"),
      path.join(tmp(), "not-ours"),
      path.join(tmp(), "agent-evals-../../etc"),
      "/etc/agent-evals-x",
      outside,
    ])
      expect(claimTempDir(dir), dir).toBeUndefined();
    expect(fs.existsSync(path.join(outside, "agent-evals-x"))).toBe(false);
    expect(fs.existsSync("/etc/agent-evals-x")).toBe(false);
  });
});
