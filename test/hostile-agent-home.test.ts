// Issue 32, rule 1, for the agent adapters: the files they read back from a trial's HOME or
// TMPDIR after the agent ran (codex's config.toml, a JSON settings or usage file) are the agent's
// to write. A link there to a secret is not followed, a FIFO there is not waited on: real files,
// the adapters' own readers.

import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readJsonObject } from "../src/agents/agent-home.js";
import { configuredModel } from "../src/agents/codex.js";

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A secret outside the trial, that the adapter's reader would take for the file. */
async function secret(name: string, text: string): Promise<string> {
  const file = path.join(await tempDir("ae-secret-"), name);
  await fs.writeFile(file, text);
  return file;
}

describe("an agent's HOME and TMPDIR read back", () => {
  it("codex's config.toml as a link to another config: its model is not taken", async () => {
    const home = await tempDir("ae-codex-home-");
    await fs.symlink(
      await secret("config.toml", 'model = "secret-model"\n'),
      path.join(home, "config.toml"),
    );
    expect(await configuredModel(home)).toBeUndefined();
    // Positive control: the same file in place is read.
    await fs.rm(path.join(home, "config.toml"));
    await fs.writeFile(path.join(home, "config.toml"), 'model = "gpt-5"\n');
    expect(await configuredModel(home)).toBe("gpt-5");
  });

  it("codex's config.toml as a FIFO: read as no config, at once", { timeout: 10_000 }, async () => {
    const home = await tempDir("ae-codex-home-");
    execFileSync("mkfifo", [path.join(home, "config.toml")]);
    expect(await configuredModel(home)).toBeUndefined();
  });

  it("a JSON settings or usage file as a link to a secret: read as {}", async () => {
    const dir = await tempDir("ae-agent-tmp-");
    const file = path.join(dir, "copilot-usage.json");
    await fs.symlink(await secret("token.json", '{ "token": "top-secret" }'), file);
    expect(await readJsonObject(file)).toEqual({});
    await fs.rm(file);
    await fs.writeFile(file, '{ "a": 1 }');
    expect(await readJsonObject(file)).toEqual({ a: 1 });
  });

  it(
    "a JSON settings or usage file as a FIFO: read as {}, at once",
    { timeout: 10_000 },
    async () => {
      const dir = await tempDir("ae-agent-tmp-");
      const file = path.join(dir, "settings.json");
      execFileSync("mkfifo", [file]);
      expect(await readJsonObject(file)).toEqual({});
    },
  );
});
