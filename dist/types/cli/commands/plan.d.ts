import type { CommandContext } from "./context.js";
export declare function planCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
