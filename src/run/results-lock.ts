// One run at a time per results folder: two agent-evals processes in the same project would clear
// and rewrite each other's trial folders, run.json and reports. The lock is a file beside the folder
// (the folder itself is cleared by a run) holding the owner's pid; a lock whose process is gone
// (killed, machine rebooted) is taken over.

import fs from "node:fs";
import path from "node:path";

export class ResultsBusyError extends Error {}

/** Takes the lock of `resultsDir`; resolves to its release. Throws ResultsBusyError when held. */
export async function lockResults(resultsDir: string): Promise<() => Promise<void>> {
  const lockFile = `${resultsDir}.lock`;
  // Synchronous: taking the lock is a few small calls on the way to the first trial.
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: "wx" });
      return () => fs.promises.rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
    }
    const owner = Number(readOrEmpty(lockFile).trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new ResultsBusyError(
        `another agent-evals run (pid ${owner}) is writing ${path.basename(resultsDir)}/ in this project; ` +
          `wait for it to end, or delete ${lockFile} if that process is not agent-evals`,
      );
    }
    fs.rmSync(lockFile, { force: true }); // stale: its process is gone
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, another user's
  }
}
