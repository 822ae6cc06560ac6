/**
 * Every rule set's trades of one run, column by column: rule set r's trades are rows start[r] … start[r + 1] − 1, in
 * entry order. What the splits, folds, CSCV and the deflated Sharpe ratio are computed from, without the trades
 * themselves (design §19).
 */
export interface TradeTable {
  readonly ruleSets: number;
  /** Rows of rule set r: start[r] … start[r + 1] − 1 (length ruleSets + 1). */
  readonly start: Int32Array;
  /** The trade's position in the run's entry schedule (`context.entries`). */
  readonly slot: Int32Array;
  /** The session index of its exit close. */
  readonly exit: Int32Array;
  /** After costs, dollars. */
  readonly pnl: Float64Array;
  readonly maxLoss: Float64Array;
  readonly expectedValue: Float64Array;
}

/** Builds a `TradeTable` rule set by rule set, in grid order; the columns grow by doubling. */
export class TradeTableBuilder {
  private rows = 0;
  private readonly starts: number[] = [0];
  private slot: Int32Array;
  private exit: Int32Array;
  private pnl: Float64Array;
  private maxLoss: Float64Array;
  private expectedValue: Float64Array;

  constructor(capacity = 1024) {
    const size = Math.max(16, capacity);
    this.slot = new Int32Array(size);
    this.exit = new Int32Array(size);
    this.pnl = new Float64Array(size);
    this.maxLoss = new Float64Array(size);
    this.expectedValue = new Float64Array(size);
  }

  add(slot: number, exit: number, pnl: number, maxLoss: number, expectedValue: number): void {
    if (this.rows === this.pnl.length) this.grow();
    const row = this.rows++;
    this.slot[row] = slot;
    this.exit[row] = exit;
    this.pnl[row] = pnl;
    this.maxLoss[row] = maxLoss;
    this.expectedValue[row] = expectedValue;
  }

  /** Closes the current rule set's rows. */
  endRuleSet(): void {
    this.starts.push(this.rows);
  }

  build(): TradeTable {
    const rows = this.rows;
    return {
      ruleSets: this.starts.length - 1,
      start: Int32Array.from(this.starts),
      slot: this.slot.subarray(0, rows),
      exit: this.exit.subarray(0, rows),
      pnl: this.pnl.subarray(0, rows),
      maxLoss: this.maxLoss.subarray(0, rows),
      expectedValue: this.expectedValue.subarray(0, rows),
    };
  }

  private grow(): void {
    const size = this.pnl.length * 2;
    const grown = <T extends Int32Array | Float64Array>(column: T, make: (n: number) => T): T => {
      const next = make(size);
      next.set(column);
      return next;
    };
    this.slot = grown(this.slot, (n) => new Int32Array(n));
    this.exit = grown(this.exit, (n) => new Int32Array(n));
    this.pnl = grown(this.pnl, (n) => new Float64Array(n));
    this.maxLoss = grown(this.maxLoss, (n) => new Float64Array(n));
    this.expectedValue = grown(this.expectedValue, (n) => new Float64Array(n));
  }
}
