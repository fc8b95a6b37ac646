// Cassettes on disk: written gzip-compressed as cassette.json.gz, read compressed or plain, and
// read as hostile input (a replay folder may come from a pull request): a gzip bomb fails with a
// clear error at the size limit instead of filling memory, a FIFO is refused without blocking, a
// link in a recording's place is not followed, and a trial folder with both names is refused.

import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import {
  CASSETTE_FILE,
  cassetteIn,
  cassetteText,
  MAX_CASSETTE_BYTES,
  PLAIN_CASSETTE_FILE,
  readCassette,
  writeCassette,
  type Cassette,
} from "../src/run/replay/index.js";
import { copyCassettes, readRecording } from "../src/run/trial-traffic.js";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ae-cassette-store-"));
  dirs.push(dir);
  return dir;
}

/** A cassette of `turns` exchanges, each request resending the whole conversation so far. */
function conversation(turns: number): Cassette {
  const history: string[] = [];
  return {
    version: 1,
    upstream: "http://127.0.0.1:1",
    exchanges: Array.from({ length: turns }, (_, i) => {
      history.push(`turn ${i + 1}: ${"please look at src/index.ts and fix the bug. ".repeat(20)}`);
      return {
        turn: i + 1,
        request: {
          method: "POST",
          path: "/v1/messages",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ messages: history }),
        },
        response: {
          status: 200,
          headers: { "content-type": "text/event-stream" },
          chunks: [{ data: `data: {"text":"answer ${i + 1}"}\n\n`, afterMs: 3 }],
        },
      };
    }),
  };
}

async function replayMissOf(cassette: string): Promise<string> {
  const recording = await readRecording({ mode: "replay", cassette });
  expect(recording && "miss" in recording, JSON.stringify(recording)).toBe(true);
  return (recording as { miss: Error }).miss.message;
}

describe("cassettes on disk", () => {
  it("are written gzip-compressed and read back, compressed or plain", async () => {
    const dir = await tempDir();
    const cassette = conversation(12);
    const file = path.join(dir, "trial-1", CASSETTE_FILE);
    await writeCassette(file, cassette);
    const bytes = await fs.readFile(file);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    // The same pretty-printed text inside (zcat shows what a plain cassette shows), far smaller.
    expect(gunzipSync(bytes).toString("utf8")).toBe(cassetteText(cassette));
    expect(bytes.length * 5).toBeLessThan(cassetteText(cassette).length);
    expect(await readCassette(file)).toEqual(cassette);
    expect(cassetteIn(path.dirname(file))).toBe(file);

    // A plain cassette.json (an older recording, or one edited by hand) reads too.
    const plainDir = path.join(dir, "trial-2");
    await writeCassette(path.join(plainDir, PLAIN_CASSETTE_FILE), cassette);
    expect((await fs.readFile(path.join(plainDir, PLAIN_CASSETTE_FILE), "utf8")).at(0)).toBe("{");
    expect(cassetteIn(plainDir)).toBe(path.join(plainDir, PLAIN_CASSETTE_FILE));
    expect(await readCassette(path.join(plainDir, PLAIN_CASSETTE_FILE))).toEqual(cassette);
    const read = await readRecording({ mode: "replay", cassette: cassetteIn(plainDir)! });
    expect(read).toEqual({ cassette });

    // Both names are copied out of a replay folder, links are not.
    await fs.symlink(file, path.join(dir, "trial-2", "link"));
    await fs.mkdir(path.join(dir, "trial-3"));
    await fs.symlink(file, path.join(dir, "trial-3", CASSETTE_FILE));
    const copy = path.join(await tempDir(), "copy");
    expect(copyCassettes(dir, copy)).toBe(2);
    expect((await fs.readdir(copy)).sort()).toEqual(["trial-1", "trial-2"]);
    expect(await fs.readdir(path.join(copy, "trial-2"))).toEqual([PLAIN_CASSETTE_FILE]);
  });

  it("refuses a gzip bomb at the size limit, with a clear error", async () => {
    const dir = await tempDir();
    // A quarter of a megabyte on disk that would be more than MAX_CASSETTE_BYTES of text.
    const bomb = path.join(dir, CASSETTE_FILE);
    await fs.writeFile(bomb, gzipSync(Buffer.alloc(MAX_CASSETTE_BYTES + 1024, 0x20), { level: 9 }));
    expect((await fs.stat(bomb)).size).toBeLessThan(1024 * 1024);
    const memoryBefore = process.memoryUsage().rss;
    await expect(readCassette(bomb)).rejects.toThrow(
      new RegExp(`decompresses to more than ${MAX_CASSETTE_BYTES} bytes; not read`),
    );
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(2 * MAX_CASSETTE_BYTES);
    expect(await replayMissOf(bomb)).toMatch(/replay miss: .*decompresses to more than/);
    // A lower limit, and a plain file over it.
    const text = cassetteText(conversation(40));
    const small = path.join(dir, "small", CASSETTE_FILE);
    await writeCassette(small, conversation(40));
    await expect(readCassette(small, { maxBytes: text.length - 1 })).rejects.toThrow(
      /decompresses to more than/,
    );
    await expect(readCassette(small, { maxBytes: text.length })).resolves.toBeTruthy();
    const plain = path.join(dir, "plain", PLAIN_CASSETTE_FILE);
    await writeCassette(plain, conversation(40));
    await expect(readCassette(plain, { maxBytes: text.length - 1 })).rejects.toThrow(
      new RegExp(`${text.length} bytes, more than ${text.length - 1}; not read`),
    );
    // Not gzip after all: said so.
    const broken = path.join(dir, "broken", CASSETTE_FILE);
    await fs.mkdir(path.dirname(broken));
    await fs.writeFile(broken, gzipSync(text).subarray(0, 200));
    await expect(readCassette(broken)).rejects.toThrow(/not a readable gzip file/);
  });

  it("refuses a FIFO without blocking, a link in a recording's place, and both names at once", async () => {
    const dir = await tempDir();
    const fifo = path.join(dir, "fifo", CASSETTE_FILE);
    await fs.mkdir(path.dirname(fifo));
    execFileSync("mkfifo", [fifo]);
    // Nothing ever writes to it: reading it would hang the test.
    await expect(readCassette(fifo)).rejects.toThrow(/not a regular file; not read/);
    expect(await replayMissOf(fifo)).toMatch(/not a regular file \(a special file\)/);

    const real = path.join(dir, "real", CASSETTE_FILE);
    await writeCassette(real, conversation(2));
    const link = path.join(dir, "link", CASSETTE_FILE);
    await fs.mkdir(path.dirname(link));
    await fs.symlink(real, link);
    expect(cassetteIn(path.dirname(link))).toBe(link);
    expect(await replayMissOf(link)).toMatch(/not a regular file \(a symlink\)/);
    await expect(readCassette(link, { noFollow: true })).rejects.toThrow(/a symlink; not followed/);
    // A path the user gives (diverge) may be a link.
    await expect(readCassette(link)).resolves.toEqual(conversation(2));

    const both = path.join(dir, "both");
    await writeCassette(path.join(both, CASSETTE_FILE), conversation(2));
    await writeCassette(path.join(both, PLAIN_CASSETTE_FILE), conversation(3));
    expect(await replayMissOf(cassetteIn(both)!)).toMatch(
      /both cassette\.json\.gz and cassette\.json are in .*; keep the one to replay/,
    );
  });
});
