// From loaded evals and the command line to the units that will run: which evals, which agents,
// how many trials, rendered prompts; and what is settled already (agent unavailable → skipped).

import type { AgentAdapter, AgentRef, EvalSpec, Plan, PlannedUnit } from "../model/index.js";
import { Codes, DefinitionError, type DefinitionProblem, errorMessage } from "../model/index.js";
import { placeProblem, PromptError, renderPrompt } from "../define/index.js";
import { resolveAgent, UnknownAgentError, UnsafeTemplateError } from "../agents/index.js";

export interface PlanOptions {
  /** Eval ids to run; empty runs all. */
  names: string[];
  /** Agents from the command line: they replace each prompted eval's own list. */
  agents: AgentRef[];
  /** Overrides every eval's trial count. */
  trials?: number;
  env: Record<string, string | undefined>;
  /** Problems name their files relative to it. */
  projectRoot?: string;
}

export type { Plan };

export async function planRun(specs: EvalSpec[], options: PlanOptions): Promise<Plan> {
  const selected = selectEvals(specs, options.names);
  const problems: DefinitionProblem[] = [];
  const adapters = new Map<string, AgentAdapter>();
  const units: PlannedUnit[] = [];
  // --agent values are checked once, before any eval: a bad one is the command line's problem.
  const badFlags = new Set<AgentRef>();
  for (const ref of options.agents) {
    const problem = agentProblem(ref, adapters, { file: "(command line)", key: "--agent" });
    if (!problem) continue;
    problems.push(problem);
    badFlags.add(ref);
  }

  const refusedGroups = new Set<string>();
  // When --agent can apply to none of the selected evals (all are parts pinned to their agent),
  // naming another agent is refused.
  const onlyPinned = selected.every((s) => !s.prompt || s.part);
  for (const original of selected) {
    // --trials N means N fixed trials, also for an eval written with adaptive trials; a part
    // whose trials measure a rate (a skill's) then runs all N (the user asked for N samples).
    const spec = options.trials
      ? {
          ...original,
          adaptive: undefined,
          ...(original.part?.measuresRate ? { allTrials: true } : {}),
        }
      : original;
    const trials = options.trials ?? spec.trials;
    if (!spec.prompt) {
      units.push({ spec, agentName: "none", trials });
      continue;
    }
    let prompt;
    try {
      prompt = renderPrompt(spec.prompt, options.env);
    } catch (error) {
      if (!(error instanceof PromptError)) throw error;
      problems.push(
        placeProblem(
          {
            file: spec.file,
            line: spec.line,
            key: error.code === Codes.missingSecret ? "secrets" : "prompt",
            code: error.code,
            message: error.message,
            fix: error.fix,
          },
          options.projectRoot,
          error.needles,
        ),
      );
      continue;
    }
    // A part is written for one agent (a skill's, Claude Code): --agent does not replace it, but
    // a part another agent can run (a skill under codex) runs under it; else it is refused with
    // the reason rather than ignored.
    const other = spec.part
      ? options.agents.find((a) => agentName(a) !== spec.part!.agent)
      : undefined;
    const adapted =
      other !== undefined && options.agents.length === 1
        ? otherAgentFor(spec, other, adapters)
        : undefined;
    if (adapted && "agent" in adapted) {
      units.push({ spec, agent: adapted.agent, agentName: adapted.agent.name, prompt, trials });
      continue;
    }
    if (other !== undefined) {
      const problem = agentOnlyProblem(
        spec,
        agentName(other),
        adapted?.reason ??
          (options.agents.length > 1 && spec.part?.otherAgent
            ? "name one agent for skill and command evals (each part's verdict is of one agent)"
            : undefined),
      );
      if (!onlyPinned) {
        // --agent is for the other evals of this run: these are skipped, saying why.
        units.push({
          spec,
          agentName: spec.part!.agent,
          prompt,
          trials,
          settled: { status: "skipped", reason: `${problem.message} (skipped)` },
        });
      } else if (!refusedGroups.has(spec.part!.group)) {
        refusedGroups.add(spec.part!.group);
        problems.push(problem);
      }
      continue;
    }
    const refs = options.agents.length && !spec.part ? options.agents : spec.agents;
    if (refs.length === 0) {
      units.push({
        spec,
        agentName: "none",
        prompt,
        trials,
        settled: {
          status: "skipped",
          reason: "no agent: name one with --agent or the eval's `agents`",
        },
      });
      continue;
    }
    for (const ref of refs) {
      if (badFlags.has(ref)) continue;
      const problem = agentProblem(ref, adapters, {
        file: spec.file,
        line: spec.line,
        key: "agents",
      });
      if (problem) {
        // On the line that names the agent under `agents`.
        const needles = typeof ref === "string" ? ["agents", ref] : [];
        problems.push(placeProblem(problem, options.projectRoot, needles));
        continue;
      }
      const adapter = cachedAdapter(ref, adapters);
      units.push({ spec, agent: adapter, agentName: adapter.name, prompt, trials });
    }
  }
  if (problems.length) throw new DefinitionError(problems);
  await settleUnavailable(units);
  return { units, agentUnits: units.filter((u) => u.agent && !u.settled).length };
}

