// The YAML task format as zod schemas: the one source of truth for what a `*.eval.yaml` file may
// say. The loader validates with it, and `z.toJSONSchema(yamlTaskSchema)` gives editors the same
// rules. Descriptions double as the "fix" hints of error messages, so they say what a key takes.
// Defaults live in `yamlTaskDefaults` (and in each key's `default` metadata), not in a zod default
// wrapper, so the generated JSON Schema never marks a defaulted key as required.
//
// Written with zod/mini (`z.optional(s)`, `s.check(z.minLength(1))`), not the classic API
// (`s.optional()`, `s.min(1)`): every run builds these schemas at start, and importing the classic
// API and building our ~500 schema instances with it cost ~20 ms more per start. Same schemas,
// same parsing, same issues; only the way they are written differs.

import { containerLimitProblem } from "./container.js";
import path from "node:path";
import * as z from "zod/mini";
import { Codes, DEFAULT_TIMEOUT_MS } from "../../model/index.js";

// Classic zod installs its English messages on first use; zod/mini leaves them out. The issues we
// report (and a TS definition's problems) quote them, so install them too, unless already set.
if (!z.config().localeError) z.config(z.locales.en());

/** Values the loader fills in for keys a YAML task leaves out. */
export const yamlTaskDefaults = {
  timeoutSeconds: DEFAULT_TIMEOUT_MS / 1000,
  trials: 1,
  passRate: 1,
  commandExitCode: 0,
  shimExitCode: 0,
  shimOutput: "",
} as const;

/** The assertion lists; an eval must put at least one item in one of them. */
export const assertionListKeys = [
  "files",
  "absent",
  "commands",
  "contains",
  "forbidden",
  "judge",
] as const;

/**
 * Extra data a custom issue carries: the diagnostic code to report it under (schema problems
 * default to AE102) and the fix to suggest.
 */
export interface IssueHint {
  code: string;
  fix: string;
}

export function hint(code: string, fix: string): { params: IssueHint } {
  return { params: { code, fix } };
}

/**
 * A copy of `schema` with `meta` (description, default, title) in zod's global registry, as
 * classic zod's `.meta()` makes it. A copy, so a shared schema (`nonEmptyText`) keeps its own
 * metadata; the copy links to `schema` and inherits whatever metadata that has.
 */
export function withMeta<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, meta);
  return copy;
}

/** A copy of `schema` with a description (classic zod's `.describe()`). */
export function described<T extends z.ZodMiniType>(schema: T, description: string): T {
  return withMeta(schema, { description });
}

// ---------- leaves ----------

export const nonEmptyText = z.string().check(z.minLength(1));

const EVAL_NAME = /^[a-zA-Z0-9._-]+$/;

export const evalNameSchema = described(
  z.string().check(
    z.minLength(1),
    z.maxLength(128),
    z.regex(EVAL_NAME, { message: "may only contain letters, digits, `.`, `_` and `-`" }),
    z.refine((name) => name !== "." && name !== "..", {
      message: "`.` and `..` are not valid folder names",
    }),
  ),
  "The eval's id (letters, digits, `.`, `_` and `-`, at most 128 characters); it names the eval's results folder.",
);

/** True when `p` is relative and cannot climb out of the directory it is resolved against. */
export function staysInsideSandbox(p: string): boolean {
  if (path.posix.isAbsolute(p) || path.win32.isAbsolute(p)) return false;
  return !p.split(/[\\/]/).includes("..");
}

export const sandboxPathSchema = described(
  nonEmptyText.check(
    z.refine(staysInsideSandbox, {
      message: "must be a path relative to the sandbox: not absolute, and without `..`",
      ...hint(Codes.badPath, "write the path relative to the sandbox root, e.g. `src/Button.tsx`"),
    }),
  ),
  "A path relative to the sandbox root (not absolute, no `..`).",
);

