// Model prices for agents whose CLI reports tokens but no cost (codex). USD per million tokens.
// Versioned: results record which table priced them. Override per adapter with `prices`.

import type { TokenUsage } from "../model/index.js";

export interface ModelPrice {
  input: number;
  /** Input tokens served from the prompt cache. */
  cachedInput: number;
  /** Input tokens written to the cache (billed as input where the provider has no surcharge). */
  cacheWrite: number;
  output: number;
}

export const PRICE_TABLE_VERSION = "2026-11-01";

/** Published list prices (USD / 1M tokens) as of PRICE_TABLE_VERSION. */
export const OPENAI_PRICES: Record<string, ModelPrice> = {
  "gpt-5": { input: 1.25, cachedInput: 0.125, cacheWrite: 1.25, output: 10 },
  "gpt-5-codex": { input: 1.25, cachedInput: 0.125, cacheWrite: 1.25, output: 10 },
  "gpt-5.1": { input: 1.25, cachedInput: 0.125, cacheWrite: 1.25, output: 10 },
  "gpt-5.1-codex": { input: 1.25, cachedInput: 0.125, cacheWrite: 1.25, output: 10 },
  "gpt-5-mini": { input: 0.25, cachedInput: 0.025, cacheWrite: 0.25, output: 2 },
  "gpt-5.1-codex-mini": { input: 0.25, cachedInput: 0.025, cacheWrite: 0.25, output: 2 },
  "gpt-5-nano": { input: 0.05, cachedInput: 0.005, cacheWrite: 0.05, output: 0.4 },
  "codex-mini-latest": { input: 1.5, cachedInput: 0.375, cacheWrite: 1.5, output: 6 },
  "o4-mini": { input: 1.1, cachedInput: 0.275, cacheWrite: 1.1, output: 4.4 },
  "gpt-4.1": { input: 2, cachedInput: 0.5, cacheWrite: 2, output: 8 },
};

/** The price of a model: exact name, else the longest known prefix (gpt-5-codex-2026… → gpt-5-codex). */
export function findPrice(
  model: string,
  table: Record<string, ModelPrice>,
): ModelPrice | undefined {
  if (table[model]) return table[model];
  const prefix = Object.keys(table)
    .filter((name) => model.startsWith(name))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? table[prefix] : undefined;
}

/**
 * USD for the tokens. `tokens.input` is every input token, cached ones included (as the OpenAI
 * APIs count them): cached and cache-write tokens are priced at their own rates, the rest as input.
 */
export function costOf(tokens: TokenUsage, price: ModelPrice): number {
  const plainInput = Math.max(0, tokens.input - tokens.cacheRead - tokens.cacheWrite);
  const usd =
    (plainInput * price.input +
      tokens.cacheRead * price.cachedInput +
      tokens.cacheWrite * price.cacheWrite +
      tokens.output * price.output) /
    1_000_000;
  return Math.round(usd * 1e8) / 1e8;
}

/**
 * Gemini API list prices (USD / 1M tokens, prompts up to 200k tokens) as of PRICE_TABLE_VERSION.
 * Cache writes have no surcharge (storage is billed by the hour, not per token).
 */
export const GEMINI_PRICES: Record<string, ModelPrice> = {
  "gemini-3-pro": { input: 2, cachedInput: 0.2, cacheWrite: 2, output: 12 },
  "gemini-2.5-pro": { input: 1.25, cachedInput: 0.125, cacheWrite: 1.25, output: 10 },
  "gemini-2.5-flash": { input: 0.3, cachedInput: 0.03, cacheWrite: 0.3, output: 2.5 },
  "gemini-2.5-flash-lite": { input: 0.1, cachedInput: 0.01, cacheWrite: 0.1, output: 0.4 },
};
