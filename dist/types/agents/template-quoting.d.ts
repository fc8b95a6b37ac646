export declare const PLACEHOLDER = "{prompt}";
/**
 * Why a `{prompt}` in this template would not be a plain word, naming the first such place (e.g.
 * "inside double quotes "…""), or undefined when every `{prompt}` is safe.
 */
export declare function unsafePlaceholder(template: string): string | undefined;
/**
 * Why arguments appended to this template (each a single-quoted word, as `{prompt}` is) would not
 * all reach its one program, or undefined when they would: its end is not a plain word position
 * (inside quotes, a comment, a here-document), or it runs more than one command (`;`, `&&`, `|`,
 * `&`, a newline or a subshell at the top level), where they would go to the last one only.
 */
export declare function appendedArgsProblem(template: string): string | undefined;