/** The reason `source` does not compile as a regular expression, or undefined when it does. */
export function regexCompileError(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export const regexSchema = described(
  nonEmptyText.check(
    z.superRefine((source, ctx) => {
      const reason = regexCompileError(source);
      if (reason === undefined) return;
      ctx.addIssue({
        code: "custom",
        message: `invalid regular expression: ${reason}`,
        input: source,
        ...hint(
          Codes.badRegex,
          "fix the regular expression (escape special characters such as `(` or `[` with `\\\\`), or use `text:` for a plain substring",
        ),
      });
    }),
  ),
  "A JavaScript regular expression (compiled with `new RegExp`, no flags).",
);

export const exitCodeSchema = z.number().check(z.int(), z.gte(0), z.lte(255));

export const commandSchema = described(nonEmptyText, "A shell command.");

// ---------- assertions ----------

const commandCheckSchema = described(
  z.union([
    described(commandSchema, "A shell command that must exit 0, run inside the sandbox."),
    z.strictObject({
      run: described(commandSchema, "The shell command to run inside the sandbox."),
      exitCode: withMeta(z.optional(exitCodeSchema), {
        description: "An integer from 0 to 255: the exit code the command must return (default 0).",
        default: yamlTaskDefaults.commandExitCode,
      }),
    }),
  ]),
  "A command that must succeed: `npm test`, or `{ run: npm test, exitCode: 1 }`.",
);

function requireTextOrMatches(
  pinned: { text?: string | undefined; matches?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (pinned.text !== undefined && pinned.matches !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["matches"],
      message: "`text` and `matches` cannot be used together",
      ...hint(Codes.schema, "keep `text` for a plain substring or `matches` for a regex, not both"),
    });
  } else if (pinned.text === undefined && pinned.matches === undefined) {
    ctx.addIssue({
      code: "custom",
      message: "a pinned entry needs `text` or `matches`",
      ...hint(Codes.schema, "add `text: <substring>` or `matches: <regex>` next to `file:`"),
    });
  }
}

function textCheckSchema(must: "must" | "must not") {
  const where = "in a file the run created or modified";
  return described(
    z.union([
      described(nonEmptyText, `Text that ${must} appear ${where}.`),
      z
        .strictObject({
          file: described(
            sandboxPathSchema,
            `The sandbox-relative file the text ${must} appear in.`,
          ),
          text: described(z.optional(nonEmptyText), `A substring that ${must} appear in \`file\`.`),
          matches: described(
            z.optional(regexSchema),
            `A regular expression that ${must} match somewhere in \`file\`.`,
          ),
        })
        .check(z.superRefine(requireTextOrMatches)),
    ]),
    `Text that ${must} appear ${where}, or pinned to one file: \`{ file, text }\` or \`{ file, matches: regex }\`.`,
  );
}

/** An integer from 1 to 100, as trial counts are. */
const trialCount = () => z.number().check(z.int(), z.gte(1), z.lte(100));

/** A trial count, or `{ min, max }` for adaptive trials. Shared by the YAML and TS formats. */
export const trialsSchema = z.union([
  trialCount(),
  z
    .strictObject({
      min: described(trialCount(), "Trials that always run."),
      max: described(trialCount(), "Trials that may run at most."),
      confidence: described(
        z.optional(z.number().check(z.gte(0.5), z.lte(0.999))),
        "The confidence of the Wilson interval that decides (default 0.95).",
      ),
    })
    .check(z.refine((t) => t.min <= t.max, { message: "`min` must not be larger than `max`" })),
]);

/** The trial count and the adaptive minimum of a `trials` value. */
export function trialCounts(
  trials: z.output<typeof trialsSchema> | undefined,
  fallback: number,
): { trials: number; adaptive?: { min: number; confidence: number } } {
  if (trials === undefined) return { trials: fallback };
  if (typeof trials === "number") return { trials };
  return {
    trials: trials.max,
    adaptive: { min: trials.min, confidence: trials.confidence ?? 0.95 },
  };
}

/** The trajectory check of the skill-eval guide: which tools, with which arguments, in which order. */
export const workflowSchema = described(
  z.strictObject({
    match_mode: described(
      z.optional(z.enum(["superset", "subset", "unordered", "strict"])),
      "`superset` (default): at least the expected tools; `subset`: only tools from the list; `unordered`: exactly the listed tools, any order; `strict`: the same calls in the same order.",
    ),
    expected_tools: described(
      z.optional(
        z.array(
          z.strictObject({
            name: described(
              nonEmptyText,
              "A tool name: Bash, Read, Edit, Write, Glob, Grep, Skill, …",
            ),
            args_contain: described(
              z.optional(z.record(z.string(), z.string())),
              "A mapping of argument names to text their value must contain.",
            ),
            after: described(
              z.optional(nonEmptyText),
              "A tool that must have been called before this one.",
            ),
          }),
        ),
      ),
      "A list of tool calls the agent is expected to make.",
    ),
    forbidden_tools: described(
      z.optional(z.array(nonEmptyText)),
      "A list of tools the agent must not use.",
    ),
  }),
  "Checks on the agent's tool calls (its trajectory).",
);

