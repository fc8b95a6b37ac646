import type { CommandContext } from "./context.js";
export declare function healthCommand({ projectRoot, flags }: CommandContext): Promise<number>;
