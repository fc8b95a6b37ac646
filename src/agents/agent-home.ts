// A trial's own config folder for an agent CLI: created fresh, with the named files (login,
// settings, global instructions) copied in from the folder the user's agent reads, when they exist.

import { promises as fs } from "node:fs";
import path from "node:path";
import { readRegularTextSync } from "../util/index.js";

export async function prepareAgentHome(
  dir: string,
  from: string,
  carriedOver: readonly string[],
): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  await Promise.all(
    carriedOver.map(async (name) => {
      await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await fs
        .copyFile(path.join(from, name), path.join(dir, name))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        });
    }),
  );
}

const MAX_JSON_BYTES = 4 * 1024 * 1024;

/**
 * A JSON object file's content, or {} when it is missing or not an object. The file is in a
 * trial's HOME or TMPDIR, where the agent can write: a link or a FIFO there is taken for none.
 */
export async function readJsonObject(file: string): Promise<Record<string, unknown>> {
  const text = readRegularTextSync(file, MAX_JSON_BYTES);
  if (text === undefined) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
