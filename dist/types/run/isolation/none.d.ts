import type { SandboxProvider } from "./provider.js";
/** What the temp-dir sandbox isolates and what it does not, said plainly once per run. */
export declare const TEMP_DIR_ISOLATION: string;
export declare const noneProvider: SandboxProvider;
