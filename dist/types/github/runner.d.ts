import type { AnnotationProperties } from "../../node_modules/@actions/core/lib/core.js";
export { summary } from "../../node_modules/@actions/core/lib/summary.js";
export type { AnnotationProperties };
/** An input as the runner passes it (`INPUT_<NAME>`), trimmed; "" when not set. */
export declare function getInput(name: string): string;
export declare function setOutput(name: string, value: unknown): void;
/** Masks `secret` in the job's log from now on. */
export declare function setSecret(secret: string): void;
export declare function info(message: string): void;
export declare function error(message: string | Error, properties?: AnnotationProperties): void;
export declare function warning(message: string | Error, properties?: AnnotationProperties): void;
export declare function notice(message: string | Error, properties?: AnnotationProperties): void;
/** Marks the step failed (exit code 1) and logs `message` as an error annotation. */
export declare function setFailed(message: string | Error): void;
/** Runs `fn` inside a collapsible log group. */
export declare function group<T>(name: string, fn: () => Promise<T>): Promise<T>;