// ---------- judges ----------

/** The agents that can judge (their adapters implement `judge`). */
export const JUDGE_AGENTS = ["claude-code", "codex"] as const;

function requireDirOrFiles(example: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if ((example.dir === undefined) !== (example.files === undefined)) return;
  ctx.addIssue({
    code: "custom",
    message: "an example needs one of `dir` or `files`",
    ...hint(
      Codes.schema,
      "give `dir: path/to/folder` (a workspace) or `files: { path: content }`, not both",
    ),
  });
}

export const judgeExampleSchema = described(
  z
    .strictObject({
      label: described(z.enum(["pass", "fail"]), "What the judge should answer: pass or fail."),
      dir: described(
        z.optional(nonEmptyText),
        "A folder standing for a final workspace; relative to the project root, or to the eval file when it starts with `./` or `../`.",
      ),
      files: described(
        z.optional(z.record(sandboxPathSchema, described(z.string(), "The file's content."))),
        "The workspace as a mapping of sandbox-relative paths to content.",
      ),
      name: described(z.optional(nonEmptyText), "A name for the calibration report."),
    })
    .check(z.superRefine(requireDirOrFiles)),
  "A labelled example: `{ label: pass|fail, dir }` or `{ label, files: { path: content } }`.",
);

/** The options of a judge, shared by the YAML task, the skill outcome and `judge()` in TS. */
export const judgeOptionShape = {
  files: described(
    z.optional(z.array(sandboxPathSchema)),
    "Files the judge reads first: their text goes into its prompt.",
  ),
  model: described(z.optional(nonEmptyText), "The judge's model (default: the CLI's own)."),
  samples: withMeta(z.optional(z.number().check(z.int(), z.gte(1), z.lte(15))), {
    description:
      "An integer from 1 to 15: independent judge calls; the verdict is their majority (default 1; odd numbers avoid ties).",
    default: 1,
  }),
  always: described(
    z.optional(z.boolean()),
    "Run the judge even when a deterministic check failed or the agent failed (default false).",
  ),
  examples: described(
    z.optional(z.array(judgeExampleSchema)),
    "Labelled examples `agent-evals calibrate` measures the judge on (accuracy, Cohen's κ).",
  ),
};

export const judgeAgentSchema = described(
  z.optional(z.enum(JUDGE_AGENTS)),
  "The agent CLI that judges, read-only: `claude-code` (default) or `codex`.",
);

export const judgeCheckSchema = described(
  z.strictObject({
    rubric: described(nonEmptyText, "What the work must satisfy, in plain words."),
    agent: judgeAgentSchema,
    ...judgeOptionShape,
  }),
  "A model-graded check: `{ rubric, files?, agent?, model?, samples?, always?, examples? }`.",
);

const assertionsSchema = described(
  z.strictObject({
    files: described(
      z.optional(z.array(sandboxPathSchema)),
      "A list of sandbox-relative paths that must exist after the run.",
    ),
    absent: described(
      z.optional(z.array(sandboxPathSchema)),
      "A list of sandbox-relative paths that must not exist after the run.",
    ),
    commands: described(
      z.optional(z.array(commandCheckSchema)),
      "A list of commands that must succeed inside the sandbox after the run.",
    ),
    contains: described(
      z.optional(z.array(textCheckSchema("must"))),
      "A list of texts that must appear: bare text searches the files the run created or modified; `{ file, text }` or `{ file, matches }` pins it to one file.",
    ),
    forbidden: described(
      z.optional(z.array(textCheckSchema("must not"))),
      "A list of texts that must not appear: bare text searches the files the run created or modified; `{ file, text }` or `{ file, matches }` pins it to one file.",
    ),
    workflow: z.optional(workflowSchema),
    judge: described(
      z.optional(z.array(judgeCheckSchema)),
      "A list of model-graded checks, run after every other check held: an agent CLI reads a copy of the final workspace, read-only, and answers pass, fail or unknown.",
    ),
  }),
  "A mapping of what must hold after the run: `files`, `absent`, `commands`, `contains`, `forbidden`, `workflow`, `judge`.",
);

// ---------- sandbox and shims ----------

