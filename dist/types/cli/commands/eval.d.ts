import type { RunResult } from "../../model/index.js";
import type { CommandContext } from "./context.js";
import * as value from "../values.js";
export declare function evalCommand(ctx: CommandContext): Promise<number>;
/** `compare --base REF [name…]`: the evals at REF against the working tree. */
export declare function compareCommand(ctx: CommandContext): Promise<number>;
/**
 * compare's exit code: 2 when the harness could not run an arm; else 1 when a comparison is a
 * regression (--fail-on regression), or also when the treatment failed its own pass rate
 * (--fail-on failure); 0 otherwise, and always with --fail-on never (but for 2).
 */
export declare function compareExitCode(run: RunResult, failOn: value.FailOn): 0 | 1 | 2;
