import { promises as fs } from "node:fs";
import { AgentEvalsError } from "../model/index.js";
/** Internal: a symlink out of the sandbox, turned into a failed check's evidence. */
export declare class LinkEscapes extends AgentEvalsError {
    constructor(message: string);
}
export type Opened = {
    kind: "file";
    handle: fs.FileHandle;
    size: number;
}
/** Not there (or a folder, which a file check treats as no file). */
 | {
    kind: "missing";
}
/** A FIFO, socket or device: not opened, or closed at once. `what` says which. */
 | {
    kind: "special";
    what: string;
};
/**
 * Opens `file` (an absolute path inside `sandbox`) for reading. A symlink the agent made that leads
 * out of the sandbox is not followed: LinkEscapes is thrown instead of reading a file elsewhere on
 * the machine. Only a regular file is opened; anything else is reported as what it is.
 */
export declare function openInSandbox(sandbox: string, file: string): Promise<Opened>;
