// Which recorded exchange answers a request: the first one not used yet whose normalized request
// equals it (normalize.ts states the rule). Among equal requests the order within the trial decides;
// side requests that interleave differently (token counts, title generation) still find theirs.

import { matchKey, normalizePath } from "./normalize.js";
import type { Exchange, RecordedRequest } from "./types.js";

export class Matcher {
  private readonly exchanges: Exchange[];
  private readonly keys: string[];
  private readonly used: boolean[];

  constructor(
    exchanges: readonly Exchange[],
    private readonly volatile?: Record<string, string>,
  ) {
    this.exchanges = [...exchanges].sort((a, b) => a.turn - b.turn);
    this.keys = this.exchanges.map((exchange) => matchKey(exchange.request, volatile));
    this.used = this.exchanges.map(() => false);
  }

  /** The first unused exchange whose request matches, now used; undefined: a miss. */
  take(request: RecordedRequest): Exchange | undefined {
    const key = matchKey(request, this.volatile);
    const index = this.keys.findIndex((k, i) => !this.used[i] && k === key);
    if (index < 0) return undefined;
    this.used[index] = true;
    return this.exchanges[index];
  }

  /**
   * The recorded exchange a missed request was most likely meant to be: the same method and path
   * (else the same method and path without its query), unused ones first, then the closest turn.
   */
  nearest(request: RecordedRequest, turn: number): Exchange | undefined {
    const method = request.method.toUpperCase();
    const where = normalizePath(request.path, this.volatile);
    const bare = (path: string) => path.split("?")[0];
    const sameMethod = this.exchanges
      .map((exchange, index) => ({ exchange, index }))
      .filter(({ exchange }) => exchange.request.method.toUpperCase() === method);
    const paths = sameMethod.map(({ exchange }) =>
      normalizePath(exchange.request.path, this.volatile),
    );
    let candidates = sameMethod.filter((_, i) => paths[i] === where);
    if (candidates.length === 0)
      candidates = sameMethod.filter((_, i) => bare(paths[i]!) === bare(where));
    const rank = ({ exchange, index }: { exchange: Exchange; index: number }) =>
      (this.used[index] ? 1e9 : 0) +
      Math.abs(exchange.turn - turn) * 2 +
      (exchange.turn > turn ? 1 : 0);
    return candidates.sort((a, b) => rank(a) - rank(b))[0]?.exchange;
  }
}
