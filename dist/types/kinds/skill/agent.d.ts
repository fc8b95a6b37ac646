import type { AgentAdapter } from "../../model/index.js";
/** Where Claude Code may find credentials: an env variable, a login, or an apiKeyHelper. */
export declare function claudeCredentials(env: Record<string, string | undefined>): Promise<string | undefined>;
/** claude-code for skill evals; `available()` throws a sentence saying what is missing. */
export declare function skillAgent(env: Record<string, string | undefined>): AgentAdapter;
