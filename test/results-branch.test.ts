import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  appendToResultsBranch,
  classifyGitFailure,
  fetchResultsFolder,
  readResultsBranch,
  ResultsBranchError,
  type ResultsBranchOptions,
} from "../src/store/results-branch.js";
import { startGitHttpServer, type GitHttpServer } from "./helpers/git-http.js";

const BRANCH = "copybook-results";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-results-")));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** git as the tests run it: no GIT_* variable of this process, a fixed identity. */
function git(cwd: string, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.toUpperCase().startsWith("GIT_")) env[key] = value;
  }
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args],
      { cwd, env: { ...env, LC_ALL: "C" }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(Object.assign(error, { stdout, stderr }));
        else resolve(stdout);
      },
    );
  });
}

async function gitFails(cwd: string, args: string[]): Promise<boolean> {
  return git(cwd, args).then(
    () => false,
    () => true,
  );
}

/** A bare origin with a `main` branch, and the user's clone of it. */
async function makeOrigin(root: string): Promise<{ origin: string; checkout: string }> {
  const origin = path.join(root, "origin.git");
  const checkout = path.join(root, "checkout");
  await git(root, ["init", "-q", "--bare", origin]);
  await git(root, ["init", "-q", "-b", "main", checkout]);
  await fs.writeFile(path.join(checkout, "README.md"), "# project\n");
  await fs.writeFile(path.join(checkout, "app.js"), "console.log(1);\n");
  await git(checkout, ["add", "."]);
  await git(checkout, ["commit", "-q", "-m", "initial"]);
  await git(checkout, ["remote", "add", "origin", origin]);
  await git(checkout, ["push", "-q", "origin", "main"]);
  return { origin, checkout };
}

async function showOnBranch(origin: string, file: string, branch = BRANCH): Promise<string> {
  return git(origin, ["show", `${branch}:${file}`]);
}

function linesOf(text: string): string[] {
  return text.split("\n").filter((l) => l !== "");
}

async function listDir(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => []);
}

/** Every file under `dir` (including .git), with its contents. */
async function allFiles(dir: string): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await allFiles(full)));
    else if (entry.isFile()) out.push({ file: full, text: await fs.readFile(full, "latin1") });
  }
  return out;
}

async function expectResultsError(
  promise: Promise<unknown>,
): Promise<ResultsBranchError & { kind: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ResultsBranchError);
  return error as ResultsBranchError;
}

