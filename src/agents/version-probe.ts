// `<bin> --version`, once per binary: what every result records as the agent's version.

import { execFile } from "node:child_process";

const cache = new Map<string, Promise<string | undefined>>();

/** The first version-looking token of `bin --version`, or undefined when it can't be run. */
export function probeVersion(
  bin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  let pending = cache.get(bin);
  if (!pending) {
    pending = new Promise((resolve) => {
      execFile(bin, ["--version"], { env, timeout: 30_000 }, (error, stdout) => {
        if (error) return resolve(undefined);
        resolve(/\d+\.\d+[\w.+-]*/.exec(stdout)?.[0] ?? (stdout.trim() || undefined));
      });
    });
    cache.set(bin, pending);
  }
  return pending;
}
