import type { FlagName } from "../flags.js";
import type { CommandContext } from "./context.js";
export interface Command {
    name: string;
    /** What follows the name in its usage line. */
    args: string;
    /** One line (or a few, `\n`-separated) for the help pages. */
    summary: string;
    flags: readonly FlagName[];
    run(ctx: CommandContext): Promise<number>;
}
export declare const COMMANDS: readonly Command[];
