import type { CommandContext } from "./context.js";
/** `compare --dry-run`: both arms of each comparison, what they may cost; runs nothing. */
export declare function comparePlanCommand(ctx: CommandContext): Promise<number>;
export declare function planCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
