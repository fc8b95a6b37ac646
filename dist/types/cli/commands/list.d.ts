import type { CommandContext } from "./context.js";
export declare function listCommand({ projectRoot, flags }: CommandContext): Promise<number>;
