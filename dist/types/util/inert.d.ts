/** One line of untrusted text, safe to print: a line break in it is shown as `\n` too. */
export declare function inert(text: string): string;
/** Untrusted text of many lines (evidence, an output's tail): its line breaks are kept. */
export declare function inertLines(text: string): string;
