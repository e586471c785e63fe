/**
 * What the load generator was told was applied, to compare with the ledger afterwards. Kept in typed
 * arrays, off the JavaScript heap: a Map of 100,000+ transaction ids grew the generator's old space until
 * it paused for a mark-compact inside the measured window, and that pause read as server latency.
 */
export class Acknowledged {
  private debit = new Uint8Array(1 << 18);
  private memberIds = new Int32Array(1 << 18);
  private sequences = new Int32Array(1 << 18);
  private deltas = new Int32Array(1 << 18);
  size = 0;

  /** A transaction the server acknowledged: `d${memberId}-${sequence}` or `c${memberId}-${sequence}`. */
  add(kind: 'd' | 'c', memberId: number, sequence: number, deltaMinor: number): void {
    if (this.size === this.memberIds.length) this.grow();
    this.debit[this.size] = kind === 'd' ? 1 : 0;
    this.memberIds[this.size] = memberId;
    this.sequences[this.size] = sequence;
    this.deltas[this.size] = deltaMinor;
    this.size += 1;
  }

  *entries(): Generator<{ transactionId: string; memberId: number; deltaMinor: number }> {
    for (let index = 0; index < this.size; index += 1) {
      const memberId = this.memberIds[index] ?? 0;
      yield {
        transactionId: `${this.debit[index] ? 'd' : 'c'}${memberId}-${this.sequences[index]}`,
        memberId,
        deltaMinor: this.deltas[index] ?? 0,
      };
    }
  }

  private grow(): void {
    const capacity = this.memberIds.length * 2;
    const grown = <T extends Uint8Array | Int32Array>(from: T, to: T): T => {
      to.set(from);
      return to;
    };
    this.debit = grown(this.debit, new Uint8Array(capacity));
    this.memberIds = grown(this.memberIds, new Int32Array(capacity));
    this.sequences = grown(this.sequences, new Int32Array(capacity));
    this.deltas = grown(this.deltas, new Int32Array(capacity));
  }
}
