// Sharding: the eval × agent pairs split over N processes or CI jobs, the same way every time.

export interface Shard {
  index: number;
  count: number;
}

/** `i/n` (1 ≤ i ≤ n) as a shard; undefined for empty text; throws RangeError when malformed. */
export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new RangeError(`expected i/n with 1 ≤ i ≤ n (e.g. 2/4), got ${JSON.stringify(text)}`);
  }
  return { index, count };
}

/** Eval × agent pairs in a stable order (id, then agent), dealt round-robin to the shards. */
export function shardOf<T extends { spec: { id: string }; agentName: string }>(
  units: T[],
  shard: Shard,
): T[] {
  const key = (u: T) => `${u.spec.id}\u0000${u.agentName}`;
  const order = [...units].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const mine = new Set(order.filter((_, k) => k % shard.count === shard.index - 1));
  return units.filter((u) => mine.has(u));
}
