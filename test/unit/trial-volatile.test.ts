// The strings record and replay replace with placeholders: the trial's folders (and their slugs),
// and the folder the agent CLI is installed in, found from its program on the trial's PATH.

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installRoot, volatileStrings } from "../../src/run/trial-volatile.js";

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** A package with its program in bundle/, linked from a bin folder as npm links it. */
async function installed(): Promise<{ bin: string; pkg: string; bare: string }> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-install-")));
  made.push(dir);
  const pkg = path.join(dir, "lib", "node_modules", "@vendor", "agent");
  await fs.mkdir(path.join(pkg, "bundle"), { recursive: true });
  await fs.writeFile(path.join(pkg, "package.json"), '{ "name": "@vendor/agent" }\n');
  await fs.writeFile(path.join(pkg, "bundle", "agent.js"), "#!/usr/bin/env node\n", {
    mode: 0o755,
  });
  const bin = path.join(dir, "bin");
  await fs.mkdir(bin);
  await fs.symlink(path.join(pkg, "bundle", "agent.js"), path.join(bin, "agent"));
  // A program outside any package.
  const bare = path.join(dir, "bare");
  await fs.mkdir(bare);
  await fs.writeFile(path.join(bare, "tool"), "#!/bin/sh\n", { mode: 0o755 });
  return { bin, pkg, bare };
}

describe("installRoot", () => {
  it("follows the link on PATH to the program and gives the folder of its package.json", async () => {
    const { bin, pkg } = await installed();
    expect(installRoot("agent", ["/nonexistent", bin].join(path.delimiter))).toBe(pkg);
    expect(installRoot(path.join(bin, "agent"), undefined)).toBe(pkg);
  });

  it("is undefined for a program not on PATH, or one outside any package", async () => {
    const { bin, bare } = await installed();
    expect(installRoot("missing", bin)).toBeUndefined();
    expect(installRoot("tool", bare)).toBeUndefined();
  });
});

describe("volatileStrings", () => {
  it("names the trial's folders, their slugs and the agent's install folder", async () => {
    const { bin, pkg } = await installed();
    const strings = volatileStrings({
      work: "/tmp/ae-1/work",
      tmp: "/tmp/ae-1/tmp",
      root: "/tmp/ae-1",
      env: { HOME: "/tmp/ae-1/home", PATH: bin },
      executable: "agent",
    });
    expect(strings).toMatchObject({
      "/tmp/ae-1/work": "<workspace>",
      "-tmp-ae-1-work": "<workspace-slug>",
      "/tmp/ae-1/home": "<home>",
      "/tmp/ae-1": "<trial>",
      [pkg]: "<agent-install>",
    });
  });
});