describe("appendToResultsBranch / readResultsBranch", () => {
  it("creates the orphan branch, appends to it, and reads it back; a missing branch reads as undefined", async () => {
    const root = await tempDir();
    const { origin } = await makeOrigin(root);
    const scratchDir = path.join(root, "scratch");
    const options: ResultsBranchOptions = { remote: origin, scratchDir };

    expect(await readResultsBranch(options)).toBeUndefined();
    expect(await listDir(scratchDir)).toEqual([]);

    const first = await appendToResultsBranch(
      options,
      [{ path: "history/setup.jsonl", lines: ['{"n":1}', '{"n":2}'] }],
      "agent-evals: first",
    );
    expect(first).toMatchObject({ attempts: 1, created: true });
    expect(first.commit).toBe((await git(origin, ["rev-parse", BRANCH])).trim());
    // An orphan: one root commit, no history shared with main.
    expect(await gitFails(origin, ["merge-base", "main", BRANCH])).toBe(true);
    expect((await git(origin, ["rev-list", "--count", BRANCH])).trim()).toBe("1");
    expect(await git(origin, ["log", "-1", "--format=%an <%ae>|%s", BRANCH])).toBe(
      "github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>|agent-evals: first\n",
    );
    expect(linesOf(await showOnBranch(origin, ".gitattributes"))).toEqual(["*.jsonl merge=union"]);
    expect(await showOnBranch(origin, "history/setup.jsonl")).toBe('{"n":1}\n{"n":2}\n');
    expect((await git(origin, ["ls-tree", "-r", "--name-only", BRANCH])).split("\n")).toEqual([
      ".gitattributes",
      "history/setup.jsonl",
      "",
    ]);

    const second = await appendToResultsBranch(
      { ...options, author: { name: "Eval Bot", email: "bot@example.com" } },
      [
        { path: "history/setup.jsonl", lines: ['{"n":3}'] },
        { path: "history/deploy.jsonl", lines: ['{"d":1}'] },
      ],
      "agent-evals: second",
    );
    expect(second).toMatchObject({ attempts: 1, created: false });
    expect((await git(origin, ["rev-list", "--count", BRANCH])).trim()).toBe("2");
    expect(await git(origin, ["log", "-1", "--format=%an <%ae>", BRANCH])).toBe(
      "Eval Bot <bot@example.com>\n",
    );
    expect(await showOnBranch(origin, "history/setup.jsonl")).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    // main was left alone.
    expect((await git(origin, ["rev-list", "--count", "main"])).trim()).toBe("1");
    expect(await listDir(scratchDir)).toEqual([]); // writers clean up

    const read = await readResultsBranch(options);
    expect(read).toBeDefined();
    const dir = read!.dir;
    expect(await fs.readFile(path.join(dir, "history/setup.jsonl"), "utf8")).toBe(
      '{"n":1}\n{"n":2}\n{"n":3}\n',
    );
    expect(await fs.readFile(path.join(dir, "history/deploy.jsonl"), "utf8")).toBe('{"d":1}\n');
    expect((await git(dir, ["rev-parse", "HEAD"])).trim()).toBe(second.commit);
    expect((await git(dir, ["rev-parse", "--is-shallow-repository"])).trim()).toBe("true");
    await read!.dispose();
    await expect(fs.stat(dir)).rejects.toThrow();

    // Another branch name is another branch; it does not exist yet.
    expect(await readResultsBranch({ ...options, branch: "other-results" })).toBeUndefined();
  });

  it("rejects unsafe paths and lines before touching git", async () => {
    const root = await tempDir();
    const scratchDir = path.join(root, "scratch");
    const options = { remote: path.join(root, "nowhere.git"), scratchDir };
    const bad: Array<[string, string[]]> = [
      ["../outside.jsonl", ["x"]],
      ["history/../../x.jsonl", ["x"]],
      ["/etc/passwd", ["x"]],
      ["history//a.jsonl", ["x"]],
      ["./a.jsonl", ["x"]],
      [".git/config", ["x"]],
      ["sub/.GIT/hooks/pre-commit", ["x"]],
      [".gitattributes", ["x"]],
      ["history\\a.jsonl", ["x"]],
      ["", ["x"]],
      ["history/a.jsonl", ["two\nlines"]],
      ["history/a.jsonl", ["carriage\rreturn"]],
      ["history/a.jsonl", []],
    ];
    for (const [file, lines] of bad) {
      await expect(
        appendToResultsBranch(options, [{ path: file, lines }], "m"),
        `${JSON.stringify(file)} ${JSON.stringify(lines)}`,
      ).rejects.toThrow(/results branch:/);
    }
    await expect(
      appendToResultsBranch(options, [{ path: "a.jsonl", lines: ["x"] }], " "),
    ).rejects.toThrow(/message/);
    await expect(
      appendToResultsBranch(
        { ...options, branch: "../x" },
        [{ path: "a.jsonl", lines: ["x"] }],
        "m",
      ),
    ).rejects.toThrow(/branch name/);
    expect(await listDir(scratchDir)).toEqual([]);
  });

  it(
    "8 concurrent writers lose and duplicate nothing; 2 writers creating the branch at once converge",
    { timeout: 240_000 },
    async () => {
      const root = await tempDir();
      const { origin } = await makeOrigin(root);
      const scratchDir = path.join(root, "scratch");
      const options: ResultsBranchOptions = { remote: origin, scratchDir };
      await appendToResultsBranch(
        options,
        [{ path: "history/shared.jsonl", lines: ["seed"] }],
        "seed",
      );

      const writers = 8;
      const perWriter = 40;
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: writers }, (_, w) =>
          appendToResultsBranch(
            options,
            [
              {
                path: "history/shared.jsonl",
                lines: Array.from({ length: perWriter }, (_, i) => `{"writer":${w},"line":${i}}`),
              },
              ...(w % 2 === 0 ? [{ path: `history/own-${w}.jsonl`, lines: [`{"own":${w}}`] }] : []),
            ],
            `writer ${w}`,
          ),
        ),
      );
      const elapsed = Date.now() - started;
      const attempts = results.map((r) => r.attempts);
      console.info(
        `8 writers × ${perWriter} lines: ${elapsed} ms; push attempts ${attempts.join(",")}`,
      );

      const shared = linesOf(await showOnBranch(origin, "history/shared.jsonl"));
      expect(shared).toHaveLength(1 + writers * perWriter);
      expect(new Set(shared).size).toBe(shared.length); // no duplicates
      expect(shared[0]).toBe("seed");
      for (let w = 0; w < writers; w++) {
        const mine = shared.filter((l) => l.startsWith(`{"writer":${w},`));
        // Every line present once, in the writer's order.
        expect(mine).toEqual(
          Array.from({ length: perWriter }, (_, i) => `{"writer":${w},"line":${i}}`),
        );
        if (w % 2 === 0) {
          expect(await showOnBranch(origin, `history/own-${w}.jsonl`)).toBe(`{"own":${w}}\n`);
        }
      }
      expect(attempts.some((a) => a > 1)).toBe(true);
      expect(results.every((r) => !r.created)).toBe(true);
      // One linear history: the seed, then one commit per writer, no merges, nothing forced.
      expect((await git(origin, ["rev-list", "--count", BRANCH])).trim()).toBe(String(1 + writers));
      expect((await git(origin, ["rev-list", "--merges", BRANCH])).trim()).toBe("");
      const commits = linesOf(await git(origin, ["rev-list", BRANCH]));
      for (const r of results) expect(commits).toContain(r.commit);
      expect(linesOf(await showOnBranch(origin, ".gitattributes"))).toEqual([
        "*.jsonl merge=union",
      ]);
      expect(await listDir(scratchDir)).toEqual([]);

      // Two writers creating the branch at once.
      await fs.mkdir(path.join(root, "fresh"));
      const fresh = await makeOrigin(path.join(root, "fresh"));
      const both = await Promise.all(
        [0, 1].map((w) =>
          appendToResultsBranch(
            { remote: fresh.origin, scratchDir },
            [
              { path: "history/shared.jsonl", lines: [`a${w}`, `b${w}`] },
              { path: `history/only-${w}.jsonl`, lines: [`o${w}`] },
            ],
            `creator ${w}`,
          ),
        ),
      );
      expect(both.filter((r) => r.created)).toHaveLength(1);
      expect(Math.max(...both.map((r) => r.attempts))).toBeGreaterThan(1);
      expect(linesOf(await showOnBranch(fresh.origin, "history/shared.jsonl")).sort()).toEqual([
        "a0",
        "a1",
        "b0",
        "b1",
      ]);
      expect(await showOnBranch(fresh.origin, "history/only-0.jsonl")).toBe("o0\n");
      expect(await showOnBranch(fresh.origin, "history/only-1.jsonl")).toBe("o1\n");
      expect(linesOf(await showOnBranch(fresh.origin, ".gitattributes"))).toEqual([
        "*.jsonl merge=union",
      ]);
      expect((await git(fresh.origin, ["rev-list", "--count", BRANCH])).trim()).toBe("2");
      expect((await git(fresh.origin, ["rev-list", "--max-parents=0", BRANCH])).trim()).toMatch(
        /^[0-9a-f]{40}$/,
      );
      expect(await gitFails(fresh.origin, ["merge-base", "main", BRANCH])).toBe(true);
    },
  );

  it("leaves the user's checkout, its hooks and its configuration alone", async () => {
    const root = await tempDir();
    const { checkout } = await makeOrigin(root);
    // Uncommitted work: a staged change, an unstaged change, an untracked file.
    await fs.writeFile(path.join(checkout, "README.md"), "# project\n\nstaged\n");
    await git(checkout, ["add", "README.md"]);
    await fs.writeFile(path.join(checkout, "app.js"), "console.log(2);\n");
    await fs.writeFile(path.join(checkout, "notes.txt"), "untracked\n");

    // A global git configuration whose hooks fail and mark that they ran, and which signs commits
    // with a program that always fails: if any of it applied, the append would fail or leave marks.
    const home = path.join(root, "home");
    const hooks = path.join(home, "hooks");
    await fs.mkdir(hooks, { recursive: true });
    for (const hook of [
      "pre-commit",
      "commit-msg",
      "post-commit",
      "pre-push",
      "post-checkout",
      "pre-rebase",
      "reference-transaction",
    ]) {
      await fs.writeFile(
        path.join(hooks, hook),
        // The local origin's receive-pack reads this configuration too: there, let them pass.
        `#!/bin/sh\ncase "$PWD" in *origin.git*) exit 0;; esac\necho ${hook} >> "${path.join(root, "hooks-ran")}"\nexit 1\n`,
        { mode: 0o755 },
      );
    }
    await fs.writeFile(
      path.join(home, ".gitconfig"),
      `[core]\n\thooksPath = ${hooks}\n\tautocrlf = true\n[commit]\n\tgpgSign = true\n[gpg]\n\tprogram = false\n`,
    );

    const snapshot = async () => ({
      status: await git(checkout, ["status", "--porcelain=v1", "--untracked-files=all"]),
      head: await git(checkout, ["rev-parse", "HEAD"]),
      refs: await git(checkout, ["for-each-ref"]),
      stash: await git(checkout, ["stash", "list"]),
      config: await fs.readFile(path.join(checkout, ".git", "config"), "utf8"),
      index: await fs.readFile(path.join(checkout, ".git", "index")),
      diff: await git(checkout, ["diff"]),
      cached: await git(checkout, ["diff", "--cached"]),
      files: await Promise.all(
        ["README.md", "app.js", "notes.txt"].map((f) =>
          fs.readFile(path.join(checkout, f), "utf8"),
        ),
      ),
    });
    const before = await snapshot();

    // Run from inside the checkout with git's variables pointing at it (as in a git hook), the
    // remote given relative to it, as `git remote get-url origin` may print it.
    const saved = { ...process.env };
    const cwd = process.cwd();
    process.chdir(checkout);
    Object.assign(process.env, {
      GIT_DIR: path.join(checkout, ".git"),
      GIT_WORK_TREE: checkout,
      GIT_INDEX_FILE: path.join(checkout, ".git", "index"),
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
    });
    let result;
    try {
      result = await appendToResultsBranch(
        { remote: "../origin.git", scratchDir: path.join(root, "scratch") },
        [{ path: "history/a.jsonl", lines: ["one"] }],
        "history",
      );
    } finally {
      process.chdir(cwd);
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }

    expect(result.created).toBe(true);
    expect(await showOnBranch(path.join(root, "origin.git"), "history/a.jsonl")).toBe("one\n");
    expect(await listDir(root)).not.toContain("hooks-ran");
    expect(await snapshot()).toEqual(before);
    expect(await git(checkout, ["branch", "-a", "--list", `*${BRANCH}*`])).toBe("");
  });

  it("a push refused for permission fails at once, with what to do", async () => {
    const root = await tempDir();
    const { origin } = await makeOrigin(root);
    const scratchDir = path.join(root, "scratch");
    await appendToResultsBranch(
      { remote: origin, scratchDir },
      [{ path: "h/a.jsonl", lines: ["1"] }],
      "m",
    );
    const calls = path.join(root, "pre-receive-calls");
    await fs.writeFile(
      path.join(origin, "hooks", "pre-receive"),
      `#!/bin/sh\necho call >> "${calls}"\necho "remote: Permission to o/r.git denied to github-actions[bot]." >&2\nexit 1\n`,
      { mode: 0o755 },
    );

    const error = await expectResultsError(
      appendToResultsBranch(
        { remote: origin, scratchDir },
        [{ path: "h/a.jsonl", lines: ["2"] }],
        "m",
      ),
    );
    expect(error.kind).toBe("permission");
    expect(error.message).toMatch(/permissions: contents: write/);
    expect(error.message).toMatch(/fork/);
    expect(error.message).toMatch(/Permission to o\/r\.git denied/);
    expect(linesOf(await fs.readFile(calls, "utf8"))).toHaveLength(1); // one attempt
    expect(await showOnBranch(origin, "h/a.jsonl")).toBe("1\n");
    expect(await listDir(scratchDir)).toEqual([]);

    // A hook that declines for another reason is not retried either, and says so.
    await fs.writeFile(calls, "");
    await fs.writeFile(
      path.join(origin, "hooks", "pre-receive"),
      `#!/bin/sh\necho call >> "${calls}"\necho "GH006: Protected branch update failed" >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    const refused = await expectResultsError(
      appendToResultsBranch(
        { remote: origin, scratchDir },
        [{ path: "h/a.jsonl", lines: ["3"] }],
        "m",
      ),
    );
    expect(refused.kind).toBe("permission");
    expect(refused.message).toMatch(/refused the push \(pre-receive hook declined/);
    expect(refused.message).toMatch(/GH006/);
    expect(linesOf(await fs.readFile(calls, "utf8"))).toHaveLength(1);
  });

  it("an unreachable remote is unavailable after the attempts; read and write", async () => {
    const root = await tempDir();
    const options: ResultsBranchOptions = {
      remote: path.join(root, "missing.git"),
      scratchDir: path.join(root, "scratch"),
      maxAttempts: 3,
      backoffMs: { base: 10, max: 20 },
    };
    const write = await expectResultsError(
      appendToResultsBranch(options, [{ path: "a.jsonl", lines: ["x"] }], "m"),
    );
    expect(write.kind).toBe("unavailable");
    expect(write.message).toMatch(/after 3 attempt/);
    const read = await expectResultsError(readResultsBranch(options));
    expect(read.kind).toBe("unavailable");
    expect(await listDir(options.scratchDir!)).toEqual([]);
  });

  describe("over HTTP, with a token", () => {
    const TOKEN = "ghs_TestToken0123456789abcdefSECRET";
    const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");

    async function serve(readOnly = false): Promise<{ server: GitHttpServer; root: string }> {
      const root = await tempDir();
      await git(root, ["init", "-q", "--bare", "r.git"]);
      const server = await startGitHttpServer({
        root,
        readOnly,
        requireAuthorization: `basic ${BASIC}`,
      });
      cleanups.push(() => server.close());
      return { server, root };
    }

    it("sends the token as a header and never writes it to the scratch repository", async () => {
      const { server, root } = await serve();
      const scratchDir = path.join(root, "scratch");
      const options: ResultsBranchOptions = {
        remote: `${server.url}r.git`,
        token: TOKEN,
        scratchDir,
        keepScratch: true,
      };
      const pushed = await appendToResultsBranch(
        options,
        [{ path: "history/a.jsonl", lines: ["over http"] }],
        "m",
      );
      expect(pushed).toMatchObject({ attempts: 1, created: true });
      expect(await showOnBranch(path.join(root, "r.git"), "history/a.jsonl")).toBe("over http\n");
      expect(server.authorizations.length).toBeGreaterThan(0);
      expect(server.authorizations.every((a) => a === `basic ${BASIC}`)).toBe(true);

      const [kept] = await listDir(scratchDir);
      expect(kept).toBeDefined();
      const read = await readResultsBranch({ ...options, keepScratch: false });
      expect(read).toBeDefined();
      cleanups.push(() => read!.dispose());
      for (const dir of [path.join(scratchDir, kept!), read!.dir]) {
        const config = await git(dir, ["config", "--list", "--show-origin"]);
        expect(config).toContain(`remote.origin.url=${server.url}r.git`);
        expect(config).not.toContain(TOKEN);
        expect(config).not.toContain(BASIC);
        expect(config.toLowerCase()).not.toContain("extraheader");
        for (const { file, text } of await allFiles(dir)) {
          expect(text.includes(TOKEN) || text.includes(BASIC), file).toBe(false);
        }
      }
      expect(await fs.readFile(path.join(read!.dir, "history/a.jsonl"), "utf8")).toBe(
        "over http\n",
      );
    });

    it("a read-only token (HTTP 403 on push) is a permission error after one attempt, token masked", async () => {
      const { server, root } = await serve(true);
      const remote = `${server.url}r.git`;
      const error = await expectResultsError(
        appendToResultsBranch(
          { remote, token: TOKEN, scratchDir: path.join(root, "scratch") },
          [{ path: "history/a.jsonl", lines: ["x"] }],
          "m",
        ),
      );
      expect(error.kind).toBe("permission");
      expect(error.message).toMatch(/permissions: contents: write/);
      expect(error.message).toMatch(/403/);
      expect(error.message).not.toContain(TOKEN);
      expect(error.message).not.toContain(BASIC);
      // One push attempt: receive-pack was asked for once.
      expect(server.requests.filter((r) => r.includes("git-receive-pack"))).toHaveLength(1);

      // Without the token the server asks for credentials: reading is a permission error too.
      const unauthenticated = await expectResultsError(
        readResultsBranch({ remote, scratchDir: path.join(root, "scratch") }),
      );
      expect(unauthenticated.kind).toBe("permission");
    });

    it("refuses to send a token over plain http to another host", async () => {
      await expect(
        readResultsBranch({ remote: "http://example.com/o/r.git", token: TOKEN }),
      ).rejects.toThrow(/plain http/);
    });
  });
});

describe("folders replaced whole (cassettes) and fetched back as hostile input", () => {
  it(
    "concurrent writers each replace a folder: every line kept, each folder one writer's whole",
    { timeout: 240_000 },
    async () => {
      const root = await tempDir();
      const { origin } = await makeOrigin(root);
      const scratchDir = path.join(root, "scratch");
      const options: ResultsBranchOptions = { remote: origin, scratchDir };
      const cassette = (folder: string, trials: number, w: number) => ({
        folder,
        files: Array.from({ length: trials }, (_, t) => ({
          path: `trial-${t + 1}/cassette.json.gz`,
          bytes: Buffer.from([0x1f, 0x8b, w, t, 0, 255]),
        })),
      });
      await appendToResultsBranch(options, [{ path: "history/e.jsonl", lines: ["seed"] }], "seed", [
        cassette("cassettes/e/a", 3, 99),
      ]);
      const writers = 4;
      const results = await Promise.all(
        Array.from({ length: writers }, (_, w) =>
          appendToResultsBranch(
            options,
            [{ path: "history/e.jsonl", lines: [`w${w}`] }],
            `writer ${w}`,
            // Writers 0-2 replace the same folder (2 trials, not the seed's 3); writer 3 another.
            [w < 3 ? cassette("cassettes/e/a", 2, w) : cassette("cassettes/e/b", 1, w)],
          ),
        ),
      );
      expect(results.some((r) => r.attempts > 1)).toBe(true);
      expect(linesOf(await showOnBranch(origin, "history/e.jsonl")).sort()).toEqual([
        "seed",
        "w0",
        "w1",
        "w2",
        "w3",
      ]);
      const tree = linesOf(
        await git(origin, ["ls-tree", "-r", "--name-only", BRANCH, "--", "cassettes"]),
      );
      expect(tree).toEqual([
        "cassettes/e/a/trial-1/cassette.json.gz",
        "cassettes/e/a/trial-2/cassette.json.gz",
        "cassettes/e/b/trial-1/cassette.json.gz",
      ]);
      // Both of e/a's files come from one writer, the one whose commit came last.
      const blob = (file: string) =>
        new Promise<Buffer>((resolve, reject) =>
          execFile(
            "git",
            ["-C", origin, "cat-file", "blob", `${BRANCH}:${file}`],
            { encoding: "buffer" },
            (error, stdout) => (error ? reject(error) : resolve(stdout)),
          ),
        );
      const one = await blob("cassettes/e/a/trial-1/cassette.json.gz");
      const two = await blob("cassettes/e/a/trial-2/cassette.json.gz");
      expect(one[2]).toBe(two[2]);
      const last = linesOf(
        await git(origin, ["log", "--format=%s", BRANCH, "--", "cassettes/e/a"]),
      )[0];
      expect(last).toBe(`writer ${one[2]}`);
      expect(await blob("cassettes/e/b/trial-1/cassette.json.gz")).toEqual(
        Buffer.from([0x1f, 0x8b, 3, 0, 0, 255]),
      );
      expect(await listDir(scratchDir)).toEqual([]);

      // Planted on the branch: a link, a file over the limit, a file of another name.
      const planter = path.join(root, "planter");
      await git(root, ["clone", "-q", "--branch", BRANCH, origin, planter]);
      await fs.rm(path.join(planter, "cassettes/e/a/trial-2/cassette.json.gz"));
      await fs.symlink("/etc/passwd", path.join(planter, "cassettes/e/a/trial-2/cassette.json.gz"));
      await fs.mkdir(path.join(planter, "cassettes/e/c/trial-1"), { recursive: true });
      await fs.writeFile(
        path.join(planter, "cassettes/e/c/trial-1/cassette.json"),
        "x".repeat(100),
      );
      await fs.writeFile(path.join(planter, "cassettes/e/c/trial-1/notes.txt"), "hi");
      await git(planter, ["add", "-A"]);
      await git(planter, ["commit", "-qm", "planted"]);
      await git(planter, ["push", "-q", "origin", BRANCH]);
      const to = path.join(root, "fetched");
      const fetched = await fetchResultsFolder(options, {
        folder: "cassettes",
        to,
        accepts: (name) => ["cassette.json.gz", "cassette.json"].includes(name),
        maxFileBytes: 50,
        maxTotalBytes: 1000,
      });
      expect(fetched.copied).toEqual([
        "cassettes/e/a/trial-1/cassette.json.gz",
        "cassettes/e/b/trial-1/cassette.json.gz",
      ]);
      expect(fetched.refused).toEqual([
        { path: "cassettes/e/a/trial-2/cassette.json.gz", reason: "a symlink" },
        { path: "cassettes/e/c/trial-1/cassette.json", reason: "100 bytes, more than 50" },
      ]);
      expect(await fs.readFile(path.join(to, "e/a/trial-1/cassette.json.gz"))).toEqual(one);
      expect(await listDir(path.join(to, "e/a"))).toEqual(["trial-1"]);
      expect(await listDir(path.join(to, "e"))).toEqual(["a", "b"]);
      // Past the total, the rest is refused.
      const small = await fetchResultsFolder(options, {
        folder: "cassettes",
        to: path.join(root, "fetched-small"),
        accepts: (name) => name === "cassette.json.gz",
        maxFileBytes: 50,
        maxTotalBytes: 8,
      });
      expect(small.copied).toEqual(["cassettes/e/a/trial-1/cassette.json.gz"]);
      expect(small.refused).toContainEqual({
        path: "cassettes/e/b/trial-1/cassette.json.gz",
        reason: "past 8 bytes in all",
      });
      // A branch that does not exist: nothing, no tip.
      expect(
        await fetchResultsFolder(
          { ...options, branch: "no-such-branch" },
          {
            folder: "cassettes",
            to: path.join(root, "none"),
            accepts: (name) => name === "cassette.json.gz",
            maxFileBytes: 1,
            maxTotalBytes: 1,
          },
        ),
      ).toEqual({ copied: [], refused: [] });
      expect(await listDir(scratchDir)).toEqual([]);
    },
  );
});

describe("classifyGitFailure", () => {
  const ref = "refs/heads/copybook-results";
  const porcelain = (status: string) =>
    `To https://github.com/o/r\n!\tHEAD:${ref}\t${status}\nDone\n`;

  it("tells races from refusals and transport failures", () => {
    expect(
      classifyGitFailure(
        {
          exitCode: 1,
          stdout: porcelain("[rejected] (fetch first)"),
          stderr: "hint: Updates were rejected",
        },
        ref,
      ).kind,
    ).toBe("race");
    expect(
      classifyGitFailure(
        { exitCode: 1, stdout: porcelain("[rejected] (non-fast-forward)"), stderr: "" },
        ref,
      ).kind,
    ).toBe("race");
    expect(
      classifyGitFailure(
        {
          exitCode: 1,
          stdout: porcelain("[remote rejected] (failed to update ref)"),
          stderr: "remote: error: cannot lock ref",
        },
        ref,
      ).kind,
    ).toBe("race");
    expect(
      classifyGitFailure(
        {
          exitCode: 1,
          stdout: porcelain("[remote rejected] (pre-receive hook declined)"),
          stderr: "remote: Permission to o/r.git denied to github-actions[bot].\n",
        },
        ref,
      ).kind,
    ).toBe("permission");
    expect(
      classifyGitFailure(
        {
          exitCode: 1,
          stdout: porcelain("[remote rejected] (protected branch hook declined)"),
          stderr:
            "remote: error: GH006: Protected branch update failed for refs/heads/copybook-results.\n",
        },
        ref,
      ).kind,
    ).toBe("refused");
    // What github.com answers a read-only GITHUB_TOKEN.
    expect(
      classifyGitFailure(
        {
          exitCode: 128,
          stdout: "",
          stderr:
            "remote: Permission to o/r.git denied to github-actions[bot].\nfatal: unable to access 'https://github.com/o/r/': The requested URL returned error: 403\n",
        },
        ref,
      ),
    ).toEqual({
      kind: "permission",
      detail:
        "Permission to o/r.git denied to github-actions[bot]. / fatal: unable to access 'https://github.com/o/r/': The requested URL returned error: 403",
    });
    expect(
      classifyGitFailure(
        {
          exitCode: 128,
          stdout: "",
          stderr:
            "fatal: unable to access 'https://github.com/o/r/': Could not resolve host: github.com\n",
        },
        ref,
      ).kind,
    ).toBe("transient");
    expect(
      classifyGitFailure(
        {
          exitCode: 128,
          stdout: "",
          stderr:
            "fatal: '/x' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n",
        },
        ref,
      ).kind,
    ).toBe("transient");
    // A status line for another ref does not decide this one.
    expect(
      classifyGitFailure(
        { exitCode: 1, stdout: "!\tHEAD:refs/heads/other\t[rejected] (fetch first)\n", stderr: "" },
        ref,
      ).kind,
    ).toBe("transient");
  });
});
