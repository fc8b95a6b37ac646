import { promises as fs } from "node:fs";
import type { Stats } from "node:fs";
export declare const SAFE_OPEN_FLAGS: number;
export type SafeOpenFailure = {
    kind: "missing";
}
/** A link, FIFO, socket, device or folder: never read. `what` says which. */
 | {
    kind: "refused";
    what: string;
};
export type SafeOpenedSync = {
    kind: "file";
    fd: number;
    size: number;
} | SafeOpenFailure;
export type SafeOpened = {
    kind: "file";
    handle: fs.FileHandle;
    size: number;
} | SafeOpenFailure;
export type SafeRead = {
    kind: "file";
    bytes: Buffer;
    size: number;
    truncated: boolean;
} | SafeOpenFailure;
/** Opens `file` only if it is a regular file, not a link; the caller closes the descriptor. */
export declare function openRegularSync(file: string): SafeOpenedSync;
/** openRegularSync, on a FileHandle. */
export declare function openRegular(file: string): Promise<SafeOpened>;
/** The first `maxBytes` of a regular file (truncated says whether there was more). */
export declare function readRegularSync(file: string, maxBytes: number): SafeRead;
/** A regular file's text, or undefined when it is missing, refused or over `maxBytes`. */
export declare function readRegularTextSync(file: string, maxBytes: number): string | undefined;
/** "a symlink", "a FIFO (named pipe)", ...: what a path that is not a regular file is. */
export declare function kindOf(stats: Stats): string;
