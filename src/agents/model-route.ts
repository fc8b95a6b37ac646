// Where an agent sends its model traffic, and how a run points it elsewhere: at the loopback proxy
// that records or replays that traffic (run/replay/). Each adapter names its own base URL setting;
// these helpers serve the adapters whose setting is an environment variable.

import type { AgentRunContext } from "../model/index.js";

/**
 * The base URL an agent configured by the environment variable `name` uses: its own options' env
 * first (it wins over the run's in the process too), then the run's, then the CLI's default.
 */
export function envUpstream(
  name: string,
  own: Record<string, string> | undefined,
  env: Record<string, string>,
  fallback: string,
): string {
  return own?.[name] || env[name] || fallback;
}

/** The variable that points the agent at the run's proxy; nothing when the run has none. */
export function envRedirect(
  name: string,
  ctx: Pick<AgentRunContext, "modelBaseUrl">,
): Record<string, string> {
  return ctx.modelBaseUrl ? { [name]: ctx.modelBaseUrl } : {};
}

/**
 * The base URLs of the providers an agent that names its model `provider/model` (opencode, pi)
 * knows without being told, for those whose URL its config can move. Another provider is recorded
 * only when its config gives the URL.
 */
const BUILT_IN_PROVIDER_URLS: Readonly<Record<string, string>> = {
  anthropic: "https://api.anthropic.com/v1",
  openai: "https://api.openai.com/v1",
};

/** The provider part of a `provider/model` name. */
export function providerOf(model: string | undefined): string | undefined {
  const slash = model?.indexOf("/") ?? -1;
  return model && slash > 0 ? model.slice(0, slash) : undefined;
}

/**
 * The base URL of a `provider/model` agent's provider: the one its config gives (`configured`),
 * else the built-in provider's.
 */
export function providerUpstream(
  provider: string | undefined,
  configured: (provider: string) => unknown,
): string | undefined {
  if (!provider) return undefined;
  const given = configured(provider);
  if (typeof given === "string" && given) return given;
  return BUILT_IN_PROVIDER_URLS[provider];
}

/** A plain object's own key, or undefined (for reading users' config objects safely). */
export function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
