// `agent-evals init`: a starting point that passes out of the box — one YAML and one TypeScript
// eval (both run by the free `literal` agent), the template folder they copy, and the workflow
// that runs them on pull requests. It never overwrites: any file that exists already stops it.

import { ACTION_REF, AgentEvalsError, Codes, OWN_DIR, REPOSITORY } from "../model/index.js";
import { promises as fs } from "node:fs";
import path from "node:path";

export class InitConflictError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.initConflict, message);
  }
}

const YAML_EVAL = `# yaml-language-server: $schema=../node_modules/agent-evals/schema/eval.schema.json
# A YAML eval. The \`literal\` agent runs the prompt's fenced shell blocks, for free: if they fail, no
# agent will succeed. Add claude-code or codex to \`agents\` to give the same prompt to a real agent.
name: readme-start
prompt: |
  Add a "Getting started" section to README.md that tells people to run \`npm start\`.

  \`\`\`sh
  printf '\\n## Getting started\\n\\nRun \`npm start\`.\\n' >> README.md
  \`\`\`
agents: [literal]
trials: 1
sandbox:
  template: evals/template # each trial gets a fresh copy of this folder
assertions:
  files: [README.md]
  contains:
    - { file: README.md, text: "## Getting started" }
  commands:
    - npm start
`;

const TS_EVAL = `// A TypeScript eval: the prompt, the agents, the sandbox, a shimmed vendor CLI and the checks.
import { defineEval, fileContains, fileExists, ran, succeeds } from "agent-evals";

const prompt = [
  "Create config.json with the vendor CLI:",
  "",
  "\`\`\`sh",
  "vendor init --name my-app > config.json",
  "\`\`\`",
].join("\\n");

export const vendorConfig = defineEval(prompt, {
  agents: ["literal"], // add "claude-code" or "codex" to try real agents
  trials: 2,
  passRate: 1,
  sandbox: { template: "evals/template" },
  // \`vendor\` does not exist: the shim records each call and prints what the real CLI would.
  shims: { vendor: { script: 'printf \\'{ "name": "%s" }\\\\n\\' "$3"' } },
  assert: [
    ran(/vendor init --name my-app/),
    fileExists("config.json"),
    fileContains("config.json", '"name": "my-app"'),
    succeeds("node -e \\"JSON.parse(require('fs').readFileSync('config.json', 'utf8'))\\""),
  ],
  timeoutMs: 60_000,
});
`;

const TEMPLATE_README = `# my-app

A small project the evals copy into each trial's sandbox. Put here what your prompts need.
`;

const TEMPLATE_PACKAGE = `{
  "name": "my-app",
  "version": "1.0.0",
  "private": true,
  "scripts": {
    "start": "node index.js"
  }
}
`;

const TEMPLATE_INDEX = `console.log("my-app started");
`;

/** The caller of the reusable workflow; its inputs are the reusable workflow's. */
/** The Action `init` writes into the workflow: `--action`, or where this package comes from. */
export interface ActionRef {
  repository: string;
  ref: string;
}

/** The published Action: package.json's `repository` at the release tag (src/model/version.ts). */
export const DEFAULT_ACTION: ActionRef = { repository: REPOSITORY, ref: ACTION_REF };

/** OWNER/REPO@REF: letters, digits, `_.-` (and `/` in the ref): safe to write into YAML as is. */
const ACTION_PATTERN = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)@([A-Za-z0-9_./-]+)$/;

/** Parses `--action`; undefined when it is not OWNER/REPO@REF. */
export function parseActionRef(text: string): ActionRef | undefined {
  const match = ACTION_PATTERN.exec(text);
  return match ? { repository: match[1]!, ref: match[2]! } : undefined;
}

