/**
 * Copies the tree at `from` into `to` (created as needed; a file already there is replaced, never
 * written through). Resolves to what was left behind, one line each ("evals/x/y is a symlink").
 * A missing `from` copies nothing.
 */
export declare function copyRegularTree(from: string, to: string): Promise<string[]>;
