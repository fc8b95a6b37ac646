// Figure 5d's program: finds and reads one project's eval definitions (YAML parsed, zod-validated)
// and does nothing else. Bundled by the bench with ncc like dist/, its start-up is the part of a
// YAML-only run that no run can skip: Node, the YAML parser, zod/mini and our definition loader.

import { discoverEvalFiles } from "../src/define/discover.js";
import { loadEvals } from "../src/define/load.js";
import { EVAL_KINDS } from "../src/kinds/index.js";

async function main(projectRoot: string): Promise<void> {
  const files = await discoverEvalFiles(projectRoot, undefined);
  const specs = await loadEvals(files, { projectRoot, libraryApi: {}, kinds: EVAL_KINDS });
  process.stdout.write(`${specs.length}\n`);
}

// No top-level await: ncc bundles this file under the root tsconfig, not as an ES module.
main(process.argv[2] ?? ".").catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
