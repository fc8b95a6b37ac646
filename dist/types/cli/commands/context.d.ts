import type { Flags } from "../flags.js";
export interface CommandContext {
    projectRoot: string;
    names: string[];
    flags: Flags;
}