/** Why `key` cannot name a file of a trial's HOME (as overlayPathProblem, said of HOME). */
export function homePathProblem(key: string): string | undefined {
  return overlayPathProblem(key)?.replace("the sandbox", "HOME");
}

const HOME_PATH_FIX =
  "write the path relative to HOME, without `..` or a leading `/` or `~`, e.g. `.claude/CLAUDE.md`";

const homePathSchema = described(
  z.string().check(
    z.superRefine((key, ctx) => {
      const why = key.startsWith("~")
        ? "starts with `~`: it is relative to HOME already"
        : homePathProblem(key);
      if (why === undefined) return;
      ctx.addIssue({
        code: "custom",
        message: why,
        input: key,
        ...hint(Codes.badPath, HOME_PATH_FIX),
      });
    }),
  ),
  "A file path relative to the trial's HOME (not absolute, no `..`).",
);

export const homeFilesSchema = described(
  z.record(homePathSchema, described(z.string(), "The file's content.")),
  "A mapping of HOME-relative paths to content written into each trial's own HOME.",
);

const sandboxKinds = ["template", "fixture", "repo"] as const;

/** The keys of `sandbox` other than its tree: any of them alone keeps the default tree. */
const SANDBOX_OPTION_KEYS = ["home", "kind", "image", "cpus", "memory", "pids"] as const;

