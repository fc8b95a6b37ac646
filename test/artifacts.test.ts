// The GitHub layer's artifact upload and sandbox cache, driven through the real @actions/artifact
// and @actions/cache clients against a fake results service on 127.0.0.1.

import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artifactUrl, uploadResults } from "../src/github/publish/artifacts.js";
import {
  cacheKeyFor,
  restorePrepared,
  sandboxCacheConfigured,
  savePrepared,
} from "../src/github/sandbox-cache.js";
import { startFakeResultsService, type FakeResultsService } from "./fakes/results-service.js";
import { hideActionsDebug } from "./helpers/quiet-actions.js";

const SECRET = "sk-live-7f3a9c2e1b8d4f60";
const CLIENT_VARS = [
  "ACTIONS_RESULTS_URL",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_CACHE_SERVICE_V2",
  "ACTIONS_CACHE_URL",
];

let fake: FakeResultsService;
let tmp: string;

hideActionsDebug();

beforeAll(async () => {
  fake = await startFakeResultsService();
  tmp = await fs.mkdtemp(path.join(tmpdir(), "agent-evals-gh-test-"));
});
afterAll(async () => {
  await fake?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** Run `fn` with these variables set (undefined: unset), restoring process.env afterwards. */
async function withEnv<T>(
  vars: Record<string, string | undefined>,
  fn: () => Promise<T>,
): Promise<T> {
  const saved = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(vars)) {
    saved.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    return await fn();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const clientVars = () => Object.fromEntries(CLIENT_VARS.map((name) => [name, process.env[name]]));
const noClientVars = () => Object.fromEntries(CLIENT_VARS.map((name) => [name, undefined]));

const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

/** Every file under `dir` (relative path → sha256 and mode), to show a tree is unchanged. */
async function treeState(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, full);
    const stat = await fs.lstat(full);
    if (stat.isSymbolicLink()) out[rel] = `link:${await fs.readlink(full)}`;
    else if (stat.isFile()) {
      out[rel] = `${sha256(await fs.readFile(full))} ${(stat.mode & 0o777).toString(8)}`;
    } else if (stat.isDirectory()) out[rel] = "dir";
  }
  return out;
}

// ---------- a minimal zip reader (central directory + zlib), enough for archiver's output ----------

interface ZipEntry {
  name: string;
  method: number;
  data: Buffer;
}

function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("no end of central directory record");
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad central header at ${p}`);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString("utf8");
    if ([compressedSize, size, localOffset].includes(0xffffffff))
      throw new Error("zip64: unsupported");
    if (zip.readUInt32LE(localOffset) !== 0x04034b50)
      throw new Error(`bad local header for ${name}`);
    const start =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
    if (!data) throw new Error(`${name}: compression method ${method}`);
    if (data.length !== size || crc32(data) !== crc)
      throw new Error(`${name}: size or CRC mismatch`);
    entries.push({ name, method, data });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

// ---------- fixtures ----------

const BIG = 5 * 1024 * 1024 + 4321;

async function makeResults(root: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {
    "summary.json": Buffer.from(JSON.stringify({ evals: 1, passed: 0 }, null, 2)),
    "evals/deploy/literal/trial-1/transcript.jsonl": Buffer.from(
      [
        JSON.stringify({ role: "user", text: `use the token ${SECRET} to deploy` }),
        JSON.stringify({ role: "assistant", text: `running acmedb login --token ${SECRET}` }),
        "",
      ].join("\n"),
    ),
    "evals/deploy/literal/trial-1/calls.jsonl": Buffer.from(
      `${JSON.stringify({ bin: "acmedb", args: ["login", "--token", SECRET] })}\n`,
    ),
    "evals/deploy/literal/trial-1/workspace.bin": randomBytes(BIG),
  };
  for (const [rel, bytes] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), bytes);
  }
  return files;
}

// ---------- artifacts ----------

describe("uploadResults (real @actions/artifact → fake results service)", () => {
  let results: string;
  let files: Record<string, Buffer>;
  let before: Record<string, string>;
  const runEnv = () => ({
    ...fake.env(),
    GITHUB_REPOSITORY: "acme/app",
    GITHUB_RUN_ID: "4242",
  });

  beforeAll(async () => {
    results = path.join(tmp, "project", ".copybook", "results");
    files = await makeResults(results);
    before = await treeState(results);
  });

  it("builds artifact page URLs", () => {
    expect(artifactUrl("https://github.com/", "acme/app", 42, 7)).toBe(
      "https://github.com/acme/app/actions/runs/42/artifacts/7",
    );
  });

  it("uploads every file, whole, as one zip the service can hand back", async () => {
    const start = fake.requests.length;
    const result = await withEnv(runEnv(), () =>
      uploadResults({ dir: results, name: "agent-evals-results", retentionDays: 5 }),
    );

    const uploaded = fake.artifacts.filter((a) => a.name === "agent-evals-results");
    expect(uploaded).toHaveLength(1);
    const artifact = uploaded[0]!;
    expect(artifact.finalized).toBe(true);
    const bytes = artifact.bytes!;
    // What the client reported matches what arrived.
    expect(artifact.finalizedHash).toBe(sha256(bytes));
    expect(artifact.finalizedSize).toBe(bytes.length);
    expect(artifact.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(result).toEqual({
      id: artifact.id,
      name: "agent-evals-results",
      size: bytes.length,
      files: 4,
      url: `https://github.com/acme/app/actions/runs/4242/artifacts/${artifact.id}`,
    });

    const entries = readZip(bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(files).sort());
    for (const entry of entries) expect(sha256(entry.data)).toBe(sha256(files[entry.name]!));
    expect(entries.some((e) => e.method === 8)).toBe(true); // deflated: the reader really inflated

    // The protocol the client spoke: twirp create, block + block list, twirp finalize.
    const calls = fake.requests
      .slice(start)
      .filter((r) => r.path.includes("ArtifactService") || r.path.includes("/actions-results/"))
      .map((r) => (r.method === "PUT" ? `PUT ${r.comp ?? "-"}` : r.path.split("/").pop()));
    expect(calls).toEqual(["CreateArtifact", "PUT block", "PUT blocklist", "FinalizeArtifact"]);
    expect(fake.requests.find((r) => r.path.endsWith("/CreateArtifact"))?.authorization).toBe(
      `Bearer ${runEnv().ACTIONS_RUNTIME_TOKEN}`,
    );

    // ListArtifacts + GetSignedArtifactURL + blob GET, through the real client's download.
    const out = path.join(tmp, "downloaded");
    const downloaded = await withEnv(runEnv(), async () => {
      const { DefaultArtifactClient } = await import("@actions/artifact");
      return new DefaultArtifactClient().downloadArtifact(artifact.id, {
        path: out,
        expectedHash: `sha256:${artifact.sha256}`,
      });
    });
    expect(downloaded.digestMismatch).toBe(false);
    expect(await treeState(out)).toEqual(before);

    expect(await treeState(results)).toEqual(before);
  });

  it("redacts text files in a copy: the secret never leaves, the results folder is untouched", async () => {
    const leftovers = async () =>
      (await fs.readdir(tmpdir())).filter((n) => n.startsWith("agent-evals-upload-")).length;
    const stagingBefore = await leftovers();
    const redact = (text: string) => text.replaceAll(SECRET, "***");
    const result = await withEnv(runEnv(), () =>
      uploadResults({ dir: results, name: "agent-evals-results-redacted", redact }),
    );

    const artifact = fake.artifacts.find((a) => a.name === "agent-evals-results-redacted")!;
    expect(result.size).toBe(artifact.bytes!.length);
    expect(artifact.finalizedHash).toBe(sha256(artifact.bytes!));
    const entries = readZip(artifact.bytes!);
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(files).sort());
    for (const entry of entries) {
      const original = files[entry.name]!;
      if (entry.name.endsWith(".bin")) {
        expect(sha256(entry.data)).toBe(sha256(original)); // binary: byte for byte
      } else {
        expect(entry.data.toString("utf8")).toBe(redact(original.toString("utf8")));
        expect(entry.data.includes(SECRET)).toBe(false);
      }
    }
    expect(entries.find((e) => e.name.endsWith("transcript.jsonl"))!.data.toString()).toContain(
      "use the token *** to deploy",
    );
    expect(artifact.bytes!.includes(SECRET)).toBe(false);

    expect(await treeState(results)).toEqual(before);
    expect(
      (
        await fs.readFile(path.join(results, "evals/deploy/literal/trial-1/transcript.jsonl"))
      ).includes(SECRET),
    ).toBe(true);
    expect(await leftovers()).toBe(stagingBefore);
  });

  it("reads the environment at call time, and leaves it as it was", async () => {
    const outside = clientVars();
    // The client module is loaded by now (earlier tests); without the variables it must fail.
    await withEnv(noClientVars(), async () => {
      await expect(uploadResults({ dir: results, name: "no-env" })).rejects.toThrow(
        /ACTIONS_RUNTIME_TOKEN|ACTIONS_RESULTS_URL/,
      );
    });
    expect(fake.artifacts.some((a) => a.name === "no-env")).toBe(false);
    expect(clientVars()).toEqual(outside);
  });

  it("surfaces a service failure and uploads nothing for an empty folder", async () => {
    fake.failNext("CreateArtifact", 400);
    await expect(
      withEnv(runEnv(), () => uploadResults({ dir: results, name: "refused" })),
    ).rejects.toThrow(/CreateArtifact/);
    expect(fake.artifacts.some((a) => a.name === "refused")).toBe(false);

    const empty = path.join(tmp, "empty-results");
    await fs.mkdir(path.join(empty, "nested"), { recursive: true });
    const seen = fake.requests.length;
    expect(await withEnv(runEnv(), () => uploadResults({ dir: empty, name: "empty" }))).toEqual({
      name: "empty",
      size: 0,
      files: 0,
    });
    expect(fake.requests.length).toBe(seen);
    expect(await treeState(results)).toEqual(before);
  });

  // Issue 32, rule 1: an agent of a `--sandbox none` run can plant links and FIFOs in the results
  // folder. None is followed or opened: the artifact holds the regular files only, the log says.
  for (const redacted of [false, true]) {
    it(`never follows a link nor opens a FIFO in the results folder${redacted ? " (redacted)" : ""}`, async () => {
      const hostile = path.join(tmp, `hostile-results-${redacted}`);
      await fs.mkdir(path.join(hostile, "evals/x/trial-1"), { recursive: true });
      await fs.writeFile(path.join(hostile, "summary.json"), "{}\n");
      const outside = path.join(tmp, `outside-${redacted}`);
      await fs.mkdir(outside, { recursive: true });
      const shadow = path.join(outside, "shadow");
      const HIDDEN = "shadow-secret-never-uploaded";
      await fs.writeFile(shadow, HIDDEN);
      await fs.writeFile(path.join(outside, "inner.txt"), HIDDEN);
      await fs.symlink(shadow, path.join(hostile, "evals/x/trial-1/prompt.md"));
      await fs.symlink(outside, path.join(hostile, "evals/x/linked-folder"));
      await fs.symlink("/dev/zero", path.join(hostile, "zero"));
      execFileSync("mkfifo", [path.join(hostile, "evals/x/trial-1/agent.stdout")]);
      const log: string[] = [];
      const name = `hostile-${redacted}`;
      const result = await withEnv(runEnv(), () =>
        uploadResults({
          dir: hostile,
          name,
          log: (m) => log.push(m),
          ...(redacted ? { redact: (t: string) => t } : {}),
        }),
      );
      expect(result.files).toBe(1);
      const artifact = fake.artifacts.find((a) => a.name === name)!;
      const entries = readZip(artifact.bytes!);
      expect(entries.map((e) => e.name)).toEqual(["summary.json"]);
      for (const entry of entries) expect(entry.data.toString()).not.toContain(HIDDEN);
      expect(log.sort()).toEqual([
        "evals/x/linked-folder is a symlink: not uploaded",
        "evals/x/trial-1/agent.stdout is a FIFO (named pipe): not uploaded",
        "evals/x/trial-1/prompt.md is a symlink: not uploaded",
        "zero is a symlink: not uploaded",
      ]);
    });
  }
});

