import { moneyAxis, moneyGrouped } from '@condor/core/words';

/** Dollars with cents: 70 → "$70.00", -430 → "−$430.00", 1234.5 → "$1,234.50" (core's words, as the MCP App writes them). */
export const dollars = moneyGrouped;

/** An axis amount without cents when whole: 50 → "$50", -400 → "−$400", 12.5 → "$12.50". */
export const axisDollars = moneyAxis;

/** A price of the underlying: 654.3 → "654.30". */
export const price = (value: number): string => value.toFixed(2);

/** An axis price, as short as its tick allows: 660 → "660", 0.25 → "0.25". */
export const axisPrice = (value: number): string => String(Number(value.toFixed(4)));

/** A probability 0–1 as a whole percentage: 0.684 → "68%". */
export { percent } from '@condor/core/words';

/** "654.30 and 723.70", "1, 2 and 3", "" for none. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
