// Before anything is spent: may whoever started this run use the paid agents? When not, the
// engine gets an environment without any agent's credentials, so nothing paid can start.

import { builtInCredentialEnv } from "../../agents/index.js";
import { secretNames } from "../../util/index.js";
import * as core from "../runner.js";
import type { ActionInputs } from "../inputs.js";
import type { ActionContext } from "./context.js";

export interface Gate {
  /** Why the paid agents do not run for this actor; undefined when they may. */
  withheld?: string;
  /** The environment the engine runs with. */
  env: NodeJS.ProcessEnv;
}

export async function gateActor({ inputs }: ActionContext): Promise<Gate> {
  const withheld = inputs.mode === "run" ? await actorRefusal(inputs) : undefined;
  if (withheld) core.warning(withheld, { title: "agent-evals: paid agents not run" });
  return { withheld, env: withheld ? withoutCredentials(process.env) : process.env };
}

/** Why the actor may not spend (see ../actor.ts); undefined outside GitHub or when they may. */
async function actorRefusal(inputs: ActionInputs): Promise<string | undefined> {
  const actor = process.env.GITHUB_ACTOR;
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? "").split("/");
  if (!actor || !owner || !repo) return undefined;
  const { spendingRefusal } = await import("../actor.js");
  return spendingRefusal({
    token: inputs.githubToken,
    baseUrl: process.env.GITHUB_API_URL,
    owner,
    repo,
    actor,
    allowed: inputs.allowedActors,
  });
}

/** The environment without any agent's credential variables. */
function withoutCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of secretNames(env, builtInCredentialEnv())) delete out[name];
  return out;
}
