// The sandbox providers, registered once: the one list the rest of the harness chooses from. The
// interface they implement is in provider.ts, which imports none of them.

import { bwrapProvider } from "./bwrap.js";
import { dockerProvider } from "./docker.js";
import { noneProvider } from "./none.js";
import type { SandboxProvider } from "./provider.js";

/** Every provider, by name: the only list of them. */
export const PROVIDERS: readonly SandboxProvider[] = [noneProvider, bwrapProvider, dockerProvider];

/** The provider trials get when nothing names one. */
export const DEFAULT_PROVIDER: SandboxProvider = noneProvider;

/** `--sandbox auto`: this provider where it works, else DEFAULT_PROVIDER, saying so. */
export const AUTO_PROVIDER: SandboxProvider = bwrapProvider;

export const PROVIDER_NAMES: readonly string[] = PROVIDERS.map((p) => p.name);

export function providerNamed(name: string): SandboxProvider | undefined {
  return PROVIDERS.find((p) => p.name === name);
}
