import type { FileHandle } from "node:fs/promises";
import type { Pattern } from "../model/index.js";
/** The most text a RegExp is matched against at once. */
export declare const REGEX_TEXT_BYTES: number;
export type SearchResult = {
    found: true;
    line: number;
    text: string;
} | {
    found: false;
    lines: number;
    bytes: number;
    /** What was not searched (lines too long for a RegExp): "not found" is then no answer. */
    unsearched?: string;
};
/** Searches the open file (`size` bytes when opened); checks `signal` before every chunk. */
export declare function searchFile(handle: FileHandle, size: number, pattern: Pattern, signal?: AbortSignal): Promise<SearchResult>;
