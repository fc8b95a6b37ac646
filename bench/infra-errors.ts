// How long a skill eval takes to give up on an API that always fails (docs/writing-evals.md › Skills, commands
// and hooks: "an always-500 scenario is an error within 60 s"). The real `claude` (.agent-clis/)
// runs one e2e scenario through the engine against a fake Anthropic API; the baseline, in the same
// run, is the same scenario against an API that answers. Samples alternate; medians are printed.
// `--old` adds the behaviour before the bound: claude's own default of 10 retries (takes minutes).
// Run: npx tsx bench/infra-errors.ts [samples] [--old]   (prints a Markdown section)

import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { runEvals } from "../src/engine/index.js";
import { startFakeAnthropic, type AnthropicTurn } from "../test/fakes/anthropic.js";
import { requireBin } from "../test/fakes/clis.js";

const SAMPLES = Math.max(1, Number(process.argv[2]) || 3);
const OLD = process.argv.includes("--old");

const EVAL = `name: fixer
type: skill
target: .claude/skills/fixer/SKILL.md
e2e:
  - scenario: Write the file
    prompt: Write out.txt
    outcomes: [{ type: file-exists, file: out.txt }]
`;

type Case = "answers" | "always 500" | "always 401" | "always 500, claude's 10 retries";

async function sample(kind: Case): Promise<{ ms: number; status: string; requests: number }> {
  const root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "ae-bench-infra-")));
  try {
    await fs.mkdir(path.join(root, ".claude/skills/fixer"), { recursive: true });
    await fs.mkdir(path.join(root, "_evals"), { recursive: true });
    await fs.mkdir(path.join(root, "home"));
    await fs.writeFile(
      path.join(root, ".claude/skills/fixer/SKILL.md"),
      "---\nname: fixer\ndescription: Writes files.\n---\nWrite it.\n",
    );
    await fs.writeFile(path.join(root, "_evals/fixer.eval.yaml"), EVAL);
    const status = kind === "always 401" ? 401 : 500;
    const respond = (body: { messages?: unknown[] }): AnthropicTurn => {
      if (kind !== "answers") return { status };
      const done = JSON.stringify(body.messages ?? []).includes("tool_result");
      return done
        ? { text: "Wrote it." }
        : { toolUse: { name: "Bash", input: { command: "echo hi > out.txt" } } };
    };
    const fake = await startFakeAnthropic([], { respond });
    try {
      const env: Record<string, string> = {
        CI: "true",
        PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH ?? ""}`,
        HOME: path.join(root, "home"),
        LANG: "C.UTF-8",
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: "sk-ant-fake-key",
        ...(kind === "always 500, claude's 10 retries" ? { CLAUDE_CODE_MAX_RETRIES: "10" } : {}),
      };
      const started = performance.now();
      const outcome = await runEvals({ projectRoot: root, env });
      const ms = performance.now() - started;
      return { ms, status: outcome.run.evals[0]!.status, requests: fake.requests.length };
    } finally {
      await fake.close();
    }
  } finally {
    await fs.rm(root, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const cases: Case[] = ["answers", "always 500", "always 401"];
if (OLD) cases.push("always 500, claude's 10 retries");
const samples = new Map<Case, Array<{ ms: number; status: string; requests: number }>>(
  cases.map((c) => [c, []]),
);
for (let round = 0; round < SAMPLES; round++) {
  // The order rotates each round, so load drift falls on every case alike.
  for (const kind of [
    ...cases.slice(round % cases.length),
    ...cases.slice(0, round % cases.length),
  ])
    samples.get(kind)!.push(await sample(kind));
  // The old behaviour takes minutes: one sample of it is enough.
  if (OLD && round === 0) cases.pop();
}

const base = median(samples.get("answers")!.map((s) => s.ms));
console.log(`## Infra errors of a skill eval (real claude, fake API; median of ${SAMPLES})\n`);
console.log("| case | status | API requests | time | vs a working API | target | met? |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const [kind, list] of samples) {
  if (!list.length) continue;
  const ms = median(list.map((s) => s.ms));
  const target = kind === "always 500" || kind === "always 401" ? "error ≤ 60 s" : "—";
  const met =
    target === "—"
      ? "—"
      : list.every((s) => s.status === "error") && ms <= 60_000
        ? "yes"
        : "**no**";
  console.log(
    `| ${kind} | ${[...new Set(list.map((s) => s.status))].join("/")} | ${median(list.map((s) => s.requests))} | ${(ms / 1000).toFixed(1)} s | ${(ms / base).toFixed(2)}× | ${target} | ${met} |`,
  );
}
console.log(
  `\nRaw (ms): ${[...samples].map(([k, l]) => `${k}: ${l.map((s) => Math.round(s.ms)).join(", ")}`).join("; ")}`,
);
