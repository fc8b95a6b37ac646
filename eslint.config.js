import js from "@eslint/js";
import tseslint from "typescript-eslint";

// ---------- the architecture, enforced ----------
//
// src/ is a pipeline, define → plan → run → check → report → publish, over shared foundations. The
// folders below are its layers, lowest first: a folder may import from the folders before it and
// never from one after it (an import that runs back up fails `npm run lint`), and it imports
// another folder only through that folder's public surface, its `index.ts` (plus the entries
// listed in `lazy`, loaded with `import()` so that a run that does not need them never loads them).
//
// `check` sits below `run` because a trial runs its checks (run calls check, check never calls
// run); `store` (the results folder, history, caches) sits below the stages because planning reads
// recorded verdicts and reporting reads trends. Only `github` may import @actions/*.
const LAYERS = [
  { folder: "model", what: "types, errors, diagnostic codes, layout names, statistics: pure" },
  { folder: "start", what: "process start and exit: the launchers, the compile cache" },
  { folder: "util", what: "process groups and cgroups, redaction, git, shell words" },
  {
    folder: "store",
    what: "results folder + lock, history, verdict caches, merge, results branch",
    lazy: ["results-branch.js"],
  },
  { folder: "define", what: "eval files → EvalSpec (discover, YAML and TS formats, prompts)" },
  { folder: "agents", what: "agent adapters: claude-code, codex, literal, command templates" },
  { folder: "plan", what: "evals × agents → planned units: selection, trials, cache, shards" },
  { folder: "check", what: "the checks run on a finished trial" },
  { folder: "run", what: "workspaces, isolation, shims, budget, trials, the suite" },
  { folder: "report", what: "console, run.json, report.html, junit.xml, markdown" },
  { folder: "kinds", what: "eval kinds behind one interface (task, skill), registered once" },
  { file: "library.ts", what: "the library's public API (defineEval, assertions, adapters)" },
  {
    folder: "engine",
    what: "plan, run, compare, recheck, merge, calibrate: the one pipeline every face uses",
  },
  { file: "index.ts", what: "the library entry (dist/lib); nothing imports it", leaf: true },
  { folder: "cli", what: "the agent-evals command: flag table, commands" },
  { folder: "github", what: "the Action: inputs, runner, publish (summary, comment, artifact)" },
  {
    file: "package.ts",
    what: "the package's one bundle (dist/lib): the library, and the CLI's and the Action's starts",
    leaf: true,
  },
];

const nameOf = (layer) => layer.folder ?? layer.file.replace(/\.ts$/, "");
const filesOf = (layer) => (layer.folder ? [`src/${layer.folder}/**/*.ts`] : [`src/${layer.file}`]);
/** Import specifiers that reach a layer, from anywhere in src/ (relative paths only). */
const specifiersOf = (layer) =>
  layer.folder ? [`**/${layer.folder}/**`] : [`**/${layer.file.replace(/\.ts$/, ".js")}`];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const layerRules = LAYERS.map((layer, index) => {
  const above = LAYERS.slice(index + 1).filter((l) => !l.leaf);
  const below = LAYERS.slice(0, index).filter((l) => l.folder);
  const patterns = [
    ...above.map((l) => ({
      group: specifiersOf(l),
      message: `${nameOf(layer)}/ is below ${nameOf(l)} in the pipeline (eslint.config.js, LAYERS): move the code down or pass it in.`,
    })),
    ...below.map((l) => ({
      group: [
        `**/${l.folder}/**`,
        `!**/${l.folder}/index.js`,
        ...(l.lazy ?? []).map((f) => `!**/${l.folder}/${f}`),
      ],
      message: `import ${l.folder}/ through its public surface, ${l.folder}/index.ts.`,
    })),
  ];
  if (layer.folder !== "github")
    patterns.push({ group: ["@actions/*"], message: "Only src/github/ imports @actions/*." });
  // import() is not covered by no-restricted-imports: the same upward rule for dynamic imports.
  // (esquery's regex literals cannot hold a slash: \x2F stands for one.)
  const upward = above.map((l) =>
    l.folder
      ? `\\x2F${escape(l.folder)}\\x2F`
      : `\\x2F${escape(l.file.replace(/\.ts$/, ".js")).replace("\\.", "[.]")}$`,
  );
  return {
    files: filesOf(layer),
    rules: {
      "no-restricted-imports": ["error", { patterns }],
      "no-restricted-syntax": [
        "error",
        ...(upward.length
          ? [
              {
                selector: `ImportExpression > Literal[value=/${upward.join("|")}/]`,
                message: `${nameOf(layer)}/ is below that module in the pipeline (eslint.config.js, LAYERS).`,
              },
            ]
          : []),
        ...(layer.folder !== "github"
          ? [
              {
                selector: "ImportExpression > Literal[value=/^@actions\\x2F/]",
                message: "Only src/github/ imports @actions/*.",
              },
            ]
          : []),
      ],
    },
  };
});

