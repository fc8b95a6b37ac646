import { AgentEvalsError } from "../../model/index.js";
export type TargetType = "skill" | "command" | "hook";
export interface Target {
    type: TargetType;
    /** Absolute path of the target file (SKILL.md, the command's .md, the hook script). */
    file: string;
    /** Relative to the project root, with `/`. */
    relative: string;
    /** The names Claude Code may invoke it by (the skill's folder and its frontmatter `name`). */
    names: string[];
    /** The frontmatter `description` (or, for a command, its first line of text). */
    description: string;
    /** Sandbox-relative path → content: the target installed the way Claude Code finds it. */
    install: Record<string, string>;
    /** Where it is installed (sandbox-relative), e.g. `.claude/skills/ts-fixer/SKILL.md`. */
    installedAt: string;
    /** Files of a skill folder that could not be installed (not text). */
    skipped: string[];
}
export declare class TargetError extends AgentEvalsError {
    readonly fix: string;
    constructor(message: string, fix: string);
}
/** Reads the target; throws TargetError when it is missing or not what `type` says. */
export declare function readTarget(type: TargetType, target: string, projectRoot: string): Promise<Target>;
/** The YAML between the leading `---` lines, as a mapping (empty when there is none). */
export declare function frontmatter(text: string): Record<string, unknown>;
/** A user-level skill/command of the same name, which Claude Code would use instead. */
export declare function shadowWarnings(target: Target, home: string | undefined): Promise<string[]>;
/** Where Codex finds a project's skill (`.agents/skills/<name>/`) for one Claude Code installs. */
export declare function codexSkillPath(claudePath: string): string | undefined;
