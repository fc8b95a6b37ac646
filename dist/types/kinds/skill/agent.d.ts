import { type AgentAdapter } from "../../model/index.js";
/** Where Claude Code may find credentials: an env variable, a login, or an apiKeyHelper. */
export declare function claudeCredentials(env: Record<string, string | undefined>): Promise<string | undefined>;
/** claude-code for skill evals; `available()` throws a sentence saying what is missing. */
export declare function skillAgent(env: Record<string, string | undefined>): AgentAdapter;
/**
 * `inner` (codex) with the skills of `install` also where Codex 0.171 looks for a project's skills,
 * `.agents/skills/<name>/`: it lists each one's name, description and SKILL.md path to the model,
 * which reads the file with a shell command when it uses the skill. Written into the trial's
 * sandbox before the run, so the sandbox as defined stays the one Claude Code gets.
 */
export declare function codexSkillAgent(inner: AgentAdapter, install: Record<string, string>): AgentAdapter;
/**
 * The agent of `ask` trigger runs: an answer that is neither YES nor NO ("Maybe") says nothing
 * about routing, so it is asked once more, and a second such answer ends the run as an error —
 * shown with the answer, never counted as a false positive or negative.
 */
export declare function askingAgent(inner: AgentAdapter): AgentAdapter;
/**
 * A part's `otherAgent` (`--agent codex`): codex, adapted by `adapt` (its skills installed, its
 * answers read), unless `refusal` says why this part cannot run under it; other agents never.
 */
export declare function underCodex(adapt: (codex: AgentAdapter) => AgentAdapter, refusal?: string): (agent: AgentAdapter) => {
    agent: AgentAdapter;
} | {
    reason: string;
};
