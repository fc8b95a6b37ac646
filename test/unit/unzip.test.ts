// The hostile-artifact extraction (src/github/publish/unzip.ts): only folders and regular files
// come out, into the folder given; names that leave it, links, FIFOs and devices are left out and
// said; a size the directory lies about, a bomb past the cap and too many entries stop it.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipInto, UnzipError, DEFAULT_UNZIP_LIMITS } from "../../src/github/publish/unzip.js";
import { makeZip, type ZipEntrySpec } from "../helpers/zip.js";

let tmp: string;
beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "ae-unzip-"));
});
afterAll(() => fs.rm(tmp, { recursive: true, force: true }));

let count = 0;
async function extract(entries: ZipEntrySpec[], limits = DEFAULT_UNZIP_LIMITS) {
  const n = count++;
  const zip = path.join(tmp, `${n}.zip`);
  await fs.writeFile(zip, makeZip(entries));
  const into = path.join(tmp, `out-${n}`);
  await fs.mkdir(into);
  return { into, result: unzipInto(zip, into, limits) };
}

async function tree(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .map((e) => {
      const rel = path.relative(dir, path.join(e.parentPath, e.name));
      return e.isDirectory() ? `${rel}/` : e.isFile() ? rel : `${rel} (${e.constructor.name})`;
    })
    .sort();
}

describe("unzipInto", () => {
  it("writes folders and regular files, deflated or stored, with plain modes", async () => {
    const { into, result } = await extract([
      { name: "evals/", mode: 0o040755 },
      {
        name: "evals/a/trial-1/trial.json",
        mode: 0o104755,
        data: '{"status":"passed"}',
        deflate: true,
      },
      { name: "run.json", mode: 0o100644, data: "{}" },
    ]);
    expect(await result).toEqual({ files: 2, bytes: 21, skipped: [] });
    expect(await tree(into)).toEqual([
      "evals/",
      "evals/a/",
      "evals/a/trial-1/",
      "evals/a/trial-1/trial.json",
      "run.json",
    ]);
    // No setuid, no exec bit: what the archive says of modes is not taken.
    const mode = (await fs.stat(path.join(into, "evals/a/trial-1/trial.json"))).mode & 0o7777;
    expect(mode & 0o7111).toBe(0);
  });

  it("leaves out links, FIFOs, devices, escaping names and a second entry of one name", async () => {
    const { into, result } = await extract([
      { name: "link", mode: 0o120777, data: "/etc/passwd" },
      { name: "pipe", mode: 0o010644 },
      { name: "dev", mode: 0o020644 },
      { name: "../up.txt", mode: 0o100644, data: "x" },
      { name: "/abs.txt", mode: 0o100644, data: "x" },
      { name: "a/./b.txt", mode: 0o100644, data: "x" },
      { name: "back\\slash.txt", mode: 0o100644, data: "x" },
      { name: "same.txt", mode: 0o100644, data: "first" },
      { name: "same.txt", mode: 0o100644, data: "second" },
      { name: "same.txt/inner", mode: 0o100644, data: "x" },
    ]);
    const { skipped } = await result;
    expect(skipped).toEqual([
      "link: a symlink",
      "pipe: a FIFO",
      "dev: a character device",
      '"../up.txt": a name outside the folder',
      '"/abs.txt": a name outside the folder',
      '"a/./b.txt": a name outside the folder',
      '"back\\\\slash.txt": a name outside the folder',
      "same.txt: listed twice",
      "same.txt/inner: a file is in the way of its folder",
    ]);
    expect(await tree(into)).toEqual(["same.txt"]);
    expect(await fs.readFile(path.join(into, "same.txt"), "utf8")).toBe("first");
    await expect(fs.access(path.join(tmp, "up.txt"))).rejects.toThrow();
  });

  it("stops at a size the directory lies about, a file over the cap, and too many entries", async () => {
    const bomb = Buffer.alloc(1024 * 1024, 0);
    const lie = await extract([
      { name: "bomb", mode: 0o100644, data: bomb, deflate: true, claimedSize: 10 },
    ]);
    await expect(lie.result).rejects.toThrow(UnzipError);
    const big = await extract([{ name: "big", mode: 0o100644, data: bomb, deflate: true }], {
      ...DEFAULT_UNZIP_LIMITS,
      fileBytes: 1000,
    });
    await expect(big.result).rejects.toThrow(/over 1000/);
    const many = await extract(
      [
        { name: "a", mode: 0o100644 },
        { name: "b", mode: 0o100644 },
      ],
      { ...DEFAULT_UNZIP_LIMITS, entries: 1 },
    );
    await expect(many.result).rejects.toThrow(/2 entries, over 1/);
  });
});
