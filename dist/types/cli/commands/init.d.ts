import type { CommandContext } from "./context.js";
export declare function initCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
