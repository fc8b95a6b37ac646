// Writing each report as `_evals/results/<timestamp>_<name>.json`, never through a link a pull
// request may have committed there.

import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { errorMessage } from "../../../model/index.js";
import { refuseLinkedOwnFolder } from "../../../store/index.js";
import { inertLines } from "../../../util/index.js";
import type { ClaudeCodeReport } from "./report-types.js";

/** `<root>/_evals/results/` (or `evals/results/` for a file under evals/). */
export function resultsDirFor(projectRoot: string, evalFile: string): string {
  const top = evalFile.split(/[\\/]/)[0];
  return path.join(projectRoot, top === "evals" || top === "_evals" ? top : "_evals", "results");
}

/** Writes each report as `<dir>/<timestamp>_<name>.json`; a new folder ignores itself in git. */
export async function writeClaudeCodeResults(
  reports: ClaudeCodeReport[],
  projectRoot: string,
): Promise<ClaudeCodeReport[]> {
  const written: ClaudeCodeReport[] = [];
  for (const report of reports) {
    const dir = resultsDirFor(projectRoot, report.file);
    // A pull request can commit `_evals/results` (or a folder above it) as a link: nothing is
    // written through one. The report stays in run.json; only its file is not written.
    // Milliseconds kept, so two runs in the same second don't overwrite each other's file.
    const stamp = report.timestamp.replace(/Z$/, "").replace(/:/g, "-");
    const file = path.join(dir, `${stamp}_${report.name}.json`);
    // A pull request can commit `_evals/results`, a folder above it or a file in it as a link:
    // nothing is written through one. The report stays in run.json; only its file is not written.
    try {
      refuseLinkedOwnFolder(projectRoot, dir);
      if (!(await fs.lstat(dir).catch(() => undefined))) {
        await fs.mkdir(dir, { recursive: true });
        // Results change on every run: kept out of git (and so out of the cache fingerprint and
        // repository snapshots) unless you delete this file.
        await fs.writeFile(path.join(dir, ".gitignore"), "# written by agent-evals\n*\n", {
          flag: "wx",
        });
      }
      // Written beside it, then renamed over it: a rename replaces a link planted at that name
      // instead of writing through it (a merge rewrites its shards' file of the same time).
      const temp = path.join(dir, `.${randomUUID()}.tmp`);
      await fs.writeFile(temp, `${JSON.stringify(report, null, 2)}\n`, { flag: "wx" });
      await fs.rename(temp, file);
    } catch (error) {
      process.stderr.write(
        inertLines(
          `agent-evals: warning: ${report.name}'s result file was not written: ${errorMessage(error)}\n`,
        ),
      );
      written.push(report);
      continue;
    }
    written.push({ ...report, resultFile: file });
  }
  return written;
}