const workflow = (
  action: ActionRef,
) => `# Runs the evals through agent-evals' reusable workflow: on pull requests labelled \`run-evals\`,
# nightly (keeps the base branch's history fresh) and by hand. It comments the pass-rate diff on
# the PR, keeps history on the copybook-results branch and uploads .copybook/results/ (report.html,
# junit.xml, the transcripts).
name: evals

on:
  pull_request:
    types: [opened, synchronize, reopened, labeled]
  schedule:
    - cron: "17 3 * * *"
  workflow_dispatch:
    inputs:
      agents:
        description: Agents to run instead of each eval's own (comma-separated), e.g. claude-code,codex
        type: string
        default: ""
      trials:
        description: Trials per eval × agent (empty = each eval's own)
        type: string
        default: ""
      force:
        description: Run evals even when a recorded verdict matches
        type: boolean
        default: false

permissions:
  contents: read

jobs:
  evals:
    if: >-
      github.event_name != 'pull_request' ||
      (contains(github.event.pull_request.labels.*.name, 'run-evals') &&
       (github.event.action != 'labeled' || github.event.label.name == 'run-evals'))
    uses: ${action.repository}/.github/workflows/evals.yml@${action.ref}
    permissions:
      contents: write # history on the copybook-results branch
      pull-requests: write # the sticky comment
      # The reusable workflow's small \`source\` job asks for it (a called job gets no more than its
      # caller grants, or the run is refused). With action-repository and action-ref set, as
      # below, it reads no token; without them it reads which ref of evals.yml you pinned.
      id-token: write
    with:
      evals: evals/ # globs of eval files, one per line
      agents: \${{ inputs.agents }}
      trials: \${{ inputs.trials }}
      # Nightly runs everything again (keeps the history fresh); a manual run when asked to.
      force: \${{ github.event_name == 'schedule' || inputs.force == true }}
      budget-usd: "5" # the most one run may spend, split across the shards
      shards: auto # or a number: machines that run the suite in parallel
      action-repository: ${action.repository} # where the jobs take the Action from: keep equal to \`uses\`
      action-ref: ${action.ref}
    secrets:
      ANTHROPIC_API_KEY: \${{ secrets.ANTHROPIC_API_KEY }} # for claude-code
      OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }} # for codex
`;

/** What `init` writes, relative to the project root, for the Action `action`. */
export function scaffoldFiles(action: ActionRef = DEFAULT_ACTION): Record<string, string> {
  return {
    "evals/readme-start.eval.yaml": YAML_EVAL,
    "evals/vendor-config.eval.ts": TS_EVAL,
    "evals/template/README.md": TEMPLATE_README,
    "evals/template/package.json": TEMPLATE_PACKAGE,
    "evals/template/index.js": TEMPLATE_INDEX,
    ".github/workflows/evals.yml": workflow(action),
  };
}

/** What `init` writes with the default Action. */
export const SCAFFOLD: Record<string, string> = scaffoldFiles();

/** The .gitignore lines `init` makes sure of: the results folder, and node_modules/ if missing. */
export const GITIGNORE_LINES = [`${OWN_DIR}/`, "node_modules/"];

export interface InitOutcome {
  /** The files written, relative to the project root. */
  created: string[];
  /** The lines appended to .gitignore (none when it had them all). */
  ignored: string[];
}

/**
 * Writes the scaffold and appends what is missing of GITIGNORE_LINES to .gitignore (created if
 * absent); throws InitConflictError naming the first scaffold file that exists already.
 */
export async function initProject(
  projectRoot: string,
  action: ActionRef = DEFAULT_ACTION,
): Promise<InitOutcome> {
  const scaffold = scaffoldFiles(action);
  const files = Object.keys(scaffold);
  for (const rel of files) {
    const exists = await fs.lstat(path.join(projectRoot, rel)).then(
      () => true,
      () => false,
    );
    if (exists) {
      throw new InitConflictError(
        `${rel} already exists; init writes nothing over existing files (move it away, or add evals by hand: see docs/writing-evals.md)`,
      );
    }
  }
  for (const rel of files) {
    const file = path.join(projectRoot, rel);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // "wx": fail rather than overwrite, should a file appear meanwhile.
    await fs.writeFile(file, scaffold[rel]!, { flag: "wx" });
  }
  return { created: files, ignored: await ensureIgnored(projectRoot) };
}

/** Appends the GITIGNORE_LINES that .gitignore does not ignore yet; returns those it appended. */
async function ensureIgnored(projectRoot: string): Promise<string[]> {
  const file = path.join(projectRoot, ".gitignore");
  const text = await fs.readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  // `.copybook`, `/.copybook/`, `.copybook/` all ignore the folder: compare without the slashes.
  const bare = (line: string) => line.trim().replace(/^\/+|\/+$/g, "");
  const present = new Set(text.split(/\r?\n/).map(bare));
  const missing = GITIGNORE_LINES.filter((line) => !present.has(bare(line)));
  if (missing.length === 0) return [];
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  await fs.appendFile(file, `${separator}${missing.join("\n")}\n`);
  return missing;
}
