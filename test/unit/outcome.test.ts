import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  applyOutcome,
  OUTCOME_FILE_CAP,
  readOutcome,
  storeOutcome,
} from "../../src/run/workspace/outcome.js";
import { manifest, workspaceChanges } from "../../src/run/workspace/changes.js";
import { secretRedactor } from "../../src/util/redact.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function temp(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-outcome-"));
  dirs.push(dir);
  return dir;
}

async function write(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), content);
  }
}

/** A prepared tree and a workspace the "agent" changed: an edit, a new text and binary file, a deletion. */
async function changedWorkspace() {
  const base = await temp();
  const prepared = path.join(base, "prepared");
  const work = path.join(base, "work");
  const out = path.join(base, "out");
  await fs.mkdir(out);
  await write(prepared, { "keep.txt": "same\n", "edit.txt": "before\n", "gone/a.txt": "a\n" });
  const before = await manifest(prepared);
  await fs.cp(prepared, work, { recursive: true });
  const binary = Buffer.from([0xff, 0x00, 0xfe, 0x41, 0x42]);
  await write(work, { "edit.txt": "after\n", "deep/new/n.txt": "token hunter2secret\n" });
  await fs.writeFile(path.join(work, "bin.dat"), binary);
  await fs.rm(path.join(work, "gone"), { recursive: true });
  return { base, prepared, work, out, manifest: before, binary };
}

describe("a trial's stored outcome", () => {
  it("is one file: the walk's changes and deletions, text as text, the rest as base64", async () => {
    const w = await changedWorkspace();
    const changes = await workspaceChanges(w.work, w.manifest);
    expect(changes).toEqual({
      changed: ["bin.dat", "deep/new/n.txt", "edit.txt"],
      deleted: ["gone/a.txt"],
    });
    const index = storeOutcome(w.work, changes, w.manifest, w.out);
    // Nothing but outcome.json is created in the results folder: no folder per changed path.
    expect(await fs.readdir(w.out)).toEqual(["outcome.json"]);
    expect(JSON.parse(await fs.readFile(path.join(w.out, "outcome.json"), "utf8"))).toEqual(index);
    expect(index).toMatchObject({ version: 2, deleted: ["gone/a.txt"], omittedBytes: 0 });
    expect(index.files.find((f) => f.path === "edit.txt")).toMatchObject({ text: "after\n" });
    expect(index.files.find((f) => f.path === "bin.dat")).toMatchObject({
      base64: w.binary.toString("base64"),
      size: 5,
    });
  });

  it("is redacted as it is stored, in text and in binary files alike", async () => {
    const w = await changedWorkspace();
    await fs.writeFile(
      path.join(w.work, "bin.dat"),
      Buffer.from("\xff\x00hunter2secret", "latin1"),
    );
    const redactor = secretRedactor({ DOC_TOKEN: "hunter2secret" }, ["DOC_TOKEN"]);
    const changes = await workspaceChanges(w.work, w.manifest);
    storeOutcome(w.work, changes, w.manifest, w.out, (c) => redactor.bytes(c));
    const raw = await fs.readFile(path.join(w.out, "outcome.json"), "utf8");
    const index = readOutcome(w.out)!;
    const bin = Buffer.from(index.files.find((f) => f.path === "bin.dat")!.base64!, "base64");
    expect(raw).not.toContain("hunter2secret");
    expect(bin.toString("latin1")).not.toContain("hunter2secret");
    expect(bin.toString("latin1")).toContain("***");
    expect(index.files.find((f) => f.path === "deep/new/n.txt")!.text).toBe("token ***\n");
  });

  it("lays over a fresh copy of the prepared tree to give the agent's workspace back", async () => {
    const w = await changedWorkspace();
    storeOutcome(w.work, await workspaceChanges(w.work, w.manifest), w.manifest, w.out);
    const again = path.join(w.base, "again");
    await fs.cp(w.prepared, again, { recursive: true });
    applyOutcome(w.out, readOutcome(w.out)!, again);
    expect(await workspaceChanges(again, await manifest(w.work))).toEqual({
      changed: [],
      deleted: [],
    });
    expect(await fs.readFile(path.join(again, "bin.dat"))).toEqual(w.binary);
  });

  it("lists a file over the cap without storing it", async () => {
    const w = await changedWorkspace();
    await fs.writeFile(path.join(w.work, "big.bin"), Buffer.alloc(OUTCOME_FILE_CAP + 1));
    const index = storeOutcome(
      w.work,
      await workspaceChanges(w.work, w.manifest),
      w.manifest,
      w.out,
    );
    expect(index.files.find((f) => f.path === "big.bin")).toEqual({
      path: "big.bin",
      size: OUTCOME_FILE_CAP + 1,
      stored: false,
    });
    expect(index.omittedBytes).toBe(OUTCOME_FILE_CAP + 1);
  });

  it("is still read and applied from results of older versions (outcome/ folder)", async () => {
    const w = await changedWorkspace();
    await write(w.out, {
      "outcome/files/edit.txt": "from v1\n",
      "outcome/outcome.json": JSON.stringify({
        version: 1,
        files: [{ path: "edit.txt", size: 8, sha256: "x", stored: true }],
        deleted: ["keep.txt"],
        preparedHash: "h",
        omittedBytes: 0,
      }),
    });
    const index = readOutcome(w.out)!;
    expect(index.version).toBe(1);
    const again = path.join(w.base, "again");
    await fs.cp(w.prepared, again, { recursive: true });
    applyOutcome(w.out, index, again);
    expect(await fs.readFile(path.join(again, "edit.txt"), "utf8")).toBe("from v1\n");
    await expect(fs.stat(path.join(again, "keep.txt"))).rejects.toThrow();
  });
});
