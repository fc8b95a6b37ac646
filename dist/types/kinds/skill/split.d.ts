export type QuerySplit = "train" | "holdout";
/**
 * Which of `count` queries (of one polarity) are held out: round(share × count) of them, at least
 * one when share > 0 and there are two or more, never all of them (training needs one too).
 */
export declare function holdoutSplit(count: number, share: number, seed: number): QuerySplit[];
