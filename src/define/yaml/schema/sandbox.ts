// `sandbox:` (the tree a trial starts from, its HOME files, its provider and container limits) and
// `shims:` (what a binary on PATH does when the agent calls it).

import * as z from "zod/mini";
import { containerLimitProblem } from "../container.js";
import { Codes } from "../../../model/index.js";
import { described, hint, withMeta, yamlTaskDefaults } from "./meta.js";
import { exitCodeSchema, nonEmptyText, sandboxPathSchema } from "./leaves.js";
import { overlayPathProblem } from "./overlay.js";

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

export const sandboxSchema = described(
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

export const shimSchema = described(
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
