// `<bin> --version`, once per binary: what every result records as the agent's version.

import { execFile } from "node:child_process";

const cache = new Map<string, Promise<string | undefined>>();

/** The first version-looking token of `bin --version` (stdout, else stderr), or undefined when it can't be run. */
export function probeVersion(
  bin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  let pending = cache.get(bin);
  if (!pending) {
    pending = new Promise((resolve) => {
      execFile(bin, ["--version"], { env, timeout: 30_000 }, (error, stdout, stderr) => {
        if (error) return resolve(undefined);
        // pi prints its version on stderr.
        const text = stdout.trim() ? stdout : stderr;
        // A sentence's full stop is not part of it ("GitHub Copilot CLI 1.0.102.").
        const version = /\d+\.\d+[\w.+-]*/.exec(text)?.[0]?.replace(/\.+$/, "");
        resolve(version ?? (text.trim() || undefined));
      });
    });
    cache.set(bin, pending);
  }
  return pending;
}