function requireOneSandboxKind(sandbox: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const given = sandboxKinds.filter((kind) => sandbox[kind] !== undefined);
  // `{ home: … }` alone keeps the default tree (a snapshot of the project root).
  // `{ kind: … }` alone too, and a container's image and limits alone.
  if (given.length === 1) return;
  if (given.length === 0 && SANDBOX_OPTION_KEYS.some((key) => sandbox[key] !== undefined)) return;
  ctx.addIssue({
    code: "custom",
    message:
      given.length === 0
        ? "a sandbox needs one of `template`, `fixture` or `repo`"
        : `choose one of ${given.map((k) => `\`${k}\``).join(", ")}, not several`,
    ...hint(Codes.schema, "keep exactly one of `template`, `fixture` or `repo`"),
  });
}

function checkContainerOptions(sandbox: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const problem = containerLimitProblem(sandbox);
  if (!problem) return;
  ctx.addIssue({
    code: "custom",
    message: problem.message,
    input: sandbox[problem.key],
    path: [problem.key],
    ...hint(Codes.schema, problem.fix),
  });
}

const sandboxSchema = described(
  z
    .strictObject({
      template: described(
        z.optional(nonEmptyText),
        "A directory copied into each trial's sandbox; relative to the project root, or to the eval file when it starts with `./` or `../`.",
      ),
      fixture: described(
        z.optional(z.record(sandboxPathSchema, described(z.string(), "The file's content."))),
        "A mapping of sandbox-relative file paths to their content.",
      ),
      repo: described(
        z.optional(z.union([nonEmptyText, z.literal(true)])),
        "A directory whose versioned files are snapshotted into each sandbox (`true`: the project root); relative to the project root, or to the eval file when it starts with `./` or `../`.",
      ),
      home: described(
        z.optional(homeFilesSchema),
        "Files written into each trial's own HOME (path relative to HOME → content), e.g. `.claude/CLAUDE.md`: nothing of your real HOME but the login files reaches a trial otherwise.",
      ),
      kind: described(
        z.optional(nonEmptyText),
        "The sandbox provider the agent runs inside (`agent-evals eval --help` lists them, under --sandbox), over the run's `--sandbox` or the Action's `sandbox` input; one this machine cannot run stops the run with exit 2.",
      ),
      image: described(
        z.optional(nonEmptyText),
        "For `kind: docker`: the image the trials run in (over `--image`); it must exist locally, and setup runs in it once per eval.",
      ),
      cpus: described(
        z.optional(z.number()),
        "For `kind: docker`: the CPUs each trial may use (e.g. 2 or 1.5), over `--cpus`.",
      ),
      memory: described(
        z.optional(nonEmptyText),
        "For `kind: docker`: the memory each trial may use, e.g. `2g` or `512m`, over `--memory`.",
      ),
      pids: described(
        z.optional(z.number()),
        "For `kind: docker`: the most processes and threads a trial may have at once, over `--pids`.",
      ),
    })
    .check(z.superRefine(requireOneSandboxKind), z.superRefine(checkContainerOptions)),
  "One of `{ template: dir }`, `{ fixture: { path: content } }` or `{ repo: dir }` (default: a snapshot of the project root), `home: { path: content }` for the trial's HOME, `kind` for the sandbox provider, and `image`, `cpus`, `memory`, `pids` for a container's.",
);

function forbidScriptWithStub(shim: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if (shim.script === undefined) return;
  const stubKeys = ["exitCode", "stdout", "stderr"].filter((key) => shim[key] !== undefined);
  if (stubKeys.length === 0) return;
  ctx.addIssue({
    code: "custom",
    path: [stubKeys[0] as string],
    message: "a shim with `script` cannot also set `exitCode`, `stdout` or `stderr`",
    ...hint(Codes.schema, "keep `script` (it decides the output) or the stub keys, not both"),
  });
}

const shimSchema = described(
  z.union([
    described(z.literal("passthrough"), "Log each call, then run the real binary."),
    z
      .strictObject({
        script: described(
          z.optional(z.string()),
          "A shell script run in place of the binary, with the call's arguments.",
        ),
        exitCode: withMeta(z.optional(exitCodeSchema), {
          description: "An integer from 0 to 255: the stub's exit code (default 0).",
          default: yamlTaskDefaults.shimExitCode,
        }),
        stdout: withMeta(z.optional(z.string()), {
          description: "What the stub prints on stdout.",
          default: "",
        }),
        stderr: withMeta(z.optional(z.string()), {
          description: "What the stub prints on stderr.",
          default: "",
        }),
      })
      .check(z.superRefine(forbidScriptWithStub)),
  ]),
  "`passthrough`, `{ script: ... }`, or a stub `{ exitCode, stdout, stderr }`.",
);

const BIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/;
const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const ENV_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const binNameSchema = described(
  z
    .string()
    .check(
      z.regex(BIN_NAME, { message: "is not a binary name (letters, digits, `.`, `_`, `+`, `-`)" }),
    ),
  "The name of a binary on PATH, e.g. `npm`.",
);

const paramNameSchema = described(
  z.string().check(
    z.regex(PARAM_NAME, {
      message: "is not a placeholder name (a letter or `_`, then word characters or `-`)",
    }),
  ),
  "A placeholder name, used as `{{name}}` in the prompt.",
);

const envVarNameSchema = described(
  z.string().check(z.regex(ENV_VAR_NAME, { message: "is not an environment variable name" })),
  "An environment variable name, e.g. `NEON_API_KEY`.",
);

// ---------- variants ----------

const VARIANT_NAME = /^[A-Za-z0-9._-]+$/;

export const variantNameSchema = withMeta(
  z.string().check(
    z.minLength(1),
    z.maxLength(64),
    z.superRefine((name, ctx) => {
      if (name === "" || VARIANT_NAME.test(name)) return;
      ctx.addIssue({
        code: "custom",
        message: `variant name ${JSON.stringify(name)} may only contain letters, digits, \`.\`, \`_\` and \`-\``,
        input: name,
        ...hint(
          Codes.schema,
          "name the variant with letters, digits, `.`, `_` and `-`, e.g. `without-skill`",
        ),
      });
    }),
  ),
  {
    description:
      "The variant's name, unique in the eval (letters, digits, `.`, `_` and `-`, at most 64 characters).",
    // What the check above says, for editors (a refinement has no JSON Schema of its own).
    pattern: VARIANT_NAME.source,
  },
);

/**
 * Why `key` cannot name a file a variant writes or removes in the sandbox, or undefined when it
 * can: empty, absolute, with a `..` segment, ending in a separator, or naming the sandbox itself.
 */
export function overlayPathProblem(key: string): string | undefined {
  if (key.trim() === "") return "is empty";
  if (path.posix.isAbsolute(key) || path.win32.isAbsolute(key)) return "is an absolute path";
  const segments = key.split(/[\\/]/);
  if (segments.includes(".."))
    return "contains a `..` segment, which could climb out of the sandbox";
  if (/[\\/]$/.test(key)) return "ends in a separator: name a file, not a folder";
  if (segments.every((s) => s === "" || s === ".")) return "names the sandbox itself, not a file";
  if (key.includes("\0")) return "holds a NUL byte";
  return undefined;
}

const OVERLAY_PATH_FIX =
  "write the path relative to the sandbox root, without `..`, e.g. `.claude/skills/x/SKILL.md`";

