import { type AgentAdapter } from "../../model/index.js";
/** Where Claude Code may find credentials: an env variable, a login, or an apiKeyHelper. */
export declare function claudeCredentials(env: Record<string, string | undefined>): Promise<string | undefined>;
/** claude-code for skill evals; `available()` throws a sentence saying what is missing. */
export declare function skillAgent(env: Record<string, string | undefined>): AgentAdapter;
/**
 * The agent of `ask` trigger runs: an answer that is neither YES nor NO ("Maybe") says nothing
 * about routing, so it is asked once more, and a second such answer ends the run as an error —
 * shown with the answer, never counted as a false positive or negative.
 */
export declare function askingAgent(inner: AgentAdapter): AgentAdapter;
