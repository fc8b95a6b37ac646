import type { CommandContext } from "./context.js";
export declare function evalCommand({ projectRoot, names, flags }: CommandContext): Promise<number>;
