// Shell words and executables: quoting a value as one POSIX word, finding a binary on a PATH, and
// which names a shimmed binary may have.

import fs, { constants as fsConstants } from "node:fs";
import path from "node:path";

const SHIM_NAME = /^[A-Za-z0-9._+-]+$/;

/** A name that can be a shimmed binary: a plain file name, not `.` or `..`. */
export function isValidShimName(name: string): boolean {
  return SHIM_NAME.test(name) && name !== "." && name !== "..";
}

/** Quote a string as one POSIX shell word. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The first executable `bin` on a PATH string, or undefined. */
export async function findOnPath(bin: string, searchPath: string): Promise<string | undefined> {
  return findOnPathSync(bin, searchPath);
}

/** findOnPath, for callers that cannot wait (a few stat calls). */
export function findOnPathSync(bin: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, bin);
    try {
      if (!fs.statSync(candidate).isFile()) continue;
      fs.accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}
