import { type Target } from "./target.js";
export interface Plugin {
    /** The manifest's `name`: the namespace Claude Code lists its skills and commands under. */
    name: string;
    /** The plugin's folder, relative to the project root (`.` when it is the project). */
    relative: string;
    /** Where the copy is installed in the trial's sandbox (what `--plugin-dir` is given). */
    installDir: string;
    /** The target as the plugin installs it (its file inside the copy). */
    target: Target;
    /** The plugin's other skills and commands, installed the same way: the target's competitors. */
    siblings: Target[];
    /** Sandbox-relative path → content: the manifest, skills/ and commands/ of the plugin. */
    install: Record<string, string>;
    /** Things the report should say (parts of the plugin that are not installed). */
    warnings: string[];
}
/** The plugin the target is part of, or undefined when it is not in one. */
export declare function pluginOf(target: Target, projectRoot: string): Promise<Plugin | undefined>;
