// Where two recordings of a trial part ways (two recordings, or a recording and its replay): the
// first turn whose request differs under the matching rule, or whose response differs (status and
// body, ids and dates left out), or that one of them does not have.

import { matchKey } from "./normalize.js";
import { requestDiff, responseDiff, responseLines } from "./render.js";
import type { Cassette, Divergence, Exchange } from "./types.js";

const LABELS: [string, string] = ["A", "B"];

export function firstDivergence(a: Cassette, b: Cassette): Divergence | undefined {
  const left = [...a.exchanges].sort((x, y) => x.turn - y.turn);
  const right = [...b.exchanges].sort((x, y) => x.turn - y.turn);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const x = left[i];
    const y = right[i];
    if (!x || !y) {
      const only = (x ?? y)!;
      const side = x ? "A" : "B";
      return {
        turn: only.turn,
        side: "missing",
        diff: describeOnly(only, side),
        message: `turn ${only.turn}: only ${side} has it (${only.request.method} ${only.request.path}); the other ends after turn ${i}`,
      };
    }
    const turn = x.turn;
    if (matchKey(x.request) !== matchKey(y.request)) {
      const diff = requestDiff(x.request, y.request, undefined, LABELS);
      return { turn, side: "request", diff, message: `turn ${turn}: the requests differ` };
    }
    const diff = responseDiff(x.response, y.response, LABELS);
    if (diff)
      return {
        turn,
        side: "response",
        diff,
        message: `turn ${turn}: the responses differ`,
      };
  }
  return undefined;
}

function describeOnly(exchange: Exchange, side: string): string {
  const head = `${side} only: ${exchange.request.method} ${exchange.request.path}`;
  return [head, ...responseLines(exchange.response).slice(0, 1)].join("\n");
}
