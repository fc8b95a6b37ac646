/** The bytes so far cannot tell (a sequence or a character cut at the end of a stream's chunk). */
export declare const UNDECIDED = -1;
/**
 * A sequence longer than this is not one (a terminal would have given up on it too). It bounds
 * what a stream holds back for an unfinished one; scanning one stops at the next ESC, so text is
 * read in linear time however many unfinished sequences it holds.
 */
export declare const MAX_SEQUENCE = 512;
/**
 * How many bytes from `i` a terminal shows as nothing: 0 for a visible byte, UNDECIDED when the
 * bytes up to `length` cannot tell. `json`: `i` is the backslash of a `\uXXXX` escape.
 */
export declare function hiddenAt(bytes: Uint8Array, i: number, length: number, json: boolean): number;
