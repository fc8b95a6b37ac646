// The docs check (`npm run check-docs`, run by .ci/run): README.md and docs/*.md against the repository
// and the CLI.
//   - every relative link resolves to a file or folder, and every #anchor to a heading (GitHub's
//     slugs) of the page it points at;
//   - every command and flag the CLI's help lists (`--help` of src/ and of dist/cli/index.js, and
//     each command's `--help`) appears in docs/cli.md; the synopsis there gives each command exactly the flags its help lists; every
//     --flag docs/cli.md names exists (but those it declares as other programs' flags);
//   - every input and output of action.yml is named in docs/action.md, and every one of the reusable
//     workflow in its section ("The reusable workflow");
//   - README.md has at most 250 lines, and no line of README.md or docs/ outside a code block runs
//     over 200 characters.
// The functions are pure (test/unit/docs.test.ts); only `main` reads files and runs the CLI.

import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import { COMMANDS } from "../src/cli/commands/index.js";
import { commandHelp, globalHelp } from "../src/cli/main.js";

export interface Problem {
  /** Repository-relative file, and the 1-based line where there is one. */
  file: string;
  line?: number;
  message: string;
}

export const README_MAX_LINES = 250;
export const MAX_LINE = 200;

/** Each line with whether it is inside a fenced code block (the fence lines count as inside). */
function linesWithFences(markdown: string): { text: string; fenced: boolean }[] {
  let fence: string | undefined;
  return markdown.split("\n").map((text) => {
    const open = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence === undefined && open) {
      fence = open[1]!;
      return { text, fenced: true };
    }
    if (fence !== undefined) {
      if (text.trim().startsWith(fence) && text.trim().replace(/[`~]/g, "") === "")
        fence = undefined;
      return { text, fenced: true };
    }
    return { text, fenced: false };
  });
}

/** A heading's anchor as GitHub makes it (github-slugger, over the heading's rendered text). */
export function slugify(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/`/g, "")
    .replace(/\*\*|\*/g, "")
    .replace(/(^|\s)_+|_+(\s|$)/g, "$1$2"); // _emphasis_, not snake_case
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a page: its headings' slugs (repeats get -1, -2 …) and explicit `id`/`name`s. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text, fenced } of linesWithFences(markdown)) {
    if (fenced) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const slug = slugify(heading[1]!);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of text.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  return anchors;
}

/** The inline links and reference definitions of a page, outside code, with their lines. */
export function linksOf(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  linesWithFences(markdown).forEach(({ text, fenced }, i) => {
    if (fenced) return;
    const prose = text.replace(/(`+)[^`]*?\1/g, ""); // inline code spans hold no links
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: m[1]!, line: i + 1 });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose);
    if (definition) links.push({ target: definition[1]!, line: i + 1 });
  });
  return links;
}

export interface Repository {
  /** The text of a repository-relative file, or undefined when it is not a readable file. */
  read(file: string): string | undefined;
  /** Whether a repository-relative path is a file or a folder. */
  exists(file: string): boolean;
}

/** Every relative link of `file` (repository-relative) resolves, and so does its #anchor. */
export function checkLinks(file: string, markdown: string, repo: Repository): Problem[] {
  const problems: Problem[] = [];
  for (const { target, line } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
    const hash = target.indexOf("#");
    const rawPath = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = rawPath
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)))
      : file;
    if (resolved.startsWith("../")) {
      problems.push({ file, line, message: `${target} leads out of the repository` });
      continue;
    }
    if (rawPath && !repo.exists(resolved)) {
      problems.push({ file, line, message: `${target}: ${resolved} does not exist` });
      continue;
    }
    if (anchor === undefined || anchor === "") continue;
    const page = resolved === file ? markdown : repo.read(resolved);
    if (page === undefined || !resolved.endsWith(".md")) {
      problems.push({
        file,
        line,
        message: `${target}: #${anchor} points into ${resolved}, not a page`,
      });
    } else if (!anchorsOf(page).has(anchor)) {
      problems.push({ file, line, message: `${target}: ${resolved} has no heading #${anchor}` });
    }
  }
  return problems;
}

