export declare const COMMENT_MARKER = "<!-- agent-evals:sticky -->";
export declare function runAction(): Promise<void>;
