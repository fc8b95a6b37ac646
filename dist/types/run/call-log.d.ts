import type { ShimCall } from "../model/index.js";
export interface CallLogCaps {
    /** Bytes kept of one field: half from its start, half from its end. */
    fieldBytes: number;
    /** Arguments kept of one call. */
    argsPerCall: number;
    /** Calls recorded (calls.jsonl, the `calls` custom checks get). */
    calls: number;
    /** Bytes of the recorded calls' fields, after the cuts above. */
    bytes: number;
}
export declare const CALL_LOG_CAPS: Readonly<CallLogCaps>;
/** Calls were left out of the record: how many were recorded, how many made, which cap. */
export interface CallLogCut {
    recorded: number;
    total: number;
    by: "calls" | "bytes";
}
export interface CallLog {
    /** The recorded calls, in the order they started, with their exits. */
    calls: ShimCall[];
    /** Every call in the log, recorded or not. */
    total: number;
    /** The binaries called, recorded or not (the first 1,000 distinct names). */
    bins: string[];
    cut?: CallLogCut;
    /** What stood in the log's place instead of a file (a link, a FIFO): not read, no calls. */
    refused?: string;
    /** Every call in start order: the recorded ones, then those past the cap (exit null). */
    each(): Iterable<ShimCall> | AsyncIterable<ShimCall>;
}
/** Reads a trial's raw call log under the caps. A missing log means no calls. */
export declare function readCallLog(file: string, caps?: CallLogCaps): Promise<CallLog>;
/** The call log of a trial without shims: nothing can have written one. */
export declare function noCalls(): CallLog;
/** The recorded calls of a raw log held in memory, fed to the parser `chunkBytes` at a time. */
export declare function parseCallLog(raw: Buffer, bootMs: number | undefined, caps?: CallLogCaps, chunkBytes?: number): ShimCall[];
/** The recorded calls of a raw log (tests, check-time logs). */
export declare function readCalls(file: string): Promise<ShimCall[]>;
/** calls.jsonl's last line when calls were left out: what was cut, by which cap. */
export declare function cutLine(cut: CallLogCut, caps?: CallLogCaps): string;
/** The trial's warning when calls were left out of calls.jsonl. */
export declare function cutWarning(cut: CallLogCut, caps?: CallLogCaps): string;
/**
 * calls.jsonl: one JSON object a line, the published form of the call log, written as it goes;
 * a last line says when calls were cut. `redact` sees each call before it is written.
 */
export declare function writeCallsJsonl(file: string, log: Pick<CallLog, "calls" | "cut">, redact?: (call: ShimCall) => ShimCall): Promise<void>;
/**
 * A call with every string passed through `text` (a redactor). A cut field is redacted on each
 * side of its marker apart, so a secret cut in two leaves no piece at the cut.
 */
export declare function redactCall(call: ShimCall, text: (value: string) => string): ShimCall;
