import { SEPARATE_COLUMNS, type Columns } from '../columns/columns.js';
import type { LegColumns } from './leg-columns.js';
import { strikeKey } from './spreads.js';
import type { SearchCriteria, Spread } from './types.js';

/**
 * The credit spreads of one side of one expiry at one width, as columns over the side's legs:
 * a `Spread` object is built only for the few the search evaluates.
 */
export class SpreadTable {
  private readonly spreads: (Spread | undefined)[] = [];

  constructor(
    readonly legs: LegColumns,
    readonly shorts: Int32Array,
    readonly longs: Int32Array,
    readonly credits: Float64Array,
  ) {}

  get length(): number {
    return this.credits.length;
  }

  shortStrike(i: number): number {
    return this.legs.strikes[this.shorts[i] as number] as number;
  }

  shortVolatility(i: number): number {
    return this.legs.volatilities[this.shorts[i] as number] as number;
  }

  /** Credit minus the expected payout of the spread, per share. */
  expectedValue(i: number): number {
    return (this.credits[i] as number) - (this.legs.payout(this.shorts[i] as number) - this.legs.payout(this.longs[i] as number));
  }

  spread(i: number): Spread {
    let spread = this.spreads[i];
    if (spread === undefined) {
      const short = this.shorts[i] as number;
      const long = this.longs[i] as number;
      spread = { short: this.legs.leg(short), long: this.legs.leg(long), credit: this.credits[i] as number, expectedValue: this.expectedValue(i) };
      this.spreads[i] = spread;
    }
    return spread;
  }
}

/** The legs that may be sold (all are out of the money): |delta| in the band, in strike order. */
export function shortLegs(legs: LegColumns, criteria: SearchCriteria, columns: Columns = SEPARATE_COLUMNS): Int32Array {
  const shorts: number[] = [];
  for (let i = 0; i < legs.length; i++) {
    const delta = Math.abs(legs.delta(i));
    if (delta >= criteria.shortDeltaMin && delta <= criteria.shortDeltaMax) shorts.push(i);
  }
  const column = columns.int32(shorts.length);
  column.set(shorts);
  return column;
}

/** Each short paired with the (last) leg exactly `width` further out, kept when its credit is above 0 and below the width. */
export function spreadTable(legs: LegColumns, shorts: Int32Array, width: number, columns: Columns = SEPARATE_COLUMNS): SpreadTable {
  const direction = legs.type === 'put' ? -1 : 1;
  const shortOut = columns.int32(shorts.length);
  const longOut = columns.int32(shorts.length);
  const credits = columns.float64(shorts.length);
  const keys = legs.strikeKeys;
  let count = 0;
  // Shorts come in strike order, so the long legs' keys rise too: one pointer walks the keys once.
  let next = 0;
  for (let s = 0; s < shorts.length; s++) {
    const short = shorts[s] as number;
    const key = strikeKey((legs.strikes[short] as number) + direction * width);
    while (next < keys.length && (keys[next] as number) <= key) next++;
    const long = next > 0 && keys[next - 1] === key ? next - 1 : -1;
    if (long < 0) continue;
    const credit = (legs.mids[short] as number) - (legs.mids[long] as number);
    if (!(credit > 0) || credit >= width) continue;
    shortOut[count] = short;
    longOut[count] = long;
    credits[count++] = credit;
  }
  return new SpreadTable(legs, shortOut.subarray(0, count), longOut.subarray(0, count), credits.subarray(0, count));
}