const unitOnly =
  "test/unit/ tests start no processes and no servers (npm run test:fast); put this test in test/";

export default tseslint.config(
  { ignores: ["dist/", "build/", "node_modules/", ".copybook/", "**/.copybook/", ".agent-clis/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        Buffer: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        setImmediate: "readonly",
        TextDecoder: "readonly",
        TextEncoder: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-control-regex": "off",
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: { "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }] },
  },
  ...layerRules,
  {
    // report.html's script (src/report/html/page/) runs in the browser, bundled by esbuild with
    // everything it imports: its own modules only, and the types of the data html.ts embeds.
    // (Its globals are the DOM's and no Node's: its tsconfig.json has those types and no others.)
    files: ["src/report/html/page/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\.\\.?/)",
              message: "The report page runs in the browser: no Node built-ins, no packages.",
            },
            {
              regex: "^\\.\\./(?!types\\.js$)",
              message:
                "The report page imports its own modules and ../types.js, nothing else of src/.",
            },
            {
              regex: "^\\.\\./types\\.js$",
              allowTypeImports: true,
              message: "Only `import type` from ../types.js.",
            },
          ],
        },
      ],
    },
  },
  {
    // The data's types, shared by html.ts (Node) and the page (the browser): types only, and the
    // model's from model/result.ts, whose program has no Node built-ins (model/index.ts's has).
    files: ["src/report/html/types.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: layerRules
            .find((rule) => rule.files.includes("src/report/**/*.ts"))
            .rules["no-restricted-imports"][1].patterns.map((pattern) =>
              pattern.group.includes("**/model/**")
                ? { ...pattern, group: [...pattern.group, "!**/model/result.js"] }
                : pattern,
            ),
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "Program > :not(ImportDeclaration[importKind='type'], ExportNamedDeclaration[exportKind='type'], ExportAllDeclaration[exportKind='type'])",
          message: "types.ts holds types only: both the Node program and the page's import it.",
        },
      ],
    },
  },
  {
    // test/unit/ (npm run test:fast) starts no processes and no servers. test/unit/setup.ts makes
    // them throw at run time; this catches the imports, also of code a machine may skip.
    files: ["test/unit/**/*.ts"],
    ignores: ["test/unit/setup.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            "node:child_process",
            "child_process",
            "simple-git",
            "execa",
            "playwright-core",
          ].map((name) => ({ name, message: unitOnly })),
          patterns: [
            { regex: "(^|/)fakes/", message: unitOnly },
            { regex: "helpers/(agent-run|skill-run|git-http)", message: unitOnly },
            { regex: "src/(engine|util/process)(/[^/]+)?(\\.js)?$", message: unitOnly },
            { regex: "helpers/project", importNames: ["runCli"], message: unitOnly },
          ],
        },
      ],
    },
  },
);

export { LAYERS };
