// The console streams, redacted: nothing a run prints shows a secret.

import { secretRedactor } from "./env-secrets.js";
import type { Redactor } from "./redactor.js";

/** A console stream (stdout, stderr) that writes nothing a redactor would hide. */
export class RedactingStream {
  private redactor: Redactor;
  constructor(
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
    private readonly env: Record<string, string | undefined>,
  ) {
    this.redactor = secretRedactor(env);
  }

  /** Also hide these variables' values (the secrets the evals declare, known once they load). */
  alsoRedact(names: string[]): void {
    this.redactor = secretRedactor(this.env, names);
  }

  write(text: string): boolean {
    return this.stream.write(this.redactor.text(text));
  }

  get isTTY(): boolean | undefined {
    return this.stream.isTTY;
  }

  get columns(): number | undefined {
    return this.stream.columns;
  }
}
