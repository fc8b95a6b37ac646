// Issue 32, rule 1, for the reads that no quick CLI run reaches: the Action's publish mode reading
// each downloaded artifact's history.jsonl, and a skill eval's earlier results in `_evals/results/`
// (read only for a cached part). The module functions run on real files: a link to a secret
// (shaped so that following it would show SECRET) and a FIFO. Each has a control, a regular file
// with the same content, which is read as before: what shows the test can see a leak.

import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadDefinitions } from "../src/engine/index.js";
import type { ActionInputs } from "../src/github/inputs.js";
import { publishMode } from "../src/github/publish/modes.js";
import {
  claudeCodeReports,
  writeClaudeCodeResults,
  type ClaudeCodeReport,
} from "../src/kinds/skill/aggregate.js";
import type { EvalResult } from "../src/model/index.js";
import { makeProject, removedWithProjects, runCli } from "./helpers/project.js";

const SECRET = "top-secret-not-for-reports";

/** A file outside every project, standing for /etc/shadow, holding `content`. */
async function secretFile(content: string): Promise<string> {
  const dir = removedWithProjects(
    await fs.mkdtemp(path.join(path.dirname(await makeProject({})), "ae-secret-")),
  );
  const file = path.join(dir, "shadow");
  await fs.writeFile(file, content);
  return file;
}

/** Puts a link to `how`, a FIFO, or a regular file holding `content` at `file`. */
async function plant(file: string, how: "link" | "fifo" | "file", content: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.rm(file, { force: true });
  if (how === "link") await fs.symlink(await secretFile(content), file);
  else if (how === "fifo") execFileSync("mkfifo", [file]);
  else await fs.writeFile(file, content);
}

