export interface Shard {
    index: number;
    count: number;
}
/** `i/n` (1 ≤ i ≤ n) as a shard; undefined for empty text; throws RangeError when malformed. */
export declare function parseShard(text: string | undefined): Shard | undefined;
/** Eval × agent pairs in a stable order (id, then agent), dealt round-robin to the shards. */
export declare function shardOf<T extends {
    spec: {
        id: string;
    };
    agentName: string;
}>(units: T[], shard: Shard): T[];
