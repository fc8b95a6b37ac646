// Every command-line flag, once: its type, the value it takes, its help text. The parser's options,
// the parsed values' type and every help page are derived from this table.

import { parseArgs } from "node:util";
import { SANDBOX_KINDS } from "../run/index.js";

interface FlagSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
  /** The value's placeholder in help (`--cwd DIR`). */
  value?: string;
  /** Help text; a `\n` continues on the next help line. */
  help: string;
}

export const FLAGS = {
  cwd: { type: "string", value: "DIR", help: "project root (default: the current directory)" },
  evals: {
    type: "string",
    multiple: true,
    value: "GLOB",
    help: "eval files to load (repeatable; default evals/ and _evals/)",
  },
  agent: {
    type: "string",
    multiple: true,
    value: "NAME|CMD",
    help: 'agent to run instead of each eval\'s own: "literal", or a command\ntemplate such as "my-agent --yes {prompt}" (repeatable)',
  },
  axis: {
    type: "string",
    value: "KIND",
    help: "skill/command/hook evals: only their trigger, e2e or hook parts",
  },
  trials: {
    type: "string",
    value: "N",
    help: "trials per eval × agent (overrides the definitions)",
  },
  concurrency: {
    type: "string",
    value: "N",
    help: "trials run at once (default: the number of CPUs)",
  },
  "all-trials": {
    type: "boolean",
    help: "run every planned trial, even once the verdict is decided",
  },
  "budget-usd": {
    type: "string",
    value: "X",
    help: "spend at most X US dollars: no trial starts unless its worst case fits",
  },
  "history-dir": {
    type: "string",
    value: "DIR",
    help: "append each eval × agent's verdict to DIR/<id>.jsonl; an eval whose prompt,\ndefinition and agent version match a recorded verdict is cached, not run",
  },
  force: { type: "boolean", help: "run evals even when a recorded verdict matches" },
  resume: {
    type: "boolean",
    help: "continue the run the results folder holds: keep its finished trials, run\nthe unfinished, missing and infra-error ones (an eval changed since: all)",
  },
  "no-cache": {
    type: "boolean",
    help: "without --history-dir, don't use the checkout's fingerprint cache",
  },
  shard: {
    type: "string",
    value: "I/N",
    help: "run shard I of N (a stable split of the eval × agent pairs, balanced by\nthe expected duration in --history-dir)",
  },
  "shard-plan": {
    type: "string",
    value: "FILE",
    help: "with --shard: take the split from this plan (`plan --shards N --format json`)",
  },
  shards: {
    type: "string",
    value: "N|auto",
    help: "plan: split into N shards (auto: by suite size); prints each shard's\npairs and expected cost, and the balance (heaviest ÷ mean)",
  },
  changed: {
    type: "boolean",
    help: "only evals whose prompt, definition or sandbox contents differ at --base",
  },
  base: {
    type: "string",
    value: "REF",
    help: "the git ref --changed compares with (default origin/main); for\ncompare, the ref whose evals are the control (required)",
  },
  "fail-on": {
    type: "string",
    value: "WHEN",
    help: "compare: exit 1 on a `regression` (default), on a `failure` of the\ntreatment too, or `never`; eval: `failure` (default), or `parity`: also\nexit 1 when an agent is behind the reference agent by more than --margin",
  },
  margin: {
    type: "string",
    value: "PTS",
    help: "compare and variants: a difference within ±PTS points is `no-change`\n(default 10); eval: the margin of parity across agents",
  },
  "reference-agent": {
    type: "string",
    value: "NAME",
    help: "eval: the agent each eval's other agents are compared with in the\nparity rows (default: the first agent the eval lists)",
  },
  "agent-version": {
    type: "string",
    value: "AGENT@VER",
    help: "compare: the agent CLI as installed (control) against this version of it\n(treatment, installed once into a cache), instead of --base",
  },
  detect: {
    type: "string",
    value: "PTS",
    help: "plan, compare: plan each comparison's trials per arm so a drop of PTS\npoints is flagged (default power 80%), from the pass rate in history;\nthe plan prints the trials, the forecast cost and the decision rule",
  },
  power: {
    type: "string",
    value: "PCT",
    help: "with --detect: the chance the drop should be flagged with (default 80)",
  },
  "dry-run": { type: "boolean", help: "print the plan (as `plan`) and run nothing" },
  record: {
    type: "boolean",
    help: "record each trial's model traffic (through a proxy on loopback) into its\nresults folder, as cassette.json.gz: for --replay",
  },
  replay: {
    type: "string",
    value: "DIR",
    help: "answer each trial's model requests from the cassettes in DIR (a results\nfolder, or a folder of cassettes laid out like one): no API calls, no key;\na request the recording lacks ends the trial as a replay miss (AE303).\nA replayed trial costs nothing and reserves no budget, unless it is judged",
  },
  "no-provider-gate": {
    type: "boolean",
    help: "let each agent talk to its model API directly, not through the run's gate\nper provider (which pauses every trial on a 429's retry-after and adapts\nthe requests in flight)",
  },
  "keep-workspace": {
    type: "boolean",
    help: "keep each trial's sandbox on disk and print where",
  },
  format: { type: "string", value: "text|json", help: "console output (json prints run.json)" },
  "unsafe-local": { type: "boolean", help: "run agents outside CI (without CI=true)" },
  "real-home": {
    type: "boolean",
    help: "run trials with your real HOME (shell rc files, ~/.claude memory, skills,\nagents, commands, hooks, plugins, MCP servers, ~/.codex config) instead of\na HOME per trial holding only the login files; not with --sandbox bwrap/auto",
  },
  sandbox: {
    type: "string",
    value: "KIND",
    help: `${SANDBOX_KINDS.join(", ")}. none (default): a temp dir per trial; bwrap: bubblewrap\n(read-only view outside the workspace, loopback-only network plus the model\nAPIs), or refuse to run where it does not work; docker: a container per\ntrial from --image (network none plus the model APIs, CPU/memory/pid limits);\nauto: bwrap where it works. An eval's sandbox.kind may ask for more, never less`,
  },
  image: {
    type: "string",
    value: "IMAGE",
    help: "docker: the local image trials run in, for evals without sandbox.image",
  },
  cpus: {
    type: "string",
    value: "N",
    help: "docker: CPUs per trial (e.g. 2 or 1.5), for evals without sandbox.cpus",
  },
  memory: {
    type: "string",
    value: "SIZE",
    help: "docker: memory per trial (e.g. 2g, 512m), for evals without sandbox.memory",
  },
  pids: {
    type: "string",
    value: "N",
    help: "docker: most processes per trial (default 4096), for evals without sandbox.pids",
  },
  from: {
    type: "string",
    value: "DIR",
    help: "recheck: the results folder whose outcomes are rechecked (default:\n.copybook/results, the last run's)",
  },
  out: {
    type: "string",
    value: "DIR",
    help: "merge: where the merged run goes (default: .copybook/results)",
  },
  action: {
    type: "string",
    value: "OWNER/REPO@REF",
    help: "init: the Action the workflow uses (default: package.json's repository\nat the release tag, org/agent-evals@v1); a fork, or a pinned commit",
  },
  verbose: { type: "boolean", help: "also show passing trials and checks" },
  quiet: { type: "boolean", help: "only the summary and failures" },
  help: { type: "boolean", short: "h", help: "this help" },
  version: { type: "boolean", short: "v", help: "the version" },
} as const satisfies Record<string, FlagSpec>;