/** What `fn` wrote to stdout and stderr (the runner's ::warning:: lines, the store's warnings). */
async function captured<T>(fn: () => Promise<T>): Promise<{ value: T; output: string }> {
  let output = "";
  const grab = (chunk: unknown) => {
    output += String(chunk);
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(grab);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(grab);
  try {
    return { value: await fn(), output };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

const secretHistoryLine = JSON.stringify({
  time: "2026-01-01T00:00:00.000Z",
  id: "hostile",
  agent: SECRET,
  definitionHash: "x",
  trials: 1,
  trialsPlanned: 1,
  passes: 1,
  passRate: 1,
  threshold: 1,
  interval: [0.2, 1],
  costUsd: 0,
  durationMs: 1,
  status: "passed",
});

describe("the Action's publish mode: a shard artifact's history.jsonl", () => {
  /** A shard's results folder, as download-artifact leaves it, from a real run of the CLI. */
  async function downloaded(): Promise<{ root: string; downloads: string; shard: string }> {
    const root = await makeProject({
      "evals/hostile.eval.yaml": `name: hostile
prompt: "\`\`\`sh\\ntrue\\n\`\`\`"
agents: [literal]
sandbox: { fixture: { a: "" } }
assertions:
  files: [a]
`,
    });
    const run = await runCli(["eval", "--cwd", root, "--sandbox", "none"], {
      env: { CI: "true" },
      timeoutMs: 120_000,
    });
    expect(run.code, run.stderr).toBe(0);
    const downloads = removedWithProjects(`${root}-downloads`);
    const shard = path.join(downloads, "agent-evals-results");
    await fs.cp(path.join(root, ".copybook/results"), shard, { recursive: true });
    return { root, downloads, shard };
  }

  const publish = (how: "link" | "fifo" | "file") => async () => {
    const { root, downloads, shard } = await downloaded();
    await plant(path.join(shard, "history.jsonl"), how, `${secretHistoryLine}\n`);
    const inputs = { evals: [], mergeFrom: downloads } as unknown as ActionInputs;
    const { value, output } = await captured(() => publishMode(inputs, root));
    const results = path.join(root, ".copybook/results");
    const written = await fs.readdir(results, { recursive: true, encoding: "utf8" });
    let files = "";
    for (const rel of written) {
      const stat = await fs.lstat(path.join(results, rel));
      if (stat.isFile()) files += await fs.readFile(path.join(results, rel), "utf8");
    }
    return { value, output, files };
  };

  it("a regular history.jsonl is read as before (the control)", { timeout: 180_000 }, async () => {
    const { value } = await publish("file")();
    expect(JSON.stringify(value.historyLines)).toContain(SECRET);
  });

  it("history.jsonl -> a secret: not read, a warning names it", { timeout: 180_000 }, async () => {
    const { value, output, files } = await publish("link")();
    expect(value.historyLines).toEqual([]);
    expect(output).toMatch(
      /::warning::publish: .*agent-evals-results\/history\.jsonl is a symlink: it is not read \(that shard's history lines are not recorded\)/,
    );
    expect(JSON.stringify(value)).not.toContain(SECRET);
    expect(files).not.toContain(SECRET);
  });

  it("history.jsonl a FIFO: publish does not hang", { timeout: 180_000 }, async () => {
    const { value, output } = await publish("fifo")();
    expect(value.historyLines).toEqual([]);
    expect(output).toMatch(/history\.jsonl is a FIFO \(named pipe\): it is not read/);
  });
});

describe("a skill eval's earlier results (_evals/results/*.json), read for a cached part", () => {
  const skill = ".claude/skills/ts-fixer/SKILL.md";
  const files = {
    "_evals/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: ${skill}
trigger:
  positive: [{ query: Fix the TypeScript errors in src/app.ts }]
`,
    [skill]: "---\nname: ts-fixer\ndescription: Fix TypeScript type errors.\n---\n# TS fixer\n",
  };

  const report = (how: "link" | "fifo" | "file") => async () => {
    const root = await makeProject(files);
    const specs = await loadDefinitions({ projectRoot: root });
    expect(specs.length).toBeGreaterThan(0);
    // Each part cached: nothing ran now, so the report takes its trajectory from the last file.
    const results: EvalResult[] = specs.map((spec) => ({
      id: spec.id,
      file: spec.file,
      agent: "claude-code",
      status: "cached",
      passes: 0,
      trialsRun: 0,
      trialsPlanned: 1,
      passRate: 1,
      threshold: 1,
      interval: [0.2, 1],
      cachedFrom: {
        status: "passed",
        time: "2026-01-01T00:00:00.000Z",
        passes: 1,
        trials: 1,
        passRate: 1,
        interval: [0.2, 1],
        costUsd: 0,
        source: "history",
      },
      costUsd: 0,
      durationMs: 0,
      trials: [],
    }));
    const earlier = JSON.stringify({
      trigger: {
        queries: specs.map((s) => ({ id: s.id, trajectory: [SECRET], evidence: SECRET })),
      },
    });
    const rel = "_evals/results/2026-01-01T00-00-00.000_ts-fixer.json";
    await plant(path.join(root, rel), how, earlier);
    const { value, output } = await captured(() =>
      claudeCodeReports(specs, results, { projectRoot: root, startedAt: new Date() }),
    );
    return { text: JSON.stringify(value), output, rel };
  };

  it("a regular earlier result is read as before (the control)", async () => {
    const { text } = await report("file")();
    expect(text).toContain(SECRET);
  });

  it("an earlier result -> a secret: not read, a warning names it", async () => {
    const { text, output, rel } = await report("link")();
    expect(text).not.toContain(SECRET);
    expect(output).toContain(rel);
    expect(output).toMatch(/is a symlink: it is not read \(its parts are not taken from it\)/);
  });

  it("an earlier result a FIFO: the report is made, no hang", { timeout: 30_000 }, async () => {
    const { text, output } = await report("fifo")();
    expect(text).not.toContain(SECRET);
    expect(output).toMatch(/is a FIFO \(named pipe\): it is not read/);
  });
});

describe("a skill eval's result files (_evals/results/*.json) are never written through a link", () => {
  const skill = ".claude/skills/ts-fixer/SKILL.md";
  const files = {
    "_evals/ts-fixer.eval.yaml": `name: ts-fixer
type: skill
target: ${skill}
trigger:
  positive: [{ query: Fix the TypeScript errors in src/app.ts }]
`,
    [skill]: "---\nname: ts-fixer\ndescription: Fix TypeScript type errors.\n---\n# TS fixer\n",
  };
  const report = {
    name: "ts-fixer",
    file: "_evals/ts-fixer.eval.yaml",
    timestamp: "2026-01-01T00:00:00.000Z",
  } as unknown as ClaudeCodeReport;

  it("a regular _evals/results gets the file (the control)", async () => {
    const root = await makeProject(files);
    const [written] = await writeClaudeCodeResults([report], root);
    expect(written!.resultFile).toBe(
      path.join(root, "_evals/results/2026-01-01T00-00-00.000_ts-fixer.json"),
    );
    expect(await fs.readFile(written!.resultFile!, "utf8")).toContain('"ts-fixer"');
  });

  it("a committed _evals/results -> another folder: nothing is written there, a warning says so", async () => {
    const root = await makeProject(files);
    const elsewhere = await makeProject({ "keep.txt": "kept\n" });
    await fs.mkdir(path.join(root, "_evals"), { recursive: true });
    await fs.symlink(elsewhere, path.join(root, "_evals/results"));
    const { value, output } = await captured(() => writeClaudeCodeResults([report], root));
    expect(value[0]!.resultFile).toBeUndefined();
    expect((await fs.readdir(elsewhere)).sort()).toEqual(["keep.txt"]);
    expect(output).toMatch(
      /ts-fixer's result file was not written: .*_evals\/results is a symlink/,
    );
  });

  it("a link planted at the result file's own name is replaced, not written through", async () => {
    const root = await makeProject(files);
    const victim = path.join(await makeProject({ "victim.txt": "original\n" }), "victim.txt");
    const file = path.join(root, "_evals/results/2026-01-01T00-00-00.000_ts-fixer.json");
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.symlink(victim, file);
    const [written] = await writeClaudeCodeResults([report], root);
    expect(written!.resultFile).toBe(file);
    expect(await fs.readFile(victim, "utf8")).toBe("original\n");
    expect((await fs.lstat(file)).isFile()).toBe(true);
    expect(await fs.readFile(file, "utf8")).toContain('"ts-fixer"');
  });
});
