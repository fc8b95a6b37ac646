// The run's redactor travels in an AsyncLocalStorage scope: every process started during the run is
// covered without threading it through each call. And the last check where text leaves the process.

import { AsyncLocalStorage } from "node:async_hooks";
import { secretRedactor } from "./env-secrets.js";
import type { Redactor } from "./redactor.js";

const scope = new AsyncLocalStorage<Redactor>();

/** Runs `fn` with `redactor` as the current one: everything it starts redacts with it. */
export function withRedactor<T>(redactor: Redactor, fn: () => T): T {
  return scope.run(redactor, fn);
}

/** The redactor of the run this code is part of, if any. */
export function currentRedactor(): Redactor | undefined {
  return scope.getStore();
}

/**
 * The last check where text leaves the process (history lines, PR comments): the current run's
 * redactor and the credential variables of this process's environment.
 */
export function redactOutgoing(text: string): string {
  return outgoingRedactor()(text);
}

/** redactOutgoing for many texts: the environment's redactor is built once, not per text. */
export function outgoingRedactor(): (text: string) => string {
  const inRun = currentRedactor();
  const fromEnv = secretRedactor(process.env);
  return (text) => fromEnv.text(inRun ? inRun.text(text) : text);
}
