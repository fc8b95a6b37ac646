/** agent-evals' version; a test keeps it equal to package.json's. */
export declare const VERSION = "0.1.0";
/**
 * Where agent-evals is published on GitHub (owner/name): package.json's `repository`, kept equal by
 * a test. `init` writes it into the workflow it scaffolds (`init --action` writes another).
 */
export declare const REPOSITORY = "org/agent-evals";
/** The tag the Action of this release is published under. */
export declare const ACTION_REF = "v1";
