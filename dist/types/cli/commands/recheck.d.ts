import type { CommandContext } from "./context.js";
export declare function recheckCommand({ projectRoot, names, flags, }: CommandContext): Promise<number>;