/** README.md's length, and lines over MAX_LINE characters outside code blocks. */
export function checkShape(file: string, markdown: string): Problem[] {
  const problems: Problem[] = [];
  const lines = markdown.replace(/\n$/, "").split("\n");
  if (file === "README.md" && lines.length > README_MAX_LINES) {
    problems.push({
      file,
      message: `${lines.length} lines: keep README.md to ${README_MAX_LINES} (the reference goes in docs/)`,
    });
  }
  linesWithFences(markdown).forEach(({ text, fenced }, i) => {
    if (!fenced && [...text].length > MAX_LINE) {
      problems.push({
        file,
        line: i + 1,
        message: `a line of ${[...text].length} characters (at most ${MAX_LINE}; a wide table reads better as a list)`,
      });
    }
  });
  return problems;
}

/** The commands and flags one help page lists: `agent-evals NAME` usage lines and option lines. */
export function helpEntries(help: string): { commands: string[]; flags: string[] } {
  const commands = new Set<string>();
  const flags = new Set<string>();
  for (const line of help.split("\n")) {
    const usage = /^\s*agent-evals ([a-z][a-z-]*)/.exec(line);
    if (usage) commands.add(usage[1]!);
    const option = /^\s{2}(?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)/.exec(line);
    if (option) flags.add(option[1]!);
  }
  return { commands: [...commands], flags: [...flags] };
}

/** The flags named in a text: `--name`, not inside a longer word. */
export function flagsIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g)].map((m) => m[0]));
}

/** Flags docs/cli.md names that belong to other programs: `<!-- other programs' flags: --a --b -->`. */
export function othersFlags(markdown: string): Set<string> {
  const declared = new Set<string>();
  for (const m of markdown.matchAll(/<!--\s*other programs' flags:([^>]*)-->/g)) {
    for (const flag of flagsIn(m[1]!)) declared.add(flag);
  }
  return declared;
}

/** The synopsis (docs/cli.md's first code block): each command's usage lines and their flags. */
export function synopsisOf(markdown: string): Map<string, Set<string>> {
  const lines = linesWithFences(markdown);
  const start = lines.findIndex((l) => l.fenced);
  const synopsis = new Map<string, Set<string>>();
  let current: Set<string> | undefined;
  for (let i = start + 1; start !== -1 && i < lines.length; i++) {
    const { text, fenced } = lines[i]!;
    if (!fenced || /^ {0,3}(`{3,}|~{3,})/.test(text)) break;
    const usage = /^agent-evals ([a-z][a-z-]*)/.exec(text);
    if (usage) {
      current = synopsis.get(usage[1]!) ?? new Set();
      synopsis.set(usage[1]!, current);
    } else if (!/^\s/.test(text)) current = undefined;
    for (const flag of flagsIn(text)) current?.add(flag);
  }
  return synopsis;
}

/**
 * docs/cli.md against the help pages: `global` (agent-evals --help) and each command's own
 * (`commands`: name → its --help text).
 */
export function checkCliDoc(
  global: string,
  commands: Record<string, string>,
  cliDoc: string,
  file = "docs/cli.md",
): Problem[] {
  const problems: Problem[] = [];
  const listed = helpEntries(global);
  const helpFlags = new Set(listed.flags);
  for (const text of Object.values(commands))
    for (const f of helpEntries(text).flags) helpFlags.add(f);
  const named = flagsIn(cliDoc);
  const others = othersFlags(cliDoc);
  for (const command of listed.commands) {
    if (!new RegExp(`agent-evals ${command}(?![\\w-])`).test(cliDoc)) {
      problems.push({ file, message: `the command \`${command}\` (in --help) is not documented` });
    }
  }
  for (const flag of helpFlags) {
    if (!named.has(flag))
      problems.push({ file, message: `the flag ${flag} (in --help) is not documented` });
  }
  for (const flag of named) {
    if (!helpFlags.has(flag) && !others.has(flag)) {
      const line = cliDoc.split("\n").findIndex((l) => flagsIn(l).has(flag)) + 1;
      problems.push({
        file,
        ...(line > 0 ? { line } : {}),
        message: `${flag} is documented but agent-evals has no such flag (another program's? declare it in <!-- other programs' flags: … -->)`,
      });
    }
  }
  const synopsis = synopsisOf(cliDoc);
  for (const [command, help] of Object.entries(commands)) {
    const wanted = new Set(
      helpEntries(help).flags.filter((f) => f !== "--help" && f !== "--version"),
    );
    const shown = synopsis.get(command);
    if (!shown) {
      problems.push({ file, message: `the synopsis has no \`agent-evals ${command}\` line` });
      continue;
    }
    for (const flag of wanted) {
      if (!shown.has(flag))
        problems.push({ file, message: `the synopsis of \`${command}\` lacks ${flag}` });
    }
    for (const flag of shown) {
      if (!wanted.has(flag)) {
        problems.push({
          file,
          message: `the synopsis of \`${command}\` shows ${flag}, which \`${command} --help\` does not list`,
        });
      }
    }
  }
  return problems;
}

