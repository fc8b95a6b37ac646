export declare const PLACEHOLDER = "{prompt}";
/**
 * Why a `{prompt}` in this template would not be a plain word, naming the first such place (e.g.
 * "inside double quotes "…""), or undefined when every `{prompt}` is safe.
 */
export declare function unsafePlaceholder(template: string): string | undefined;
