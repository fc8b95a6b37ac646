// `agent-evals diverge A B`: where two recorded trials part ways. Each of A and B is a trial's
// results folder or its cassette.json.gz or cassette.json (a recording, or a replay: a replay writes the exchanges it
// served too). Prints the first turn whose request or response differs, with a readable diff.

import fs from "node:fs";
import path from "node:path";
import { UsageError } from "../../model/index.js";
import { CASSETTE_FILE, cassetteIn, firstDivergence, readCassette } from "../../run/index.js";
import type { CommandContext } from "./context.js";

export async function divergeCommand({ projectRoot, names }: CommandContext): Promise<number> {
  if (names.length !== 2)
    throw new UsageError(
      "diverge takes two trials: agent-evals diverge <trial folder or cassette file> <trial folder or cassette file>",
    );
  const [a, b] = await Promise.all(
    names.map((name) => readCassette(cassetteOf(projectRoot, name))),
  );
  const divergence = firstDivergence(a!, b!);
  if (!divergence) {
    process.stdout.write(
      `no divergence: the ${a!.exchanges.length} exchange(s) match, turn by turn (requests as normalized for replay, responses byte for byte)\n`,
    );
    return 0;
  }
  process.stdout.write(`${divergence.message}\n\n${divergence.diff}\n`);
  return 1;
}

/** A trial folder's cassette (compressed or plain), or the file given. */
function cassetteOf(projectRoot: string, name: string): string {
  const given = path.resolve(projectRoot, name);
  const stats = fs.lstatSync(given, { throwIfNoEntry: false });
  if (!stats)
    throw new UsageError(
      `diverge: ${given} does not exist; give a trial folder or a cassette file (cassette.json.gz or cassette.json)`,
    );
  return stats.isDirectory() ? (cassetteIn(given) ?? path.join(given, CASSETTE_FILE)) : given;
}
