// Variants with `agentVersion: AGENT@VERSION`: each such version installed (or found in the cache)
// before the plan pairs units, so the variant's treatment runs that version's program.

import path from "node:path";
import { agentWithBin, installAgentVersion, parseAgentVersion } from "../agents/index.js";
import {
  AgentEvalsError,
  Codes,
  DefinitionError,
  type AgentAdapter,
  type PlannedUnit,
} from "../model/index.js";

export async function variantAgentVersions(
  units: readonly PlannedUnit[],
  env: Record<string, string | undefined>,
  projectRoot: string,
): Promise<Map<string, { adapter: AgentAdapter; version: string }>> {
  const found = new Map<string, { adapter: AgentAdapter; version: string }>();
  for (const unit of units) {
    if (unit.settled || !unit.agent) continue;
    for (const variant of unit.spec.variants ?? []) {
      const wanted = variant.agentVersion;
      if (!wanted || found.has(wanted) || !wanted.startsWith(`${unit.agentName}@`)) continue;
      const where = {
        file: path.relative(projectRoot, variant.source?.file ?? unit.spec.file),
        ...((variant.source?.line ?? unit.spec.line)
          ? { line: variant.source?.line ?? unit.spec.line }
          : {}),
        key: `variants.${variant.name}.agentVersion`,
      };
      try {
        const spec = parseAgentVersion(wanted);
        const adapter = agentWithBin(spec.agent, await installAgentVersion(spec, env));
        found.set(wanted, { adapter, version: (await adapter.version()) ?? spec.version });
      } catch (error) {
        if (!(error instanceof AgentEvalsError)) throw error;
        throw new DefinitionError([
          {
            ...where,
            code: Codes.usage,
            message: error.message.replace(/^--agent-version /, "agentVersion "),
            fix: "name a built-in agent CLI and a version npm has, e.g. `gemini@0.60.0`",
          },
        ]);
      }
    }
  }
  return found;
}