/**
 * The inputs and outputs an Action (`action.yml`) or a reusable workflow (`on.workflow_call`)
 * declares, as `input NAME` / `output NAME`.
 */
export function declaredNames(yamlText: string): string[] {
  const doc = (parseYaml(yamlText) ?? {}) as {
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    on?: {
      workflow_call?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
    };
  };
  const call = doc.on?.workflow_call;
  const inputs = Object.keys(call?.inputs ?? doc.inputs ?? {});
  const outputs = Object.keys(call?.outputs ?? doc.outputs ?? {});
  return [...inputs.map((n) => `input ${n}`), ...outputs.map((n) => `output ${n}`)];
}

/** Each declared input and output (from `declaredNames`) appears in the page as `` `name` ``. */
export function checkDeclared(
  source: string,
  names: readonly string[],
  page: string,
  file = "docs/action.md",
): Problem[] {
  return names
    .filter((entry) => !page.includes(`\`${entry.replace(/^(input|output) /, "")}\``))
    .map((entry) => ({
      file,
      message: `${source} declares the ${entry}, which ${file} does not name`,
    }));
}

/**
 * The part of a page under the heading `title` (outside code blocks), up to the next heading of the
 * same or a higher level; "" when the page has no such heading.
 */
export function sectionOf(markdown: string, title: string): string {
  const lines = linesWithFences(markdown);
  const level = (text: string) => /^ {0,3}(#{1,6})\s/.exec(text)?.[1]!.length;
  const start = lines.findIndex(
    ({ text, fenced }) =>
      !fenced &&
      level(text) !== undefined &&
      slugify(text.replace(/^ {0,3}#+\s+/, "")) === slugify(title),
  );
  if (start === -1) return "";
  const depth = level(lines[start]!.text)!;
  const end = lines.findIndex(
    ({ text, fenced }, i) => i > start && !fenced && (level(text) ?? Infinity) <= depth,
  );
  return lines
    .slice(start, end === -1 ? undefined : end)
    .map((l) => l.text)
    .join("\n");
}

/** The section of docs/action.md that documents the reusable workflow's inputs and outputs. */
export const WORKFLOW_SECTION = "The reusable workflow";

/** The README's example output: the lines of its first code block that holds a summary line. */
export function exampleBlock(readme: string): string[] | undefined {
  const blocks: string[][] = [];
  let current: string[] | undefined;
  for (const { text, fenced } of linesWithFences(readme)) {
    if (!fenced) {
      if (current) blocks.push(current);
      current = undefined;
    } else if (/^ {0,3}(`{3,}|~{3,})/.test(text)) {
      if (current) blocks.push(current);
      current = current ? undefined : [];
    } else current?.push(text);
  }
  if (current) blocks.push(current);
  return blocks.find((block) => block.some((line) => SUMMARY.test(line)));
}

/** The run's one summary line: `6 passed, 0 failed, 2 skipped · …`. */
const SUMMARY = /^\d+ passed, \d+ failed/;

/** A line of console output with what changes between runs (times, costs, colours) made constant. */
export function normalizeOutput(line: string): string {
  return line
    .replace(/\x1b\[[0-9;]*m/g, "")
    .replace(/\$\d+(?:\.\d+)?/g, "$N")
    .replace(/\b\d+(?:\.\d+)?(?:ms|s)\b/g, "Ns")
    .trimEnd();
}

/**
 * The lines of the README's example block that the run's output lacks. Each block line must match
 * an output line, in order (other output lines may come between); a line that is only `…` matches
 * nothing itself, and a line ending in ` …` matches an output line that starts with what comes
 * before it. Times and costs are compared normalized. The block's summary line must match the run's
 * last summary line.
 */
export function exampleMismatches(block: readonly string[], output: string): string[] {
  const lines = output.split("\n").map(normalizeOutput);
  const missing: string[] = [];
  let at = 0;
  for (const raw of block) {
    const want = normalizeOutput(raw);
    if (want.trim() === "…" || want === "") continue;
    const prefix = want.endsWith(" …") ? want.slice(0, -2) : undefined;
    const found = lines.findIndex(
      (line, i) => i >= at && (prefix !== undefined ? line.startsWith(prefix) : line === want),
    );
    if (found === -1) missing.push(raw);
    else at = found + 1;
  }
  const summary = block.find((line) => SUMMARY.test(line));
  const ran = [...lines].reverse().find((line) => SUMMARY.test(line));
  if (summary && normalizeOutput(summary) !== ran && !missing.includes(summary))
    missing.push(summary);
  return missing;
}

/** The pages the check covers: README.md and every docs/*.md. */
export function docPages(root: string): string[] {
  const docs = readdirSync(path.join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`);
  return ["README.md", ...docs];
}

function main(): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const repo: Repository = {
    read: (file) => {
      try {
        return readFileSync(path.join(root, file), "utf8");
      } catch {
        return undefined;
      }
    },
    exists: (file) => existsSync(path.join(root, file)),
  };
  const problems: Problem[] = [];
  for (const file of docPages(root)) {
    const text = repo.read(file)!;
    problems.push(...checkLinks(file, text, repo), ...checkShape(file, text));
  }
  // The help as src/ prints it (each command's own page too), and as the committed CLI prints it:
  // what either lists must be documented (`npm run check-dist` keeps the two the same).
  const commands = Object.fromEntries(COMMANDS.map((c) => [c.name, commandHelp(c)]));
  const cli = path.join(root, "dist/cli/index.js");
  const built = existsSync(cli)
    ? execFileSync(process.execPath, [cli, "--help"], { encoding: "utf8" })
    : "";
  problems.push(
    ...checkCliDoc(`${globalHelp()}\n${built}`, commands, repo.read("docs/cli.md") ?? ""),
  );
  const actionDoc = repo.read("docs/action.md") ?? "";
  // The workflow's inputs in its own section: one named only in the Action's table (`record`,
  // `force`…) says nothing about whether the workflow takes it.
  const pages = {
    "action.yml": actionDoc,
    ".github/workflows/evals.yml": sectionOf(actionDoc, WORKFLOW_SECTION),
  };
  for (const [source, page] of Object.entries(pages)) {
    problems.push(...checkDeclared(source, declaredNames(repo.read(source) ?? ""), page));
  }
  for (const p of problems) console.error(`${p.file}${p.line ? `:${p.line}` : ""}: ${p.message}`);
  console.error(
    problems.length === 0
      ? `check-docs: ${docPages(root).length} pages, their links and anchors, docs/cli.md against --help, docs/action.md against action.yml and the workflow: ok`
      : `check-docs: ${problems.length} problem(s)`,
  );
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
