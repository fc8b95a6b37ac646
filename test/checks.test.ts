// src/check: every kind of check run through runChecks/runCheck over a real sandbox folder.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync, promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { runCheck, runChecks, type CheckContext } from "../src/check/checks.js";
import type { AgentRunResult, CheckSpec, ShimCall } from "../src/model/eval.js";
import { changedFiles, manifest, type Manifest } from "../src/run/workspace/changes.js";

let sandbox: string;
let outDir: string;

beforeEach(async () => {
  sandbox = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-checks-sandbox-")));
  outDir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-checks-out-")));
});

afterEach(async () => {
  await fs.rm(sandbox, { recursive: true, force: true });
  await fs.rm(outDir, { recursive: true, force: true });
});

const RUN: AgentRunResult = {
  exitCode: 0,
  timedOut: false,
  trajectory: [{ tool: "Bash", input: { command: "true" }, exitCode: 0 }],
  transcripts: [],
  durationMs: 5,
  finalMessage: "done",
};

function context(overrides: Partial<CheckContext> = {}): CheckContext {
  return {
    workspace: sandbox,
    calls: [],
    run: RUN,
    changedFiles: async () => [],
    env: { PATH: process.env.PATH!, HOME: sandbox },
    outDir,
    timeoutMs: 10_000,
    ...overrides,
  };
}

function call(bin: string, argv: string[], exit: number | null = 0): ShimCall {
  return { bin, argv, cwd: sandbox, time: Date.now(), exit };
}

