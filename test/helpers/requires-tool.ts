// Tests that need an outside tool (bwrap, Docker, Chromium, …). `npm test` installs them first
// (pretest: scripts/install-test-tools.sh, the script .ci/run calls). Where one still cannot run
// here, its tests are skipped and the reason is printed — never in silence — and under CI=true
// they fail with that reason instead: CI installs every tool, so a missing one is a broken runner.
//
//   const bwrap = await requireTool({ name: "bwrap", probe: bwrapProblem, install: "…" });
//   bwrap.describe("--sandbox bwrap", () => { … });   // or bwrap.it("…", async () => { … })

import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { beforeEach, describe, it } from "vitest";
import { heavyOnly } from "./tier.js";

export interface ToolRequirement {
  /** The tool as the message names it: "bwrap", "Docker", "Chromium". */
  name: string;
  /** Undefined when the tool works here, else why it does not (one line). */
  probe: () => string | undefined | Promise<string | undefined>;
  /** How to make it work, printed after the reason. */
  install: string;
}

export interface RequiredTool {
  name: string;
  /** Why the tool cannot run here; undefined when it can. */
  problem: string | undefined;
  /** `describe` whose tests run only where the tool works (see the file's comment). */
  describe(title: string, body: () => void): void;
  /** `it` that runs only where the tool works (see the file's comment). */
  it(title: string, body: () => unknown, timeoutMs?: number): void;
}

export async function requireTool(requirement: ToolRequirement): Promise<RequiredTool> {
  const problem = await requirement.probe();
  const { name } = requirement;
  const inCi = process.env.CI === "true";
  const why = `${name} cannot run here: ${problem}. ${requirement.install}.`;
  if (problem !== undefined && !inCi) {
    console.warn(`skipping the tests that need ${name}; ${why} Under CI=true they fail instead.`);
  }
  const fail = () => {
    throw new Error(`CI=true but ${why}`);
  };
  return {
    name,
    problem,
    describe(title, body) {
      if (problem === undefined) return describe(title, body);
      if (!inCi) return describe.skip(`${title} (needs ${name})`, body);
      describe(title, () => {
        beforeEach(fail);
        body();
      });
    },
    it(title, body, timeoutMs) {
      if (problem === undefined) return it(title, body, timeoutMs);
      if (!inCi) return it.skip(`${title} (needs ${name})`, body, timeoutMs);
      it(title, fail);
    },
  };
}

/** A probe that runs `command args` and names its failure: for tools that answer `--version`, `info`. */
export function commandProbe(command: string, args: string[]): () => Promise<string | undefined> {
  return () =>
    new Promise((resolve) => {
      execFile(command, args, { timeout: 20_000 }, (error, _stdout, stderr) => {
        if (!error) return resolve(undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return resolve(`${command} is not installed`);
        const last = stderr.trim().split("\n").pop() || error.message;
        resolve(`\`${[command, ...args].join(" ")}\` failed: ${last}`);
      });
    });
}

const INSTALL =
  "`bash scripts/install-test-tools.sh` installs it with apt-get, as root or with sudo";

/** bubblewrap, as the product itself probes it (installed and able to make its namespaces). */
export const BWRAP: ToolRequirement = {
  name: "bwrap",
  probe: async () => {
    heavyOnly("bwrap");
    return (await import("../../src/run/isolation/bwrap.js")).bwrapProblem();
  },
  install: INSTALL,
};

/** The browser the HTML report's tests drive (Debian's chromium, or CHROMIUM_PATH). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM: ToolRequirement = {
  name: "Chromium",
  probe: () => {
    heavyOnly("Chromium");
    try {
      accessSync(CHROMIUM_PATH, constants.X_OK);
      return undefined;
    } catch {
      return `no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH to use another)`;
    }
  },
  install: INSTALL,
};

/** A Docker daemon that answers. */
export const DOCKER: ToolRequirement = {
  name: "Docker",
  probe: () => {
    heavyOnly("Docker");
    return commandProbe("docker", ["info"])();
  },
  install: `${INSTALL}, and starts dockerd`,
};