function selectEvals(specs: EvalSpec[], names: string[]): EvalSpec[] {
  if (names.length === 0) return specs;
  const byId = new Map(specs.map((s) => [s.id, s]));
  const missing = names.filter((n) => !byId.has(n));
  if (missing.length) {
    const known = specs.map((s) => s.id).join(", ") || "none";
    throw new DefinitionError(
      missing.map((name) => ({
        file: "(command line)",
        code: Codes.usage,
        message: `no eval is named ${JSON.stringify(name)}`,
        fix: `run one of: ${known}`,
      })),
    );
  }
  return names.map((n) => byId.get(n)!);
}

function agentName(ref: AgentRef): string {
  return typeof ref === "string" ? ref : ref.name;
}

/**
 * Why a part cannot run under another agent: its own reason for that agent (a command under codex,
 * which has no project slash commands), else the reason its kind gives for all others.
 */
function agentOnlyProblem(spec: EvalSpec, agent: string, reason?: string): DefinitionProblem {
  const part = spec.part!;
  return {
    file: spec.file,
    line: spec.line,
    key: "--agent",
    code: Codes.usage,
    message: `${part.group} is ${part.about}; --agent ${agent} cannot run it: ${reason ?? part.agentOnlyReason}`,
    fix: `drop --agent ${agent} (these evals use ${part.agent} unless another agent can run them), or select other evals by name`,
  };
}

/** The part's own adapter for `--agent <ref>`, or why that agent cannot run it. */
function otherAgentFor(
  spec: EvalSpec,
  ref: AgentRef,
  cache: Map<string, AgentAdapter>,
): { agent: AgentAdapter } | { reason: string } | undefined {
  const otherAgent = spec.part?.otherAgent;
  if (!otherAgent) return undefined;
  try {
    return otherAgent(cachedAdapter(ref, cache));
  } catch (error) {
    // An unknown name or an unsafe template: refused below with Claude Code's reason.
    if (error instanceof UnknownAgentError || error instanceof UnsafeTemplateError)
      return undefined;
    throw error;
  }
}

/** Resolves `ref` into the cache, or says why it cannot be an agent (unknown, unsafe template). */
function agentProblem(
  ref: AgentRef,
  cache: Map<string, AgentAdapter>,
  where: Pick<DefinitionProblem, "file" | "line" | "key">,
): DefinitionProblem | undefined {
  try {
    cachedAdapter(ref, cache);
    return undefined;
  } catch (error) {
    if (error instanceof UnsafeTemplateError)
      return {
        ...where,
        code: error.code,
        message: error.message,
        fix: error.fix,
      };
    if (error instanceof UnknownAgentError)
      return {
        ...where,
        code: Codes.unknownAgent,
        message: error.message,
        fix: "use a known agent name or pass an adapter",
      };
    throw error;
  }
}

function cachedAdapter(ref: AgentRef, cache: Map<string, AgentAdapter>): AgentAdapter {
  if (typeof ref !== "string") return ref;
  let adapter = cache.get(ref);
  if (!adapter) {
    adapter = resolveAgent(ref);
    cache.set(ref, adapter);
  }
  return adapter;
}

/** Ask each adapter once whether it can run and which version it is. */
async function settleUnavailable(units: PlannedUnit[]): Promise<void> {
  const probes = new Map<AgentAdapter, Promise<{ ok: boolean; version?: string; why?: string }>>();
  const probe = (a: AgentAdapter) => {
    let p = probes.get(a);
    if (!p) {
      p = (async () => {
        try {
          if (!(await a.available()))
            return { ok: false, why: `agent ${a.name} is not available on this machine` };
          return { ok: true, version: await a.version() };
        } catch (error) {
          return {
            ok: false,
            why: `agent ${a.name} is not available: ${errorMessage(error)}`,
          };
        }
      })();
      probes.set(a, p);
    }
    return p;
  };
  await Promise.all(
    units.map(async (unit) => {
      if (!unit.agent || unit.settled) return;
      const state = await probe(unit.agent);
      if (!state.ok) unit.settled = { status: "skipped", reason: state.why ?? "unavailable" };
      else if (state.version) unit.agentVersion = state.version;
    }),
  );
}
