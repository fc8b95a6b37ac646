// The record and replay inputs as the engine takes them, for every mode that plans or runs trials:
// the plan job must plan what the shard jobs will run (a replayed or recorded trial always runs, and
// a replay needs no API key).

import fs from "node:fs";
import path from "node:path";
import { InputError, type ActionInputs } from "./inputs.js";

/** The record and replay inputs as the engine takes them; a replay folder that is not there is an input error. */
export function trafficOf(
  inputs: Pick<ActionInputs, "record" | "replay">,
  projectRoot: string,
): { traffic?: { mode: "record" } | { mode: "replay"; from: string } } {
  if (inputs.record) return { traffic: { mode: "record" } };
  if (!inputs.replay) return {};
  const from = path.resolve(projectRoot, inputs.replay);
  if (!fs.existsSync(from))
    throw new InputError(
      `input replay: ${inputs.replay} does not exist under the working directory; give the folder of cassettes committed with the evals (a results folder of a run with record: true)`,
    );
  return { traffic: { mode: "replay", from } };
}
