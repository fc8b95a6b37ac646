// Loads `*.eval.{ts,mts,js,mjs}` files at run time with jiti. `agent-evals` and `@copybook/cli`
// imports resolve to the running copy of the library, so `defineEval` is the same function the
// loader knows, and eval files work where neither package is installed. jiti is imported lazily:
// a YAML-only run never pays for it.

import type { EvalDefinition } from "./api.js";
import { isEvalDefinition } from "./api.js";

export interface LoadedExport {
  exportName: string;
  definition: EvalDefinition;
}

export type ModuleLoader = (file: string) => Promise<Record<string, unknown>>;

/** The module names that resolve to agent-evals' own API inside eval files. */
export const LIBRARY_NAMES = ["agent-evals", "@copybook/cli"] as const;

export async function createModuleLoader(
  libraryApi: Record<string, unknown>,
): Promise<ModuleLoader> {
  const { createJiti } = await import("jiti/static");
  const virtualModules: Record<string, unknown> = {};
  for (const name of LIBRARY_NAMES) virtualModules[name] = libraryApi;
  const jiti = createJiti(import.meta.url, {
    virtualModules,
    interopDefault: false,
    moduleCache: false,
    fsCache: false,
  });
  return async (file) => (await jiti.import(file)) as Record<string, unknown>;
}

/** Every exported defineEval result of a module, with the name it was exported under. */
export function evalExports(mod: Record<string, unknown>): LoadedExport[] {
  const found: LoadedExport[] = [];
  for (const [exportName, value] of Object.entries(mod)) {
    if (isEvalDefinition(value)) found.push({ exportName, definition: value });
  }
  return found;
}

/** 1-based line of `export const NAME` (or `export default`) in the source, when it can be found. */
export function exportLine(source: string, exportName: string): number | undefined {
  const pattern =
    exportName === "default"
      ? /^\s*export\s+default\b/m
      : new RegExp(`^\\s*export\\s+(?:const|let|var)\\s+${escapeRegExp(exportName)}\\b`, "m");
  const match = pattern.exec(source);
  if (!match) return undefined;
  return source.slice(0, match.index + match[0].length - match[0].trimStart().length).split("\n")
    .length;
}

/**
 * 1-based line of the option at `keyPath` in the definition exported at `fromLine` (`trials: "3"`
 * on its own line), found in the text up to the next export: the line of its deepest key before any
 * array index (an item's line is that of its array); `fromLine` when the key is not written there
 * (the options built elsewhere).
 */
export function optionLine(
  source: string,
  fromLine: number | undefined,
  keyPath: readonly PropertyKey[],
): number | undefined {
  if (fromLine === undefined) return undefined;
  const lines = source.split("\n");
  const next = lines.findIndex((text, i) => i >= fromLine && /^\s*export\b/.test(text));
  const end = next === -1 ? lines.length : next;
  let at = fromLine - 1;
  for (const segment of keyPath) {
    // The nth item of an array is not found by text: the array's own line it is.
    if (typeof segment !== "string") break;
    const key = new RegExp(`(^|[\\s{,])(["'\`]?)${escapeRegExp(segment)}\\2\\s*:`);
    const found = lines.findIndex((text, i) => i >= at && i < end && key.test(text));
    if (found === -1) break;
    at = found;
  }
  return at + 1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
