// The docs check (scripts/check-docs.ts, `npm run check-docs`): its rules on small pages made to
// fail, then the repository's own README.md, docs/ and CLI help, which must pass.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  anchorsOf,
  checkCliDoc,
  checkLinks,
  checkDeclared,
  checkShape,
  declaredNames,
  docPages,
  exampleBlock,
  exampleMismatches,
  helpEntries,
  type Repository,
  sectionOf,
  slugify,
  WORKFLOW_SECTION,
} from "../../scripts/check-docs.js";
import { COMMANDS } from "../../src/cli/commands/index.js";
import { commandHelp, globalHelp } from "../../src/cli/main.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A repository of a few files in memory (folders are the files' parents). */
function repoOf(files: Record<string, string>): Repository {
  const folders = new Set(
    Object.keys(files).flatMap((file) =>
      file
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  return { read: (file) => files[file], exists: (file) => file in files || folders.has(file) };
}

describe("GitHub's heading anchors", () => {
  it("lowercases, drops punctuation and code marks, turns spaces into hyphens", () => {
    expect(slugify("Cost: budget, caching, changed-only")).toBe("cost-budget-caching-changed-only");
    expect(slugify("`report.html`")).toBe("reporthtml");
    expect(slugify("What `npm test` installs and needs")).toBe("what-npm-test-installs-and-needs");
    expect(slugify("The Action and the [reusable](x.md) workflow")).toBe(
      "the-action-and-the-reusable-workflow",
    );
    expect(slugify("Skills, commands and hooks")).toBe("skills-commands-and-hooks");
    expect(slugify("snake_case stays")).toBe("snake_case-stays");
    expect(slugify("Trials × agents — rules")).toBe("trials--agents--rules");
  });

  it("numbers repeated headings and ignores # lines inside code blocks", () => {
    const anchors = anchorsOf("# A\n\n## Notes\n\n```sh\n# not a heading\n```\n\n## Notes\n");
    expect([...anchors]).toEqual(["a", "notes", "notes-1"]);
  });
});

describe("links and anchors", () => {
  const repo = repoOf({
    "README.md": "# Top\n\n## First eval\n",
    "docs/cli.md": "# CLI\n\n## Exit codes\n",
    "src/index.ts": "",
  });

  it("accepts links that resolve, to files, folders, headings here and on other pages", () => {
    const page = [
      "# Page",
      "",
      "See [cli](cli.md), [codes](cli.md#exit-codes), [top](../README.md#first-eval), [src](../src),",
      "[here](#page), [the web](https://example.com/x#y) and [mail](mailto:a@b.c).",
      "",
      "[ref]: ../src/index.ts",
    ].join("\n");
    expect(checkLinks("docs/page.md", page, repo)).toEqual([]);
  });

  it("names a broken link and a missing anchor, with their lines", () => {
    const page = [
      "# Page",
      "",
      "[gone](missing.md)",
      "[no heading](cli.md#no-such-heading)",
      "[not here](#elsewhere)",
      "[up and out](../../etc/passwd)",
    ].join("\n");
    expect(checkLinks("docs/page.md", page, repo)).toEqual([
      { file: "docs/page.md", line: 3, message: "missing.md: docs/missing.md does not exist" },
      {
        file: "docs/page.md",
        line: 4,
        message: "cli.md#no-such-heading: docs/cli.md has no heading #no-such-heading",
      },
      {
        file: "docs/page.md",
        line: 5,
        message: "#elsewhere: docs/page.md has no heading #elsewhere",
      },
      { file: "docs/page.md", line: 6, message: "../../etc/passwd leads out of the repository" },
    ]);
  });

  it("does not read links inside code blocks or code spans", () => {
    const page = "# Page\n\n```md\n[gone](missing.md)\n```\n\n`[gone](missing.md)`\n";
    expect(checkLinks("docs/page.md", page, repo)).toEqual([]);
  });
});

describe("the pages' shape", () => {
  it("flags a line over 200 characters outside code, and a README over 250 lines", () => {
    const wide = `| a | ${"x".repeat(300)} |`;
    expect(checkShape("docs/x.md", `# X\n\n${wide}\n`)).toEqual([
      {
        file: "docs/x.md",
        line: 3,
        message: "a line of 308 characters (at most 200; a wide table reads better as a list)",
      },
    ]);
    expect(checkShape("docs/x.md", `# X\n\n\`\`\`\n${wide}\n\`\`\`\n`)).toEqual([]);
    const long = `# R\n${"line\n".repeat(250)}`;
    expect(checkShape("README.md", long)[0]?.message).toMatch(/^251 lines: keep README.md to 250/);
    expect(checkShape("docs/long.md", long)).toEqual([]);
  });
});

describe("docs/cli.md against the help", () => {
  const global = [
    "tool 1.0",
    "",
    "Usage:",
    "  agent-evals run [name…]     run things",
    "  agent-evals init [--cwd DIR] scaffold",
    "",
    "Options:",
    "  --cwd DIR            project root",
    "  --fast               go fast",
    "                       (a continuation line: --not-a-flag)",
    "  -h, --help           this help",
  ].join("\n");
  const commands = {
    run: "agent-evals run [name…]\n\nrun things\n\nOptions:\n  --cwd DIR  root\n  --fast  fast\n  -h, --help  help\n",
    init: "agent-evals init [--cwd DIR]\n\nscaffold\n\nOptions:\n  --cwd DIR  root\n  -h, --help  help\n",
  };
  const synopsis =
    "```\nagent-evals run [name…] [--cwd DIR]\n                [--fast]\nagent-evals init [--cwd DIR]\n```\n";
  const good = `# CLI\n\n${synopsis}\n- \`agent-evals run\`, \`agent-evals init\`; \`--help\`.\n`;

  it("reads the commands and flags of a help page", () => {
    expect(helpEntries(global)).toEqual({
      commands: ["run", "init"],
      flags: ["--cwd", "--fast", "--help"],
    });
  });

  it("passes a page that documents exactly what the help lists", () => {
    expect(checkCliDoc(global, commands, good)).toEqual([]);
  });

  it("names an undocumented flag, an undocumented command and a synopsis that lacks a flag", () => {
    const page = "# CLI\n\n```\nagent-evals run [name…] [--cwd DIR]\n```\n\n`--help`\n";
    expect(checkCliDoc(global, commands, page).map((p) => p.message)).toEqual([
      "the command `init` (in --help) is not documented",
      "the flag --fast (in --help) is not documented",
      "the synopsis of `run` lacks --fast",
      "the synopsis has no `agent-evals init` line",
    ]);
  });

  it("names a documented flag that does not exist, unless declared as another program's", () => {
    const page = `${good}\nRun with \`--turbo\`, or \`git fetch --unshallow\`.\n`;
    expect(checkCliDoc(global, commands, page)).toEqual([
      {
        file: "docs/cli.md",
        line: 11,
        message:
          "--turbo is documented but agent-evals has no such flag (another program's? declare it in <!-- other programs' flags: … -->)",
      },
      {
        file: "docs/cli.md",
        line: 11,
        message:
          "--unshallow is documented but agent-evals has no such flag (another program's? declare it in <!-- other programs' flags: … -->)",
      },
    ]);
    const declared = `${page}\n<!-- other programs' flags: --unshallow -->\n`;
    expect(checkCliDoc(global, commands, declared).map((p) => p.message)).toEqual([
      "--turbo is documented but agent-evals has no such flag (another program's? declare it in <!-- other programs' flags: … -->)",
    ]);
  });

  it("names a synopsis that gives a command a flag its help does not list", () => {
    const page = good.replace(
      "agent-evals init [--cwd DIR]",
      "agent-evals init [--cwd DIR] [--fast]",
    );
    expect(checkCliDoc(global, commands, page).map((p) => p.message)).toEqual([
      "the synopsis of `init` shows --fast, which `init --help` does not list",
    ]);
  });
});

describe("docs/action.md against action.yml and the reusable workflow", () => {
  const action = "name: x\ninputs:\n  budget-usd: {}\n  image: {}\noutputs:\n  pairs: {}\n";
  const workflow =
    "on:\n  workflow_call:\n    inputs:\n      shards: {}\n    outputs:\n      balance: {}\n";

  it("reads the declared inputs and outputs of both", () => {
    expect(declaredNames(action)).toEqual(["input budget-usd", "input image", "output pairs"]);
    expect(declaredNames(workflow)).toEqual(["input shards", "output balance"]);
  });

  it("names an input or output the page does not", () => {
    const page = "| `budget-usd` | … |\n| `pairs` | … |\n";
    expect(checkDeclared("action.yml", declaredNames(action), page)).toEqual([
      {
        file: "docs/action.md",
        message: "action.yml declares the input image, which docs/action.md does not name",
      },
    ]);
    expect(checkDeclared("action.yml", declaredNames(action), `${page}\`image\``)).toEqual([]);
  });

  it("names the workflow's inputs in the workflow's own section, not in the Action's", () => {
    const page = [
      "# x",
      "## The reusable workflow",
      "- `shards`: …",
      "```yaml",
      "## not a heading: `balance`",
      "```",
      "### Its outputs",
      "`balance`",
      "## The Action",
      "`record`",
    ].join("\n");
    expect(sectionOf(page, WORKFLOW_SECTION)).toBe(page.split("\n## The Action")[0]!.slice(4));
    expect(sectionOf(page, "Nowhere")).toBe("");
    const withRecord = workflow.replace("shards: {}", "shards: {}\n      record: {}");
    expect(
      checkDeclared("evals.yml", declaredNames(withRecord), sectionOf(page, WORKFLOW_SECTION)),
    ).toEqual([
      {
        file: "docs/action.md",
        message: "evals.yml declares the input record, which docs/action.md does not name",
      },
    ]);
  });
});

describe("the README's example output", () => {
  const readme = [
    "# x",
    "",
    "```text",
    "PASS a [literal] 1/1 passed 0.1s",
    "PASS b [literal] 2/2 passed (stopped after 2 of 3: …",
    "…",
    "6 passed, 0 failed, 2 skipped · cost $0.00 · 2.7s · results in x",
    "```",
  ].join("\n");
  const output = [
    "agent-evals 0.1.0: 3 pairs",
    "PASS a [literal] 1/1 passed 0.3s",
    "PASS b [literal] 2/2 passed (stopped after 2 of 3: verdict decided) 1.2s",
    "skipped, 2 pairs",
    "6 passed, 0 failed, 2 skipped · cost $0.01 · 12.5s · results in x",
  ].join("\n");

  it("finds the block and matches it in order, times and costs aside", () => {
    const block = exampleBlock(readme)!;
    expect(block).toHaveLength(4);
    expect(exampleMismatches(block, output)).toEqual([]);
  });

  it("names the lines the run does not print: another count, a missing row, another order", () => {
    const block = exampleBlock(readme)!;
    expect(exampleMismatches(block, output.replace("2 skipped", "8 skipped"))).toEqual([
      "6 passed, 0 failed, 2 skipped · cost $0.00 · 2.7s · results in x",
    ]);
    expect(exampleMismatches(block, output.replace("PASS a", "FAIL a"))).toEqual([
      "PASS a [literal] 1/1 passed 0.1s",
    ]);
    const swapped = output.split("\n");
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    expect(exampleMismatches(block, swapped.join("\n"))).toEqual([
      "PASS b [literal] 2/2 passed (stopped after 2 of 3: …",
    ]);
  });
});

describe("this repository's docs", () => {
  const repo: Repository = {
    read: (file) => {
      const full = path.join(ROOT, file);
      return existsSync(full) ? readFileSync(full, "utf8") : undefined;
    },
    exists: (file) => existsSync(path.join(ROOT, file)),
  };

  it("README.md and every docs/ page: links and anchors resolve, no line runs over 200", () => {
    const problems = docPages(ROOT).flatMap((file) => {
      const text = repo.read(file)!;
      return [...checkLinks(file, text, repo), ...checkShape(file, text)];
    });
    expect(problems).toEqual([]);
  });

  it("docs/cli.md documents every command and flag of the help, and no other flag", () => {
    const commands = Object.fromEntries(COMMANDS.map((c) => [c.name, commandHelp(c)]));
    expect(checkCliDoc(globalHelp(), commands, repo.read("docs/cli.md")!)).toEqual([]);
  });

  it("docs/action.md names every input and output of action.yml, and the reusable workflow's in its section", () => {
    const page = repo.read("docs/action.md")!;
    const pages = {
      "action.yml": page,
      ".github/workflows/evals.yml": sectionOf(page, WORKFLOW_SECTION),
    };
    for (const [source, text] of Object.entries(pages)) {
      const names = declaredNames(repo.read(source)!);
      expect(names.length).toBeGreaterThan(10);
      expect(checkDeclared(source, names, text)).toEqual([]);
    }
  });

  it("README.md shows the example's summary line", () => {
    expect(exampleBlock(repo.read("README.md")!)?.at(-1)).toMatch(/^6 passed, 0 failed, 2 skipped/);
  });
});
