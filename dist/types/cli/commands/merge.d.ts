import type { CommandContext } from "./context.js";
export declare function mergeCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
