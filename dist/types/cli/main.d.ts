import { type Command } from "./commands/index.js";
/** The help of every command and every flag. */
export declare function globalHelp(): string;
/** One command's help: its usage line, what it does, the flags it takes. */
export declare function commandHelp(command: Command): string;
export declare function main(argv: string[]): Promise<number>;
