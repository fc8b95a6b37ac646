/**
 * The time some part of a unit was running (ms): `before` (its preparing), then each stretch in
 * which at least one of its trials ran. Trials waiting in the queue for a slot add nothing, so a
 * unit run beside others takes what it took alone, not what it waited.
 */
export class ActiveTime {
  private running = 0;
  private since = 0;
  private spent: number;
  constructor(before = 0) {
    this.spent = before;
  }
  async during<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running++ === 0) this.since = Date.now();
    try {
      return await fn();
    } finally {
      if (--this.running === 0) this.spent += Date.now() - this.since;
    }
  }
  total(): number {
    return this.spent + (this.running ? Date.now() - this.since : 0);
  }
}
