import type { TokenUsage } from "../model/index.js";
export interface ModelPrice {
    input: number;
    /** Input tokens served from the prompt cache. */
    cachedInput: number;
    /** Input tokens written to the cache (billed as input where the provider has no surcharge). */
    cacheWrite: number;
    output: number;
}
export declare const PRICE_TABLE_VERSION = "2026-11-01";
/** Published list prices (USD / 1M tokens) as of PRICE_TABLE_VERSION. */
export declare const OPENAI_PRICES: Record<string, ModelPrice>;
/** The price of a model: exact name, else the longest known prefix (gpt-5-codex-2026… → gpt-5-codex). */
export declare function findPrice(model: string, table: Record<string, ModelPrice>): ModelPrice | undefined;
/**
 * USD for the tokens. `tokens.input` is every input token, cached ones included (as the OpenAI
 * APIs count them): cached and cache-write tokens are priced at their own rates, the rest as input.
 */
export declare function costOf(tokens: TokenUsage, price: ModelPrice): number;
/**
 * Gemini API list prices (USD / 1M tokens, prompts up to 200k tokens) as of PRICE_TABLE_VERSION.
 * Cache writes have no surcharge (storage is billed by the hour, not per token).
 */
export declare const GEMINI_PRICES: Record<string, ModelPrice>;
