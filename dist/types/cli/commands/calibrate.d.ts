import type { CommandContext } from "./context.js";
export declare function calibrateCommand({ projectRoot, names, flags, }: CommandContext): Promise<number>;