// ---------- sandbox cache ----------

describe("sandbox cache (real @actions/cache → fake results service)", () => {
  let cacheEnv: () => Record<string, string>;
  const spec = { id: "deploy", setup: ["npm ci"], templateHash: "abc123" };

  beforeAll(async () => {
    const runnerTemp = path.join(tmp, "runner-temp");
    const workspace = path.join(tmp, "workspace");
    await fs.mkdir(runnerTemp, { recursive: true });
    await fs.mkdir(workspace, { recursive: true });
    cacheEnv = () => ({ ...fake.env(), RUNNER_TEMP: runnerTemp, GITHUB_WORKSPACE: workspace });
  });

  async function makePrepared(dir: string): Promise<void> {
    await fs.mkdir(path.join(dir, "node_modules", "tool", "bin"), { recursive: true });
    await fs.mkdir(path.join(dir, "node_modules", ".bin"), { recursive: true });
    await fs.writeFile(path.join(dir, "package.json"), '{ "name": "app" }\n');
    await fs.writeFile(path.join(dir, "node_modules", "tool", "index.js"), "export {};\n");
    await fs.writeFile(
      path.join(dir, "node_modules", "tool", "bin", "tool"),
      "#!/bin/sh\necho hi\n",
      {
        mode: 0o755,
      },
    );
    await fs.symlink("../tool/bin/tool", path.join(dir, "node_modules", ".bin", "tool"));
    await fs.writeFile(path.join(dir, "blob.bin"), randomBytes(256 * 1024));
  }

  it("derives stable keys from the id, setup and template hash", () => {
    const key = cacheKeyFor(spec);
    expect(key).toMatch(/^agent-evals-sandbox-deploy-[0-9a-f]{16}$/);
    expect(cacheKeyFor({ ...spec })).toBe(key);
    expect(cacheKeyFor({ ...spec, setup: ["npm install"] })).not.toBe(key);
    expect(cacheKeyFor({ ...spec, templateHash: "abc124" })).not.toBe(key);
    expect(cacheKeyFor({ ...spec, id: "a,b" })).not.toContain(",");
  });

  it("misses, saves, then restores the tree into another folder", async () => {
    const start = fake.requests.length;
    const key = cacheKeyFor(spec);
    const log: string[] = [];
    const options = { log: (m: string) => log.push(m) };
    const prepared = path.join(tmp, "prepared-1", "work");
    await makePrepared(prepared);
    const tree = await treeState(prepared);

    await withEnv(cacheEnv(), async () => {
      const missDir = path.join(tmp, "restore-miss", "work");
      expect(await restorePrepared(missDir, key, options)).toBe(false);
      expect(await fs.stat(missDir).catch(() => undefined)).toBeUndefined();

      await savePrepared(prepared, key, options);
      const entries = fake.cacheEntries.filter((e) => e.key === key);
      expect(entries).toHaveLength(1);
      const entry = entries[0]!;
      expect(entry.finalized).toBe(true);
      expect(entry.sizeBytes).toBe(entry.bytes!.length);
      // A zstd frame when zstd is on PATH; without it the client falls back to tar -z.
      const magic = entry.bytes!.subarray(0, 4).toString("hex");
      expect(magic === "28b52ffd" || magic.startsWith("1f8b")).toBe(true);

      // A fresh temp folder somewhere else, as the next run's prepared sandbox would be.
      const restored = path.join(tmp, "prepared-2", "work");
      expect(await restorePrepared(restored, key, options)).toBe(true);
      expect(await treeState(restored)).toEqual(tree);

      expect(
        await restorePrepared(
          path.join(tmp, "other"),
          cacheKeyFor({ ...spec, setup: [] }),
          options,
        ),
      ).toBe(false);
    });
    expect(await treeState(prepared)).toEqual(tree);
    expect(log).toContain(`sandbox cache: saved ${key}`);
    expect(log).toContain(`sandbox cache: restored ${key}`);
    // Staging folders are cleaned up.
    expect(await fs.readdir(path.join(tmp, "runner-temp", "agent-evals-sandbox-cache"))).toEqual(
      [],
    );

    const calls = fake.requests
      .slice(start)
      .filter((r) => r.path.includes("CacheService") || r.path.includes("/actions-cache/"))
      .map((r) => (r.path.includes("CacheService") ? r.path.split("/").pop() : `${r.method} blob`));
    expect(calls).toEqual([
      "GetCacheEntryDownloadURL",
      "CreateCacheEntry",
      "PUT blob",
      "FinalizeCacheEntryUpload",
      "GetCacheEntryDownloadURL",
      "GET blob",
      "GetCacheEntryDownloadURL",
    ]);
    const put = fake.requests
      .slice(start)
      .find((r) => r.method === "PUT" && r.path.includes("/actions-cache/"));
    expect(put?.headers["x-ms-blob-type"]).toBe("BlockBlob");
    expect(put?.comp).toBeUndefined();
  });

  it("never throws when the cache service fails or is absent", async () => {
    const log: string[] = [];
    const options = { log: (m: string) => log.push(m) };
    const prepared = path.join(tmp, "prepared-3", "work");
    await makePrepared(prepared);
    const key = cacheKeyFor({ ...spec, id: "failing" });

    await withEnv(cacheEnv(), async () => {
      fake.failNext("CreateCacheEntry", 400);
      await expect(savePrepared(prepared, key, options)).resolves.toBeUndefined();
      expect(fake.cacheEntries.some((e) => e.key === key)).toBe(false);
      expect(log.at(-1)).toBe(`sandbox cache: ${key} was not saved (see the cache warnings above)`);

      await savePrepared(prepared, key, options);
      fake.failNext("GetCacheEntryDownloadURL", 403);
      expect(await restorePrepared(path.join(tmp, "r-403"), key, options)).toBe(false);
      // The blob store failing mid-restore.
      fake.failNext("/devstoreaccount1/actions-cache/", 404);
      expect(await restorePrepared(path.join(tmp, "r-blob"), key, options)).toBe(false);
      expect(await fs.stat(path.join(tmp, "r-blob")).catch(() => undefined)).toBeUndefined();
      expect(await restorePrepared(path.join(tmp, "r-ok"), key, options)).toBe(true);
    });

    // A service that isn't there at all.
    const gone = await startFakeResultsService();
    const goneEnv = {
      ...gone.env(),
      RUNNER_TEMP: cacheEnv().RUNNER_TEMP,
      GITHUB_WORKSPACE: cacheEnv().GITHUB_WORKSPACE,
    };
    await gone.close();
    await withEnv(goneEnv, async () => {
      expect(await restorePrepared(path.join(tmp, "r-gone"), key, options)).toBe(false);
      await expect(savePrepared(prepared, key, options)).resolves.toBeUndefined();
    });

    // No cache variables: nothing is attempted.
    const outside = clientVars();
    await withEnv(noClientVars(), async () => {
      expect(sandboxCacheConfigured()).toBe(false);
      expect(await restorePrepared(path.join(tmp, "r-none"), key, options)).toBe(false);
      await savePrepared(prepared, key, options);
    });
    expect(log.at(-1)).toMatch(/no cache service/);
    expect(clientVars()).toEqual(outside);
  });
});