export const overlayPathSchema = described(
  z.string().check(
    z.superRefine((key, ctx) => {
      const why = overlayPathProblem(key);
      if (why === undefined) return;
      ctx.addIssue({
        code: "custom",
        // Said after "the key `<path>`" (a record key's problem names the key first).
        message: why,
        input: key,
        ...hint(Codes.badPath, OVERLAY_PATH_FIX),
      });
    }),
  ),
  "A file path relative to the sandbox root (not absolute, no `..`).",
);

export const overlayFilesSchema = described(
  z.record(
    overlayPathSchema,
    described(
      z.nullable(z.string()),
      "The file's content, or null to remove the file (or folder) from the sandbox.",
    ),
  ),
  "A mapping of sandbox-relative paths to content written over the eval's sandbox, or null to remove that file: a SKILL.md, a CLAUDE.md, an AGENTS.md.",
);

const argSchema = described(
  z
    .string()
    .check(
      z.refine((arg) => !arg.includes("\0"), { message: "an argument cannot hold a NUL byte" }),
    ),
  "One command-line argument.",
);

// ---------- MCP servers ----------

const MCP_SERVER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const mcpServerNameSchema = withMeta(
  z.string().check(
    z.maxLength(64),
    z.regex(MCP_SERVER_NAME, {
      message:
        "is not an MCP server name: use letters, digits, `_` and `-`, starting with a letter or digit (its tools are named `mcp__<server>__<tool>`)",
    }),
  ),
  {
    description:
      "The server's name (letters, digits, `_`, `-`): its tools appear in the trajectory as `mcp__<name>__<tool>`.",
    pattern: MCP_SERVER_NAME.source,
  },
);

export const mcpServerSchema = described(
  z.strictObject({
    command: described(nonEmptyText, "The program that starts the server (stdio transport)."),
    args: described(z.optional(z.array(argSchema)), "A list of arguments for the command."),
    env: described(
      z.optional(z.record(envVarNameSchema, z.string())),
      "A mapping of environment variables set for the server.",
    ),
  }),
  "An MCP server the agent starts over stdio: `{ command, args?, env? }`.",
);

export const mcpServersSchema = described(
  z.record(mcpServerNameSchema, mcpServerSchema),
  "A mapping of MCP server names to `{ command, args?, env? }`: written into the trial's agent config (Claude Code's `--mcp-config`, Gemini's settings, OpenCode's config).",
);

/** The keys of a variant that override something; `name` and `source` do not. */
export const variantOverrideKeys = ["prompt", "files", "model", "args", "setup", "mcp"] as const;

/** True when a variant (as written) overrides nothing: no key, or only empty `files`/`args`. */
export function overridesNothing(variant: Record<string, unknown>): boolean {
  return variantOverrideKeys.every((key) => {
    const value = variant[key];
    if (value === undefined || value === null) return true;
    if (key === "files" || key === "mcp") {
      return isPlainRecord(value) && Object.keys(value).length === 0;
    }
    if (key === "args") return Array.isArray(value) && value.length === 0;
    return false;
  });
}

/** Fixes for the variant rules, shared by every format. */
export const variantFixes = {
  nothing:
    "give it at least one of `prompt`, `files`, `model`, `args`, `setup` or `mcp`, or remove the variant",
  duplicate: "give each variant its own `name`",
  clash: "keep one of the two paths: a file cannot also be a folder",
} as const;

function requireSomeOverride(variant: unknown, ctx: z.core.$RefinementCtx): void {
  if (!isPlainRecord(variant) || !overridesNothing(variant)) return;
  const name = typeof variant.name === "string" ? variant.name : "?";
  ctx.addIssue({
    code: "custom",
    message: `variant ${JSON.stringify(name)} overrides nothing: it would run the eval as defined again`,
    ...hint(Codes.emptyVariant, variantFixes.nothing),
  });
}

/** Problems across a variant list: two variants with one name, a file path that is also a folder. */
export function variantListIssues(
  variants: unknown[],
): Array<{ path: PropertyKey[]; message: string; code: string; fix: string }> {
  const issues: Array<{ path: PropertyKey[]; message: string; code: string; fix: string }> = [];
  const first = new Map<string, number>();
  for (const [index, variant] of variants.entries()) {
    if (!isPlainRecord(variant)) continue;
    const name = variant.name;
    if (typeof name === "string") {
      const earlier = first.get(name);
      if (earlier === undefined) first.set(name, index);
      else
        issues.push({
          path: [index, "name"],
          message: `variant name ${JSON.stringify(name)} is already used by variants[${earlier}]`,
          code: Codes.duplicateVariant,
          fix: variantFixes.duplicate,
        });
    }
    if (isPlainRecord(variant.files)) {
      const clash = overlayClash(variant.files);
      if (clash)
        issues.push({
          path: [index, "files", clash.file],
          message: `the sandbox path ${JSON.stringify(clash.file)} needs ${JSON.stringify(clash.folder)} to be a folder, but ${JSON.stringify(clash.folder)} is written as a file`,
          code: Codes.badPath,
          fix: variantFixes.clash,
        });
    }
  }
  return issues;
}

