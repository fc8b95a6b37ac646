import type { CommandContext } from "./context.js";
export declare function showCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