export type FlagName = keyof typeof FLAGS;

type ValueOf<F> = F extends { type: "boolean" }
  ? boolean
  : F extends { multiple: true }
    ? string[]
    : string;

/** The parsed command line: each flag's value, when given. */
export type Flags = { -readonly [K in FlagName]?: ValueOf<(typeof FLAGS)[K]> };

/** Parses argv against the table; throws parseArgs' error on an unknown flag or a missing value. */
export function parseFlags(argv: string[]): { flags: Flags; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries(FLAGS).map(([name, spec]: [string, FlagSpec]) => [
      name,
      {
        type: spec.type,
        ...(spec.multiple ? { multiple: true } : {}),
        ...(spec.short ? { short: spec.short } : {}),
      },
    ]),
  );
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options,
  });
  return { flags: values as Flags, positionals };
}

/** Help lines for some flags: `  --name VALUE   text`, continuation lines aligned. */
export function flagHelp(names: readonly FlagName[]): string[] {
  const COLUMN = 23;
  return names.flatMap((name) => {
    const spec: FlagSpec = FLAGS[name];
    const label = `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.value ? ` ${spec.value}` : ""}`;
    const [first, ...rest] = spec.help.split("\n");
    return [
      `  ${label}`.padEnd(COLUMN - 1) + ` ${first}`,
      ...rest.map((line) => `${" ".repeat(COLUMN)}${line}`),
    ];
  });
}