/** Two written paths where one is the other's folder (`a` and `a/b`), if there are. */
export function overlayClash(
  files: Record<string, unknown>,
): { file: string; folder: string } | undefined {
  const normal = (key: string) =>
    key
      .split(/[\\/]/)
      .filter((s) => s !== "" && s !== ".")
      .join("/");
  const written = new Map(
    Object.entries(files)
      .filter(([, content]) => typeof content === "string")
      .map(([key]) => [normal(key), key]),
  );
  for (const [rel, key] of written) {
    for (let at = rel.lastIndexOf("/"); at > 0; at = rel.lastIndexOf("/", at - 1)) {
      const folder = written.get(rel.slice(0, at));
      if (folder !== undefined) return { file: key, folder };
    }
  }
  return undefined;
}

function checkVariantList(variants: unknown[], ctx: z.core.$RefinementCtx): void {
  for (const issue of variantListIssues(variants)) {
    ctx.addIssue({
      code: "custom",
      path: issue.path,
      message: issue.message,
      ...hint(issue.code, issue.fix),
    });
  }
}

/**
 * A `variants:` list whose prompts take `promptSchema` (text in YAML; text or definePrompt in
 * TypeScript). Each item overrides something; names are unique; `files` stay in the sandbox.
 */
export function variantsSchema<P extends z.ZodMiniType>(
  promptSchema: P,
  promptDescription: string,
) {
  const variant = z
    .strictObject({
      name: variantNameSchema,
      prompt: described(z.optional(promptSchema), promptDescription),
      files: z.optional(overlayFilesSchema),
      model: described(z.optional(nonEmptyText), "Replaces the eval's model."),
      args: described(
        z.optional(z.array(argSchema)),
        "A list of extra command-line arguments for the agent, appended to its own (each one argument, never split by a shell).",
      ),
      setup: described(
        z.optional(z.array(commandSchema)),
        "A list of shell commands that replaces the eval's `setup`.",
      ),
      mcp: described(
        z.optional(z.record(mcpServerNameSchema, z.nullable(mcpServerSchema))),
        "A mapping of MCP servers added over the eval's `mcp`, or null to remove one (compare with and without a server).",
      ),
    })
    // Only when the rest is valid: beside a misspelt key (`modle:`) "overrides nothing" misleads.
    .check(z.superRefine(requireSomeOverride, { when: (payload) => payload.issues.length === 0 }));
  return described(
    z
      .array(
        described(
          variant,
          "A variant: `{ name, prompt?, files?, model?, args?, setup?, mcp? }`, at least one override.",
        ),
      )
      // Also when some item is invalid: a duplicate name is worth knowing beside a bad path.
      .check(z.superRefine(checkVariantList, { when: (payload) => Array.isArray(payload.value) })),
    "A list of named variants, each run beside the eval as defined and compared with it: `{ name, prompt?, files?, model?, args?, setup?, mcp? }`.",
  );
}

// ---------- the task ----------

