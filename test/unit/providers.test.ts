// The sandbox providers' registry is the one place their names are listed: the CLI's and the
// Action's choices come from it, and no module outside the providers' own names one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROVIDERS, PROVIDER_NAMES, SANDBOX_KINDS } from "../../src/run/index.js";

const SRC = path.join(import.meta.dirname, "../../src");
/** The provider modules: the registry and each provider's own file. */
const PROVIDER_MODULES = new Set(
  ["provider.ts", "none.ts", "bwrap.ts", "bwrap-host.ts", "docker.ts", "docker-host.ts"].map(
    (f) => `run/isolation/${f}`,
  ),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

describe("sandbox providers", () => {
  it("the registry lists none, bwrap and docker; --sandbox takes them and auto", () => {
    expect(PROVIDER_NAMES).toEqual(["none", "bwrap", "docker"]);
    expect(PROVIDER_NAMES).toEqual(PROVIDERS.map((p) => p.name));
    expect(SANDBOX_KINDS).toEqual([...PROVIDER_NAMES, "auto"]);
  });

  it("each provider says in one line what it protects and what not", () => {
    for (const provider of PROVIDERS) {
      const note = provider.note();
      expect(note).toMatch(/^sandbox: /);
      expect(note).not.toContain("\n");
      expect(note).toMatch(/can still|still/);
    }
  });

  it("no module outside the providers names one (no `if (bwrap)` or `if (docker)` in the runner or the checks)", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join("/");
      if (PROVIDER_MODULES.has(rel)) continue;
      const code = fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line));
      code.forEach((line, i) => {
        if (/["'`](bwrap|docker)["'`]|\.(bwrap|docker)\b|sandbox[^\n]*["']none["']/.test(line))
          offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
