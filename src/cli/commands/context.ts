// What every command gets: the project root, the positional arguments after the command's name,
// and the parsed flags.

import type { Flags } from "../flags.js";

export interface CommandContext {
  projectRoot: string;
  names: string[];
  flags: Flags;
}