export function countDeclaredAssertions(assertions: Record<string, unknown>): number {
  let count = 0;
  for (const key of assertionListKeys) {
    const list = assertions[key];
    if (Array.isArray(list)) count += list.length;
    else if (list !== undefined && list !== null) count += 1; // wrong type: reported on its own
  }
  const workflow = assertions.workflow;
  if (isPlainRecord(workflow)) {
    // `workflow: {}` (superset of nothing, nothing forbidden) would pass vacuously.
    const declares = (list: unknown) =>
      Array.isArray(list) ? list.length > 0 : list !== undefined && list !== null;
    const mode = workflow.match_mode;
    const narrowsMode = mode !== undefined && mode !== null && mode !== "superset";
    if (declares(workflow.expected_tools) || declares(workflow.forbidden_tools) || narrowsMode) {
      count += 1;
    }
  } else if (workflow !== undefined && workflow !== null) count += 1; // wrong type: reported on its own
  return count;
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function requireSomethingAsserted(task: unknown, ctx: z.core.$RefinementCtx): void {
  if (!isPlainRecord(task)) return;
  const assertions = task.assertions;
  const assertsNothing =
    assertions === undefined ||
    (isPlainRecord(assertions) && countDeclaredAssertions(assertions) === 0);
  if (!assertsNothing) return;
  ctx.addIssue({
    code: "custom",
    path: ["assertions"],
    message:
      assertions === undefined
        ? "the eval has no `assertions`: an eval that asserts nothing would pass vacuously"
        : "every assertion list is empty: an eval that asserts nothing would pass vacuously",
    ...hint(
      Codes.nothingAsserted,
      "add at least one item under `assertions:` (`files`, `absent`, `commands`, `contains`, `forbidden`, `workflow` or `judge`)",
    ),
  });
}

export const yamlTaskSchema = withMeta(
  z
    .strictObject({
      name: evalNameSchema,
      prompt: described(
        z.optional(nonEmptyText),
        "The task given to the agent; `{{name}}` placeholders are filled from `params` and `secrets`. Without a prompt no agent runs, only the assertions.",
      ),
      setup: described(
        z.optional(z.array(commandSchema)),
        "A list of shell commands run once per eval in the prepared sandbox.",
      ),
      timeout: withMeta(z.optional(z.number().check(z.positive(), z.lte(86_400))), {
        description: "A number of seconds the agent may take, at most 86400 (default 600).",
        default: yamlTaskDefaults.timeoutSeconds,
      }),
      assertions: z.optional(assertionsSchema),
      agents: described(
        z.optional(
          z.array(described(nonEmptyText, "An agent name, e.g. `literal` or `claude-code`.")),
        ),
        "A list of agent names (default: whatever `--agent` says).",
      ),
      trials: withMeta(z.optional(trialsSchema), {
        description:
          "An integer from 1 to 100: how many times each agent runs the eval (default 1); or `{ min, max }` for adaptive trials, added one at a time until the Wilson interval clears `passRate`.",
        default: yamlTaskDefaults.trials,
      }),
      passRate: withMeta(z.optional(z.number().check(z.gte(0), z.lte(1))), {
        description: "A number from 0 to 1: the share of trials that must pass (default 1).",
        default: yamlTaskDefaults.passRate,
      }),
      sandbox: z.optional(sandboxSchema),
      shims: described(
        z.optional(z.record(binNameSchema, shimSchema)),
        "A mapping of binary names to `passthrough`, `{ script }` or `{ exitCode, stdout, stderr }`; every call is logged.",
      ),
      maxCostUsd: described(
        z.optional(z.number().check(z.positive())),
        "A positive number: the most one trial may spend, in US dollars.",
      ),
      model: described(z.optional(nonEmptyText), "A model name, for agents that take one."),
      mcp: z.optional(mcpServersSchema),
      params: described(
        z.optional(
          z.record(
            paramNameSchema,
            described(
              z.union([z.string(), z.number(), z.boolean()]),
              "A string, number or boolean to put in place of the placeholder.",
            ),
          ),
        ),
        "A mapping of placeholder names to values (strings, numbers or booleans) that fill `{{name}}` in the prompt.",
      ),
      secrets: described(
        z.optional(z.array(envVarNameSchema)),
        "A list of environment variable names whose values fill `{{NAME}}` in the prompt at run time and are never written anywhere.",
      ),
      variants: z.optional(
        variantsSchema(
          nonEmptyText,
          "Replaces the eval's prompt; `{{name}}` placeholders are filled from the eval's `params` and `secrets`.",
        ),
      ),
    })
    .check(
      z.superRefine(requireSomethingAsserted, {
        when: (payload) => isPlainRecord(payload.value),
      }),
    ),
  {
    title: "agent-evals YAML task",
    description:
      "An eval written as YAML (`*.eval.yaml`): a prompt for the agent and the assertions its work must satisfy.",
  },
);

export type YamlTask = z.output<typeof yamlTaskSchema>;
export type YamlAssertions = NonNullable<YamlTask["assertions"]>;
export type YamlSandbox = NonNullable<YamlTask["sandbox"]>;
export type YamlShim = NonNullable<YamlTask["shims"]>[string];
export type YamlVariant = NonNullable<YamlTask["variants"]>[number];
