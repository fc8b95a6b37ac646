// How the current scope's processes are started: a sandbox provider (bubblewrap, a container) sets
// a wrapper for an agent's run, and every process runProcess starts inside that scope goes through it.

import { AsyncLocalStorage } from "node:async_hooks";

/** A command as some sandbox runs it (bubblewrap, a container), with what to stop once it ended. */
export interface WrappedCommand {
  command: string;
  args: string[];
  /** The environment of the wrapping program, when not the command's own (a container's client). */
  env?: Record<string, string>;
  dispose: () => Promise<void>;
}

/**
 * How the current scope's processes are started: a sandbox provider sets one for an agent's run.
 * `env` is the command's complete environment (the marker of runProcess included).
 */
export type CommandWrapper = (
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
) => Promise<WrappedCommand>;

const wrapperScope = new AsyncLocalStorage<CommandWrapper>();

/** Runs `fn` so that every process runProcess starts inside it is started through `wrapper`. */
export function withCommandWrapper<T>(wrapper: CommandWrapper, fn: () => T): T {
  return wrapperScope.run(wrapper, fn);
}

/** Runs `fn` with no wrapper: what it starts runs on the host even inside a sandbox's scope. */
export function outsideCommandWrapper<T>(fn: () => T): T {
  return wrapperScope.exit(fn);
}

export async function wrapCommand(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<WrappedCommand> {
  const wrapper = wrapperScope.getStore();
  return wrapper ? wrapper(command, args, cwd, env) : { command, args, dispose: async () => {} };
}
