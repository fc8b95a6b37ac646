// One run at a time per results folder: two agent-evals processes in the same project would clear
// and rewrite each other's trial folders, run.json and reports. The lock is a file beside the folder
// (the folder itself is cleared by a run) holding the owner's pid; a lock whose process is gone
// (killed, machine rebooted) is taken over.
//
// Taking over is done under a second, short-lived lock (`<lock>.takeover`): two processes that both
// found the same stale lock would otherwise both remove it, and the second would remove the lock
// the first had just written. Whoever holds the takeover lock checks again that the lock is still
// the stale one before replacing it.

import { AgentEvalsError, Codes } from "../model/index.js";
import fs from "node:fs";
import path from "node:path";

export class ResultsBusyError extends AgentEvalsError {
  constructor(message: string) {
    super(Codes.resultsBusy, message);
  }
}

/** A takeover lock older than this was left by a process that died taking over. */
const TAKEOVER_STALE_MS = 10_000;

/**
 * Takes the lock of `resultsDir`; resolves to its release. Throws ResultsBusyError when held.
 * `afterStaleSeen` runs between seeing a stale lock and taking it over: the moment another process
 * may take it over too (tests use it to be that process).
 */
export async function lockResults(
  resultsDir: string,
  afterStaleSeen?: () => void,
): Promise<() => Promise<void>> {
  const lockFile = `${resultsDir}.lock`;
  const release = () => fs.promises.rm(lockFile, { force: true });
  // Synchronous: taking the lock is a few small calls on the way to the first trial.
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  if (createLock(lockFile)) return release;
  const stale = readOrEmpty(lockFile);
  refuseIfHeld(lockFile, stale, resultsDir);
  afterStaleSeen?.();

  const takeover = `${lockFile}.takeover`;
  if (!createLock(takeover)) {
    if (!isOlderThan(takeover, TAKEOVER_STALE_MS)) throw busy(lockFile, resultsDir);
    fs.rmSync(takeover, { force: true });
    if (!createLock(takeover)) throw busy(lockFile, resultsDir);
  }
  try {
    // Still the stale lock we saw? Another process may have replaced it meanwhile.
    const now = readOrEmpty(lockFile);
    if (now === stale) fs.rmSync(lockFile, { force: true });
    if (createLock(lockFile)) return release;
    refuseIfHeld(lockFile, readOrEmpty(lockFile), resultsDir);
    throw busy(lockFile, resultsDir);
  } finally {
    fs.rmSync(takeover, { force: true });
  }
}

/** Creates `file` holding this pid, only if it does not exist (atomic). */
function createLock(file: string): boolean {
  try {
    fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function refuseIfHeld(lockFile: string, content: string, resultsDir: string): void {
  const owner = Number(content.trim());
  // This process's own pid is a live holder too: another run of the library in this process.
  if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner)))
    throw busy(lockFile, resultsDir, owner);
}

function busy(lockFile: string, resultsDir: string, owner?: number): ResultsBusyError {
  return new ResultsBusyError(
    `another agent-evals run${owner ? ` (pid ${owner})` : ""} is writing ${path.basename(resultsDir)}/ in this project; ` +
      `wait for it to end, or delete ${lockFile} if that process is not agent-evals`,
  );
}

function isOlderThan(file: string, ms: number): boolean {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat !== undefined && Date.now() - stat.mtimeMs > ms;
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
