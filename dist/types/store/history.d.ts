import type { EvalResult, EvalStatus } from "../model/index.js";
export interface HistoryLine {
    /** When the run started, ISO 8601. */
    time: string;
    commit?: string;
    ref?: string;
    id: string;
    agent: string;
    agentVersion?: string;
    /** The rendered prompt's hash (EvalResult.promptHash); absent for evals without a prompt. */
    snapshotHash?: string;
    definitionHash: string;
    /** Trials run. */
    trials: number;
    trialsPlanned: number;
    passes: number;
    passRate: number;
    /** Required pass rate. */
    threshold: number;
    interval: [number, number];
    costUsd: number;
    durationMs: number;
    status: EvalStatus;
}
export interface HistoryMeta {
    definitionHash: string;
    /** When the run started. */
    time: Date;
    commit?: string;
    ref?: string;
}
/** The longest line appendHistory writes: far above any real line, small enough for one write. */
export declare const MAX_HISTORY_LINE_BYTES: number;
/**
 * Whether a result belongs in the history. `cached` results were not run (recording them would
 * let a cache hit feed the cache) and `skipped` ones ran nothing: callers must not append either.
 * appendHistory drops them too, as a safety net.
 */
export declare function isRecordable(status: EvalStatus): boolean;
export declare function historyLineFor(result: EvalResult, meta: HistoryMeta): HistoryLine;
/**
 * Append one line per entry to `<dir>/<id>.jsonl`, creating `dir` when missing. Callers skip
 * `cached` and `skipped` results (see isRecordable); such lines are dropped here anyway.
 *
 * Concurrency: every line is written with ONE write(2) of the whole line (JSON + "\n") on a file
 * opened with O_APPEND ('a'). With O_APPEND the kernel moves the offset to end-of-file and copies
 * the bytes in one step, holding the inode's write lock, so on local filesystems (ext4, xfs,
 * btrfs, tmpfs, APFS) another appender can neither overwrite the line nor put its bytes inside
 * it: each line lands whole, none is lost. POSIX promises atomicity only up to PIPE_BUF, and for
 * pipes; for regular files this is what Linux and macOS do. It does not hold on NFS, where the
 * client emulates O_APPEND. Node hands one buffer to one write(2), and the kernel writes short
 * only on errors (disk full); lines stay far below 64 KiB (MAX_HISTORY_LINE_BYTES), so a line is
 * one write. Several lines are several writes and may interleave with another process's lines:
 * fine, each line stands alone. A reader racing a writer may see the end of a line still being
 * copied; readHistory skips such a line, and sees it whole on its next read.
 */
export declare function appendHistory(dir: string, lines: HistoryLine[]): Promise<void>;
/** A line as the history holds it: serialized (below), redacted, newline-terminated. */
export declare function historyLineText(line: HistoryLine, redact?: (text: string) => string): string;
/**
 * The lines of one eval, in file order. A missing file is no history; lines that do not parse or
 * do not look like history lines (a torn last line, a conflict marker, a hand edit) are skipped,
 * and a line glued to the end of such garbage is recovered.
 */
export declare function readHistory(dir: string, id: string): Promise<HistoryLine[]>;
/** Every eval's lines, keyed by eval id (the file's name). A missing dir is an empty history. */
export declare function readAllHistory(dir: string): Promise<Map<string, HistoryLine[]>>;
export declare function parseHistory(text: string): HistoryLine[];
export interface HistoryKey {
    agent: string;
    /** Undefined matches only lines recorded without a version (e.g. the literal agent). */
    agentVersion?: string;
    /** Undefined matches only lines recorded without a prompt. */
    snapshotHash?: string;
    definitionHash: string;
    /** When given (`--trials` may differ from the definition), the line must have planned as many. */
    trialsPlanned?: number;
}
/**
 * The newest line recorded for the same agent, agent version, snapshot hash and definition hash
 * with a verdict (passed or failed): what a `cached` result reuses. Lines that are errors,
 * skipped, incomplete or inconclusive never match. Newest is by `time`; equal times go to the
 * later line in the file.
 */
export declare function latestMatching(lines: HistoryLine[], key: HistoryKey): HistoryLine | undefined;
/**
 * Mean cost of one trial of `agent` (total cost ÷ trials run) over its newest 10 lines that ran
 * trials, whatever their status; undefined when it has none.
 */
export declare function expectedCostPerTrial(lines: HistoryLine[], agent: string): number | undefined;