async function write(rel: string, content: string): Promise<void> {
  const file = path.join(sandbox, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

async function one(check: CheckSpec, ctx: CheckContext = context()) {
  const [outcome] = await runChecks([check], ctx);
  expect(outcome).toBeDefined();
  return outcome!;
}

const CALLS: ShimCall[] = [
  call("acmedb", ["init", "--region", "eu", "--project-id", "p1"]),
  call("npm", ["install"]),
  call("acmedb", ["connection-string"]),
  call("npm", ["run", "build"], 1),
];

describe("ran / notRan", () => {
  it("ran passes on a substring and on a RegExp, naming the matching call", async () => {
    const ctx = context({ calls: CALLS });
    const bySubstring = await one({ type: "ran", pattern: "acmedb connection" }, ctx);
    expect(bySubstring).toMatchObject({ ok: true, name: 'ran "acmedb connection"' });
    expect(bySubstring.evidence).toBe("call #3 matched: acmedb connection-string");

    const byRegExp = await one({ type: "ran", pattern: /^npm run \w+$/ }, ctx);
    expect(byRegExp.ok).toBe(true);
    expect(byRegExp.evidence).toBe("call #4 matched: npm run build");
  });

  it("ran matches `bin arg1 arg2`, so a pattern spanning bin and args works and an anchored one is exact", async () => {
    const ctx = context({ calls: [call("git", ["commit", "-m", "x"])] });
    expect((await one({ type: "ran", pattern: "git commit -m" }, ctx)).ok).toBe(true);
    expect((await one({ type: "ran", pattern: /^commit/ }, ctx)).ok).toBe(false);
  });

  it("ran fails listing the calls that were made (with non-zero exits)", async () => {
    const outcome = await one({ type: "ran", pattern: /deploy/ }, context({ calls: CALLS }));
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain("no call matched /deploy/");
    expect(outcome.evidence).toContain(
      "calls were: #1 acmedb init --region eu --project-id p1; #2 npm install; #3 acmedb connection-string; #4 npm run build (exit 1)",
    );
  });

  it("ran with no calls at all says no shimmed call was made", async () => {
    const outcome = await one({ type: "ran", pattern: "npm" });
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain("no shimmed call was made");
  });

  it("a long call list is cut after 10 with a count of the rest", async () => {
    const calls = Array.from({ length: 13 }, (_, i) => call("tool", [`n${i + 1}`]));
    const outcome = await one({ type: "ran", pattern: "absent" }, context({ calls }));
    expect(outcome.evidence).toContain("#10 tool n10");
    expect(outcome.evidence).not.toContain("tool n11");
    expect(outcome.evidence).toContain("… 3 more");
  });

  it("notRan passes when nothing matches and fails naming the matching call", async () => {
    const ctx = context({ calls: CALLS });
    const passes = await one({ type: "notRan", pattern: /rm -rf/ }, ctx);
    expect(passes).toMatchObject({ ok: true, name: "did not run /rm -rf/" });
    expect(passes.evidence).toContain("4 calls");

    const fails = await one({ type: "notRan", pattern: "npm run" }, ctx);
    expect(fails.ok).toBe(false);
    expect(fails.evidence).toBe('call #4 matched "npm run": npm run build');
  });

  it("a global RegExp is not made stateful by earlier matches", async () => {
    const pattern = /npm/g;
    const ctx = context({ calls: CALLS });
    expect((await one({ type: "ran", pattern }, ctx)).ok).toBe(true);
    expect((await one({ type: "ran", pattern }, ctx)).ok).toBe(true);
    expect((await one({ type: "notRan", pattern }, ctx)).ok).toBe(false);
  });
});

describe("ranInOrder", () => {
  it("passes with others in between, mixing strings and RegExps", async () => {
    const outcome = await one(
      { type: "ranInOrder", patterns: [/acmedb init .*--project-id/, "acmedb connection-string"] },
      context({ calls: CALLS }),
    );
    expect(outcome.ok).toBe(true);
    expect(outcome.evidence).toBe("in order at calls #1, #3");
    expect(outcome.name).toBe(
      'ran in order /acmedb init .*--project-id/ → "acmedb connection-string"',
    );
  });

  it("fails when the order is violated, saying which pattern and listing the calls", async () => {
    const outcome = await one(
      { type: "ranInOrder", patterns: ["acmedb connection-string", /acmedb init/] },
      context({ calls: CALLS }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain(
      '/acmedb init/ matched only call #1, before "acmedb connection-string" at #3',
    );
    expect(outcome.evidence).toContain("calls were: #1 acmedb init");
    expect(outcome.evidence).toContain("#3 acmedb connection-string");
  });

  it("a pattern matched only before the previous match fails even though it matched somewhere", async () => {
    const calls = [call("a", []), call("b", []), call("c", [])];
    const outcome = await one({ type: "ranInOrder", patterns: ["b", "a"] }, context({ calls }));
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain('"a" matched only call #1, before "b" at #2');
  });

  it("a pattern that matches nothing after the previous ones names them", async () => {
    const calls = [call("a", []), call("b", [])];
    const outcome = await one(
      { type: "ranInOrder", patterns: ["a", "b", "zzz"] },
      context({ calls }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain('no call matched "zzz" after "a" at #1, "b" at #2');
    expect(outcome.evidence).toContain("calls were: #1 a; #2 b");
  });

  it("the same pattern twice needs two calls", async () => {
    const once = context({ calls: [call("npm", ["test"])] });
    const twice = context({ calls: [call("npm", ["test"]), call("npm", ["test"])] });
    expect((await one({ type: "ranInOrder", patterns: ["npm test", "npm test"] }, once)).ok).toBe(
      false,
    );
    const ok = await one({ type: "ranInOrder", patterns: ["npm test", "npm test"] }, twice);
    expect(ok).toMatchObject({ ok: true, evidence: "in order at calls #1, #2" });
  });

  it("with no calls the evidence says no shimmed call was made", async () => {
    const outcome = await one({ type: "ranInOrder", patterns: ["a", "b"] });
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toBe('no call matched "a"; no shimmed call was made');
  });
});

describe("file checks", () => {
  it("fileExists / fileAbsent see real files (and folders)", async () => {
    await write("src/Button.tsx", "export const Button = 1;\n");
    expect(await one({ type: "fileExists", path: "src/Button.tsx" })).toMatchObject({
      ok: true,
      evidence: "src/Button.tsx exists",
    });
    expect((await one({ type: "fileExists", path: "src" })).ok).toBe(true);
    expect(await one({ type: "fileAbsent", path: "src/Button.js" })).toMatchObject({
      ok: true,
      evidence: "src/Button.js does not exist",
    });
    expect(await one({ type: "fileAbsent", path: "src/Button.tsx" })).toMatchObject({
      ok: false,
      evidence: "src/Button.tsx exists but must not",
    });
  });

  it("a missing file's evidence lists what its folder has", async () => {
    await write("src/Button.tsx", "x");
    await write("src/Button.test.tsx", "y");
    await write("README.md", "z");
    const inSub = await one({ type: "fileExists", path: "src/Button.js" });
    expect(inSub.ok).toBe(false);
    expect(inSub.evidence).toBe(
      "src/Button.js does not exist; src/ has: Button.test.tsx, Button.tsx",
    );
    const atRoot = await one({ type: "fileExists", path: "package.json" });
    expect(atRoot.evidence).toBe("package.json does not exist; the sandbox has: README.md, src");
    const noFolder = await one({ type: "fileExists", path: "lib/x.js" });
    expect(noFolder.evidence).toBe("lib/x.js does not exist; lib/ does not exist either");
    const contains = await one({ type: "fileContains", path: "src/index.ts", pattern: "x" });
    expect(contains.ok).toBe(false);
    expect(contains.evidence).toContain("src/index.ts does not exist; src/ has: Button.test.tsx");
  });

  it("fileExists sees a symlink even when it dangles", async () => {
    await fs.symlink("nowhere", path.join(sandbox, "dangling"));
    expect((await one({ type: "fileExists", path: "dangling" })).ok).toBe(true);
  });

  it("fileContains with a string and a RegExp reports the line where it was found", async () => {
    await write(".env.local", "# local settings\nPORT=3000\nDATABASE_URL=postgres://db/app\n");
    const byString = await one({
      type: "fileContains",
      path: ".env.local",
      pattern: "DATABASE_URL=postgres://",
    });
    expect(byString).toMatchObject({
      ok: true,
      evidence: "found at .env.local:3: DATABASE_URL=postgres://db/app",
      name: '.env.local contains "DATABASE_URL=postgres://"',
    });
    const byRegExp = await one({ type: "fileContains", path: ".env.local", pattern: /PORT=\d+/ });
    expect(byRegExp.evidence).toBe("found at .env.local:2: PORT=3000");
    const sticky = await one({ type: "fileContains", path: ".env.local", pattern: /PORT/gy });
    expect(sticky.evidence).toBe("found at .env.local:2: PORT=3000");
  });

  it("counts lines as a file holds them: a final newline ends a line, it starts none", async () => {
    // The three readers: small files whole (a string needle, a RegExp) and large files by chunks.
    for (const [text, lines] of [
      ["", 0],
      ["hi\n", 1],
      ["hi", 1],
      ["a\nb", 2],
      ["a\n\n", 2],
    ] as const) {
      await write("count.txt", text);
      for (const pattern of ["absent", /absent/]) {
        const outcome = await one({ type: "fileContains", path: "count.txt", pattern });
        expect(outcome.evidence, JSON.stringify(text)).toContain(
          `(${lines} ${lines === 1 ? "line" : "lines"}, `,
        );
      }
    }
  });

  it("fileContains fails with the file's size when the pattern is not in it", async () => {
    await write(".env.local", "PORT=3000\nX=1\n");
    const outcome = await one({
      type: "fileContains",
      path: ".env.local",
      pattern: "DATABASE_URL=postgres://",
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toBe(
      '"DATABASE_URL=postgres://" not found in .env.local (2 lines, 14 bytes)',
    );
    const byRegExp = await one({ type: "fileContains", path: ".env.local", pattern: /^Y=/m });
    expect(byRegExp.evidence).toContain("/^Y=/m not found in .env.local");
  });

  it("fileLacks passes when absent from the file (or no file) and fails at the line found", async () => {
    await write("src/app.ts", "const a = 1;\nconst b = eval('2');\n");
    expect(await one({ type: "fileLacks", path: "src/app.ts", pattern: "TODO" })).toMatchObject({
      ok: true,
      name: 'src/app.ts lacks "TODO"',
    });
    expect(await one({ type: "fileLacks", path: "src/none.ts", pattern: "x" })).toMatchObject({
      ok: true,
      evidence: "src/none.ts does not exist",
    });
    const fails = await one({ type: "fileLacks", path: "src/app.ts", pattern: /eval\(/ });
    expect(fails).toMatchObject({
      ok: false,
      evidence: "found at src/app.ts:2: const b = eval('2');",
    });
  });

  it("paths escaping the sandbox always fail, for every file check", async () => {
    // A file right next to the sandbox: escaping paths must not see it even though it exists.
    const outside = path.join(path.dirname(sandbox), `${path.basename(sandbox)}-outside.txt`);
    await fs.writeFile(outside, "secret\n");
    try {
      const escaping = [
        "../x",
        `../${path.basename(outside)}`,
        "/etc/passwd",
        outside,
        "a/../../x",
      ];
      for (const p of escaping) {
        const checks: CheckSpec[] = [
          { type: "fileExists", path: p },
          { type: "fileAbsent", path: p },
          { type: "fileContains", path: p, pattern: "" },
          { type: "fileLacks", path: p, pattern: "never-in-there" },
        ];
        const outcomes = await runChecks(checks, context());
        for (const outcome of outcomes) {
          expect(outcome.ok, `${outcome.name}`).toBe(false);
          expect(outcome.evidence).toBe(`${p} is outside the sandbox; name a path inside it`);
        }
      }
    } finally {
      await fs.rm(outside, { force: true });
    }
  });

  it("does not follow a symlink the agent made to a file outside the sandbox", async () => {
    const outside = path.join(path.dirname(sandbox), `${path.basename(sandbox)}-target.txt`);
    await fs.writeFile(outside, "secret\n");
    try {
      await fs.symlink(outside, path.join(sandbox, "link.txt"));
      await write("inner.txt", "inside\n");
      await fs.symlink("inner.txt", path.join(sandbox, "ok-link.txt"));
      const escaped = await one({ type: "fileContains", path: "link.txt", pattern: "secret" });
      expect(escaped.ok).toBe(false);
      expect(escaped.evidence).toContain("outside the sandbox");
      expect((await one({ type: "fileLacks", path: "link.txt", pattern: "secret" })).ok).toBe(
        false,
      );
      expect((await one({ type: "fileContains", path: "ok-link.txt", pattern: "inside" })).ok).toBe(
        true,
      );
    } finally {
      await fs.rm(outside, { force: true });
    }
  });

  it("a path that only looks odd but stays inside is fine", async () => {
    await write("a/b.txt", "hello\n");
    expect((await one({ type: "fileContains", path: "a/../a/b.txt", pattern: "hello" })).ok).toBe(
      true,
    );
    expect((await one({ type: "fileExists", path: "./a/b.txt" })).ok).toBe(true);
  });

  it("a name that merely starts with two dots is inside the sandbox", async () => {
    await write("..env", "TOKEN=1\n");
    expect(await one({ type: "fileExists", path: "..env" })).toMatchObject({
      ok: true,
      evidence: "..env exists",
    });
    expect(await one({ type: "fileContains", path: "..env", pattern: "TOKEN" })).toMatchObject({
      ok: true,
      evidence: "found at ..env:1: TOKEN=1",
    });
    expect((await one({ type: "fileAbsent", path: "..other" })).ok).toBe(true);
  });
});

describe("changedFilesContain / changedFilesLack", () => {
  let before: Manifest;

  beforeEach(async () => {
    await write("package.json", '{"name":"app"}\n');
    await write("src/old.ts", "export const old = 'accessibility';\n");
    await write("src/same.ts", "unchanged\n");
    before = await manifest(sandbox);
  });

  const changedCtx = () => context({ changedFiles: () => changedFiles(sandbox, before) });

  it("looks only at files created or modified since the manifest", async () => {
    await write("src/new.ts", "// aria-label added here\nexport {};\n");
    await write("package.json", '{"name":"app","private":true}\n');
    const ctx = changedCtx();
    expect(await ctx.changedFiles()).toEqual(["package.json", "src/new.ts"]);

    const found = await one({ type: "changedFilesContain", text: "aria-label" }, ctx);
    expect(found).toMatchObject({
      ok: true,
      evidence: "found at src/new.ts:1: // aria-label added here",
    });
    expect(found.name).toBe('changed files contain "aria-label"');

    // "accessibility" is only in an unchanged file: it does not count.
    const unchanged = await one({ type: "changedFilesContain", text: "accessibility" }, ctx);
    expect(unchanged.ok).toBe(false);
    expect(unchanged.evidence).toBe(
      '"accessibility" is in none of the 2 files the run created or modified (package.json, src/new.ts)',
    );

    const lacks = await one({ type: "changedFilesLack", text: "accessibility" }, ctx);
    expect(lacks).toMatchObject({
      ok: true,
      evidence: '"accessibility" is in none of the 2 changed files',
    });
    const lacksFails = await one({ type: "changedFilesLack", text: '"private"' }, ctx);
    expect(lacksFails).toMatchObject({
      ok: false,
      evidence: 'found at package.json:1: {"name":"app","private":true}',
    });
  });

  it("a same-size modification counts as a change", async () => {
    await write("src/same.ts", "eval(1)xx\n");
    const ctx = changedCtx();
    expect(await ctx.changedFiles()).toEqual(["src/same.ts"]);
    const outcome = await one({ type: "changedFilesLack", text: "eval(" }, ctx);
    expect(outcome).toMatchObject({ ok: false, evidence: "found at src/same.ts:1: eval(1)xx" });
  });

  it("with nothing changed, contain fails saying so and lack passes", async () => {
    const ctx = changedCtx();
    const contain = await one({ type: "changedFilesContain", text: "accessibility" }, ctx);
    expect(contain).toMatchObject({
      ok: false,
      evidence: 'the run created or modified no file, so "accessibility" cannot be in one',
    });
    expect((await one({ type: "changedFilesLack", text: "accessibility" }, ctx)).ok).toBe(true);
  });

  it("a deleted file is not a changed file", async () => {
    await fs.rm(path.join(sandbox, "src/old.ts"));
    const ctx = changedCtx();
    expect(await ctx.changedFiles()).toEqual([]);
  });
});

describe("succeeds", () => {
  it("passes on exit 0 and runs in the sandbox as cwd", async () => {
    const outcome = await one({ type: "succeeds", command: "pwd > where.txt", exitCode: 0 });
    expect(outcome).toMatchObject({
      ok: true,
      evidence: "exit 0",
      name: 'succeeds "pwd > where.txt"',
    });
    expect((await fs.readFile(path.join(sandbox, "where.txt"), "utf8")).trim()).toBe(sandbox);
  });

  it("passes when the expected non-zero exit code happens, and fails on 0 then", async () => {
    const expected = await one({ type: "succeeds", command: "exit 3", exitCode: 3 });
    expect(expected).toMatchObject({
      ok: true,
      evidence: "exit 3 as expected",
      name: 'succeeds "exit 3" (exit 3)',
    });
    const zero = await one({ type: "succeeds", command: "true", exitCode: 3 });
    expect(zero.ok).toBe(false);
    expect(zero.evidence).toContain("exit 0, expected 3");
  });

  it("a failure shows the exit code and the last lines of output", async () => {
    const command =
      "for i in $(seq 1 20); do echo line-$i; done; echo 'build: DATABASE_URL is not set' >&2; exit 1";
    const outcome = await one({ type: "succeeds", command, exitCode: 0 });
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toMatch(/^exit 1, expected 0 — last lines:\n/);
    expect(outcome.evidence).toContain("line-20");
    expect(outcome.evidence).toContain("line-15");
    expect(outcome.evidence).not.toContain("line-14\n");
    expect(outcome.evidence).toContain("build: DATABASE_URL is not set");
    // The check's output files are written to outDir.
    const files = await fs.readdir(outDir);
    expect(files).toEqual(expect.arrayContaining(["check-0.stdout", "check-0.stderr"]));
  });

  it("a silent failure says there was no output", async () => {
    const outcome = await one({ type: "succeeds", command: "exit 2", exitCode: 0 });
    expect(outcome).toMatchObject({ ok: false, evidence: "exit 2, expected 0 — no output" });
  });

  it("sees only the context's environment", async () => {
    const ctx = context({ env: { PATH: process.env.PATH!, ONLY_HERE: "yes" } });
    expect(
      (await one({ type: "succeeds", command: 'test "$ONLY_HERE" = yes', exitCode: 0 }, ctx)).ok,
    ).toBe(true);
    expect(
      (await one({ type: "succeeds", command: 'test -z "${HOME:-}"', exitCode: 0 }, ctx)).ok,
    ).toBe(true);
  });

  it("a command that outlives timeoutMs fails with 'timed out'", async () => {
    const started = Date.now();
    const outcome = await one(
      { type: "succeeds", command: "echo starting; sleep 5", exitCode: 0 },
      context({ timeoutMs: 300 }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.evidence).toContain("timed out");
    expect(outcome.evidence).toContain("starting");
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it("each succeeds check of a list writes its own output files", async () => {
    await runChecks(
      [
        { type: "succeeds", command: "echo first", exitCode: 0 },
        { type: "succeeds", command: "echo second", exitCode: 0 },
      ],
      context(),
    );
    expect(await fs.readFile(path.join(outDir, "check-0.stdout"), "utf8")).toBe("first\n");
    expect(await fs.readFile(path.join(outDir, "check-1.stdout"), "utf8")).toBe("second\n");
  });
});

describe("custom checks (assertThat)", () => {
  const custom = (fn: Extract<CheckSpec, { type: "custom" }>["fn"]): CheckSpec => ({
    type: "custom",
    name: "my check",
    fn,
  });

  it("true, undefined and { ok: true } hold", async () => {
    expect(await one(custom(() => true))).toMatchObject({
      ok: true,
      evidence: "held",
      name: "my check",
    });
    expect(await one(custom(() => undefined))).toMatchObject({ ok: true, evidence: "held" });
    expect(await one(custom(async () => {}))).toMatchObject({ ok: true, evidence: "held" });
    expect(await one(custom(() => ({ ok: true })))).toMatchObject({ ok: true, evidence: "held" });
    expect(await one(custom(() => ({ ok: true, evidence: "all 3 found" })))).toMatchObject({
      ok: true,
      evidence: "all 3 found",
    });
  });

  it("false, a string and { ok: false } fail with what was returned", async () => {
    expect(await one(custom(() => false))).toMatchObject({ ok: false, evidence: "returned false" });
    expect(await one(custom(() => "the port is 80, expected 3000"))).toMatchObject({
      ok: false,
      evidence: "the port is 80, expected 3000",
    });
    expect(await one(custom(async () => ({ ok: false, evidence: "bad config" })))).toMatchObject({
      ok: false,
      evidence: "bad config",
    });
    expect(await one(custom(() => ({ ok: false })))).toMatchObject({
      ok: false,
      evidence: "returned ok: false",
    });
  });

  it("a throwing function (sync or async) fails with the error as evidence", async () => {
    const sync = await one(
      custom(() => {
        throw new Error("boom");
      }),
    );
    expect(sync).toMatchObject({ ok: false, evidence: "the check threw: boom" });
    const rejected = await one(custom(() => Promise.reject(new Error("later boom"))));
    expect(rejected).toMatchObject({ ok: false, evidence: "the check threw: later boom" });
  });

  it("each check gets its own copy of the environment", async () => {
    const ctx = context();
    const outcomes = await runChecks(
      [
        custom(({ env }) => {
          env.LEAK = "1";
        }),
        custom(({ env }) => (env.LEAK === undefined ? true : "saw the first check's change")),
      ],
      ctx,
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(ctx.env.LEAK).toBeUndefined();
  });

  it("gets the workspace, the calls, the run and the trial's environment", async () => {
    await write("marker.txt", "here");
    const calls = [call("npm", ["ci"])];
    let seen: unknown;
    const outcome = await one(
      custom(async (ctx) => {
        seen = ctx;
        return (await fs.readFile(path.join(ctx.workspace, "marker.txt"), "utf8")) === "here";
      }),
      context({ calls }),
    );
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual({
      workspace: sandbox,
      // The deprecated old name of `workspace`, kept for checks written before the rename.
      sandbox,
      calls,
      run: RUN,
      env: { PATH: process.env.PATH!, HOME: sandbox },
      signal: expect.any(AbortSignal),
    });
  });

  it("an old-style check reading ctx.sandbox (deprecated: now ctx.workspace) still passes", async () => {
    await write("marker.txt", "here");
    const outcome = await one(
      custom(async (ctx) => {
        expect(ctx.sandbox).toBe(ctx.workspace);
        return (await fs.readFile(path.join(ctx.sandbox, "marker.txt"), "utf8")) === "here";
      }),
      context(),
    );
    expect(outcome).toMatchObject({ ok: true });
  });

  it("runCheck returns the bare verdict and lets a throw through", async () => {
    expect(
      await runCheck(
        custom(() => "nope"),
        context(),
        0,
      ),
    ).toEqual({
      ok: false,
      evidence: "nope",
    });
    await expect(
      runCheck(
        custom(() => {
          throw new Error("raw");
        }),
        context(),
        0,
      ),
    ).rejects.toThrow("raw");
  });
});

describe("runChecks", () => {
  it("runs the checks in order, each outcome carrying its source file and line", async () => {
    const order: string[] = [];
    const checks: CheckSpec[] = [
      {
        type: "custom",
        name: "first",
        fn: () => void order.push("first"),
        source: { file: "evals/a.eval.yaml", line: 3 },
      },
      {
        type: "succeeds",
        command: "echo second >> order.txt",
        exitCode: 0,
        source: { file: "evals/a.eval.yaml", line: 7 },
      },
      {
        type: "custom",
        name: "third",
        fn: async () => {
          order.push("third");
          // The succeeds check before this one has already run and finished.
          return (await fs.readFile(path.join(sandbox, "order.txt"), "utf8")) === "second\n";
        },
        source: { file: "evals/a.eval.ts" },
      },
      { type: "fileExists", path: "nope.txt" },
    ];
    const outcomes = await runChecks(checks, context());
    expect(order).toEqual(["first", "third"]);
    expect(outcomes.map((o) => o.name)).toEqual([
      "first",
      'succeeds "echo second >> order.txt"',
      "third",
      "file exists nope.txt",
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, false]);
    expect(outcomes[0]).toMatchObject({ file: "evals/a.eval.yaml", line: 3 });
    expect(outcomes[1]).toMatchObject({ file: "evals/a.eval.yaml", line: 7 });
    expect(outcomes[2]!.file).toBe("evals/a.eval.ts");
    expect(outcomes[2]!.line).toBeUndefined();
    expect(outcomes[3]).not.toHaveProperty("file");
    expect(outcomes[3]).not.toHaveProperty("line");
  });

  it("a failing or throwing check does not stop the later ones", async () => {
    await write("later.txt", "ok");
    const outcomes = await runChecks(
      [
        { type: "custom", name: "throws", fn: () => Promise.reject(new Error("x")) },
        { type: "succeeds", command: "exit 1", exitCode: 0 },
        { type: "fileExists", path: "later.txt" },
      ],
      context(),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([false, false, true]);
  });
});

describe("files that are not regular files", () => {
  const fifos: string[] = [];
  afterEach(() => {
    // Should a read ever block in open() on a FIFO again, opening its writing end frees that
    // thread, so that this test fails by its timeout instead of keeping the worker from exiting.
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waiting: nothing to free.
      }
    }
  });

  async function mkfifo(rel: string): Promise<string> {
    const file = path.join(sandbox, rel);
    execFileSync("mkfifo", [file]);
    fifos.push(file);
    return file;
  }

  it(
    "a FIFO at a checked path is not opened for reading: the checks fail at once saying what it is",
    { timeout: 20_000 },
    async () => {
      await mkfifo("out.txt");
      await fs.symlink("out.txt", path.join(sandbox, "link-to-fifo"));
      const contains = await one({ type: "fileContains", path: "out.txt", pattern: "done" });
      expect(contains).toMatchObject({
        ok: false,
        evidence: "out.txt is a FIFO (named pipe), not a regular file: it was not read",
      });
      const lacks = await one({ type: "fileLacks", path: "out.txt", pattern: /secret/ });
      expect(lacks).toMatchObject({
        ok: false,
        evidence: "out.txt is a FIFO (named pipe), not a regular file: it was not read",
      });
      const viaLink = await one({ type: "fileContains", path: "link-to-fifo", pattern: "done" });
      expect(viaLink.evidence).toBe(
        "link-to-fifo is a FIFO (named pipe), not a regular file: it was not read",
      );
      expect((await one({ type: "fileExists", path: "out.txt" })).ok).toBe(true);
    },
  );

  it(
    "changed files that are FIFOs or sockets are skipped, named in the evidence; the others count",
    { timeout: 20_000 },
    async () => {
      await mkfifo("a.fifo");
      const socketPath = path.join(sandbox, "b.sock");
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(socketPath, resolve));
      try {
        await write("c.txt", "the needle is here\n");
        const ctx = context({ changedFiles: async () => ["a.fifo", "b.sock", "c.txt"] });
        expect(await one({ type: "changedFilesContain", text: "needle" }, ctx)).toMatchObject({
          ok: true,
          evidence: "found at c.txt:1: the needle is here",
        });
        expect(await one({ type: "changedFilesContain", text: "absent" }, ctx)).toMatchObject({
          ok: false,
          evidence:
            '"absent" is in none of the 3 files the run created or modified (a.fifo, b.sock, c.txt)' +
            "; not regular files, not read: a.fifo (a FIFO (named pipe)), b.sock (a socket)",
        });
        expect(await one({ type: "changedFilesLack", text: "absent" }, ctx)).toMatchObject({
          ok: true,
          evidence:
            '"absent" is in none of the 3 changed files' +
            "; not regular files, not read: a.fifo (a FIFO (named pipe)), b.sock (a socket)",
        });
        expect(await one({ type: "fileContains", path: "b.sock", pattern: "x" })).toMatchObject({
          ok: false,
          evidence: "b.sock is a socket, not a regular file: it was not read",
        });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );
});

describe("large files", () => {
  const MIB = 1024 * 1024;
  // Reading gigabytes takes seconds on a loaded machine: no check here may stop at a deadline.
  const patient = (overrides: Partial<CheckContext> = {}) =>
    context({ timeoutMs: 600_000, ...overrides });

  /** A sparse file of `size` bytes (zeros) with `pieces` written at their offsets. */
  async function sparse(rel: string, size: number, pieces: Array<[number, string]>) {
    const handle = await fs.open(path.join(sandbox, rel), "w");
    try {
      await handle.truncate(size);
      for (const [at, text] of pieces) await handle.write(Buffer.from(text), 0, text.length, at);
    } finally {
      await handle.close();
    }
  }

  it(
    "a 600 MB file: changed-files text is still found in another file; text across a read's border is found",
    { timeout: 120_000 },
    async () => {
      // The border of two 1 MiB reads falls inside "NEEDLE-crossing", near the end of the file.
      await sparse("big.bin", 600 * MIB, [
        [0, "head\n"],
        [599 * MIB - 10, "\nsay NEEDLE-crossing here\n"],
      ]);
      await write("notes.txt", "the needle is here\n");
      const ctx = patient({ changedFiles: async () => ["big.bin", "notes.txt"] });
      expect(await one({ type: "changedFilesContain", text: "needle" }, ctx)).toMatchObject({
        ok: true,
        evidence: "found at notes.txt:1: the needle is here",
      });
      expect(await one({ type: "changedFilesLack", text: "needle" }, ctx)).toMatchObject({
        ok: false,
        evidence: "found at notes.txt:1: the needle is here",
      });
      const crossing = await one(
        { type: "fileContains", path: "big.bin", pattern: "NEEDLE-crossing" },
        ctx,
      );
      expect(crossing).toMatchObject({
        ok: true,
        evidence: "found at big.bin:3: say NEEDLE-crossing here",
      });
      expect(
        await one({ type: "fileLacks", path: "big.bin", pattern: "absent" }, ctx),
      ).toMatchObject({
        ok: true,
        evidence: '"absent" not in big.bin',
      });
    },
  );

  it(
    "a file over 2 GiB (readFile's limit): text is searched to its end, and a RegExp line by line",
    { timeout: 120_000 },
    async () => {
      // Just past 2 GiB, the size readFile refuses: as strong a case as the 3 GB it was, read faster.
      const size = 2 * 1024 * MIB + MIB;
      await sparse("huge.bin", size, [[size - 9, "\nTHE END\n"]]);
      const ctx = patient();
      expect(
        await one({ type: "fileContains", path: "huge.bin", pattern: "THE END" }, ctx),
      ).toMatchObject({
        ok: true,
        evidence: "found at huge.bin:2: THE END",
      });
      // Line 1 is 2 GiB of zeros, too long for a RegExp: skipped; line 2 is searched.
      expect(
        await one({ type: "fileContains", path: "huge.bin", pattern: /THE \w+/ }, ctx),
      ).toMatchObject({
        ok: true,
        evidence: "found at huge.bin:2: THE END",
      });
    },
  );

  it(
    "a RegExp that finds nothing says which lines were too long to search, and fileLacks then fails",
    { timeout: 120_000 },
    async () => {
      // Over 16 MiB, so matched line by line; line 2 is 20 MiB of zeros.
      const size = 20 * MIB + 12;
      await sparse("long-line.bin", size, [
        [0, "first\n"],
        [20 * MIB + 6, "\nrest\n"],
      ]);
      const ctx = patient();
      const unsearched =
        "line 2 is over 16 MiB: a file over 16 MiB is matched by a RegExp line by line, and a line over 16 MiB is not searched";
      expect(
        await one({ type: "fileContains", path: "long-line.bin", pattern: /absent/ }, ctx),
      ).toMatchObject({
        ok: false,
        evidence: `/absent/ not found in long-line.bin (3 lines, ${size} bytes); ${unsearched}`,
      });
      // Not found where it could look is no proof that it is not there.
      expect(
        await one({ type: "fileLacks", path: "long-line.bin", pattern: /absent/ }, ctx),
      ).toMatchObject({
        ok: false,
        evidence: `/absent/ not found in long-line.bin, but not all of it was searched: ${unsearched}`,
      });
      // Text needs no lines: it is searched everywhere, and its absence is proven.
      expect(
        await one({ type: "fileLacks", path: "long-line.bin", pattern: "absent" }, ctx),
      ).toMatchObject({
        ok: true,
        evidence: '"absent" not in long-line.bin',
      });
    },
  );

  it("text is found wherever it falls across the border of two reads, with its line", async () => {
    const needle = "cross-me";
    for (let shift = 0; shift <= needle.length; shift++) {
      const at = MIB - shift;
      await sparse("f.bin", 2 * MIB, [
        [10, "one\ntwo\n"],
        [at - 1, `\n${needle}\n`],
      ]);
      const outcome = await one({ type: "fileContains", path: "f.bin", pattern: needle });
      expect(outcome, `shift ${shift}`).toMatchObject({
        ok: true,
        evidence: `found at f.bin:4: ${needle}`,
      });
    }
  });

  it("a RegExp over a file of many lines above 16 MiB: the right line, a UTF-8 character split by a read's border", async () => {
    // 20-byte lines with "ü" (two bytes) at bytes 15–16: every line holding a multiple of 16 MiB
    // (≡ 16 mod 20) has the border of two 1 MiB reads inside its "ü".
    const line = `${"x".repeat(15)}üen\n`;
    const target = `TARGET:${"x".repeat(8)}üen\n`;
    expect([Buffer.byteLength(line), Buffer.byteLength(target)]).toEqual([20, 20]);
    const count = Math.ceil((17 * MIB) / 20);
    const targetLine = Math.floor((16 * MIB) / 20) + 1;
    const body = Buffer.from(line.repeat(count));
    Buffer.from(target).copy(body, (targetLine - 1) * 20);
    await fs.writeFile(path.join(sandbox, "lines.txt"), body);
    const ctx = patient();
    expect(
      await one({ type: "fileContains", path: "lines.txt", pattern: /TARGET:x+üen$/ }, ctx),
    ).toMatchObject({
      ok: true,
      evidence: `found at lines.txt:${targetLine}: ${target.trim()}`,
    });
    expect(
      await one({ type: "fileLacks", path: "lines.txt", pattern: /^x+üen$/ }, ctx),
    ).toMatchObject({
      ok: false,
      evidence: `found at lines.txt:1: ${line.trim()}`,
    });
    const none = await one({ type: "fileContains", path: "lines.txt", pattern: /ü absent/ }, ctx);
    expect(none).toMatchObject({
      ok: false,
      evidence: `/ü absent/ not found in lines.txt (${count} lines, ${body.length} bytes)`,
    });
  });

  it("a file search stops when its check's signal is aborted", async () => {
    await sparse("huge.bin", 3 * 1024 * MIB, []);
    const signal = AbortSignal.abort(new Error("stop now"));
    await expect(
      runCheck({ type: "fileContains", path: "huge.bin", pattern: "x" }, context({ signal }), 0),
    ).rejects.toThrow("stop now");
  });
});

describe("the deadline of every check", () => {
  it(
    "a custom check that never returns fails at the eval's timeout; the next check runs",
    { timeout: 20_000 },
    async () => {
      await write("after.txt", "ok");
      const outcomes = await runChecks(
        [
          { type: "custom", name: "hangs", fn: () => new Promise<boolean>(() => undefined) },
          { type: "fileExists", path: "after.txt" },
        ],
        context({ timeoutMs: 300 }),
      );
      expect(outcomes.map((o) => [o.ok, o.evidence])).toEqual([
        [false, "did not finish within the eval's timeout (0.3 s); stopped"],
        [true, "after.txt exists"],
      ]);
    },
  );

  it(
    "a custom check is told to stop by its signal, and fails even if it then says it held",
    { timeout: 20_000 },
    async () => {
      let sawAbort = false;
      const outcome = await one(
        {
          type: "custom",
          name: "waits for its signal",
          fn: ({ signal }) =>
            new Promise<boolean>((resolve) =>
              signal.addEventListener("abort", () => {
                sawAbort = true;
                resolve(true);
              }),
            ),
        },
        context({ timeoutMs: 300 }),
      );
      expect(sawAbort).toBe(true);
      expect(outcome).toMatchObject({
        ok: false,
        evidence: "did not finish within the eval's timeout (0.3 s); stopped",
      });
    },
  );

  it(
    "changed files that take past the deadline to list fail the check",
    { timeout: 20_000 },
    async () => {
      const outcome = await one(
        { type: "changedFilesContain", text: "x" },
        context({ timeoutMs: 300, changedFiles: () => new Promise<string[]>(() => undefined) }),
      );
      expect(outcome).toMatchObject({
        ok: false,
        evidence: "did not finish within the eval's timeout (0.3 s); stopped",
      });
    },
  );

  it(
    "an interrupt stops the running check and leaves the rest unrun",
    { timeout: 20_000 },
    async () => {
      const interrupt = new AbortController();
      const outcomes = await runChecks(
        [
          {
            type: "custom",
            name: "interrupted",
            fn: () => {
              interrupt.abort(new Error("SIGINT"));
              return new Promise<boolean>(() => undefined);
            },
          },
          { type: "fileExists", path: "never-checked" },
        ],
        context({ signal: interrupt.signal }),
      );
      expect(outcomes).toEqual([
        expect.objectContaining({ name: "interrupted", ok: false, evidence: "SIGINT" }),
      ]);
    },
  );
});
