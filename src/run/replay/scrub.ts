// What never reaches a cassette: the eval's secrets, the credentials a request carries (its
// authorization or api-key header's value, a `?key=` parameter), and whatever the run's redactor
// hides. Redaction is util/'s Redactor (each value also JSON-escaped, URL-encoded, base64 …),
// replacing with `***`; a response's chunks are redacted so that a value cut between two chunks is
// still caught (those chunks are then kept as one).

import { currentRedactor, secretRedactor, type Redactor } from "../../util/index.js";

export class Scrubber {
  private readonly values = new Set<string>();
  private redactor: Redactor | undefined;
  /** The run's redactor when the proxy started (the evals' secrets, credential variables). */
  private readonly run = currentRedactor();

  constructor(secrets: Iterable<string> = []) {
    this.add(secrets);
  }

  /** More values to hide from now on (a request's credentials). */
  add(values: Iterable<string>): void {
    for (const value of values) {
      if (value && !this.values.has(value)) {
        this.values.add(value);
        this.redactor = undefined;
      }
    }
  }

  private own(): Redactor {
    if (!this.redactor) {
      // util/ builds a Redactor from variables: these values under names of their own.
      const env: Record<string, string> = {};
      let index = 0;
      for (const value of this.values) env[`AGENT_EVALS_REPLAY_SECRET_${index++}`] = value;
      this.redactor = secretRedactor(env, Object.keys(env));
    }
    return this.redactor;
  }

  bytes(input: Buffer): Buffer {
    const once = this.own().bytes(input);
    return this.run ? this.run.bytes(once) : once;
  }

  text(input: string): string {
    return this.bytes(Buffer.from(input, "utf8")).toString("utf8");
  }

  /**
   * The chunks redacted, their boundaries kept: a chunk is redacted alone when that gives the same
   * bytes as redacting the whole stream there; else it is joined to the next until it does (a
   * secret cut between chunks). `parts`: how many chunks of the input an output chunk holds.
   */
  chunks(input: readonly Buffer[]): { data: Buffer; parts: number }[] {
    const joined = Buffer.concat(input);
    const whole = this.bytes(joined);
    if (whole.equals(joined)) return input.map((data) => ({ data, parts: 1 }));
    const out: { data: Buffer; parts: number }[] = [];
    let at = 0;
    let group: Buffer[] = [];
    for (const chunk of input) {
      group.push(chunk);
      const redacted = this.bytes(Buffer.concat(group));
      if (whole.subarray(at, at + redacted.length).equals(redacted)) {
        out.push({ data: redacted, parts: group.length });
        at += redacted.length;
        group = [];
      }
    }
    if (group.length > 0) out.push({ data: whole.subarray(at), parts: group.length });
    return out;
  }
}
