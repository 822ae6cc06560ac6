import { moneyUnsigned } from './money.js';

/**
 * A per-share price in condor's sign (negative = a credit received), in words.
 * @example perShareWords(-1.25) // 'a credit of $1.25'; perShareWords(0.35) // 'a debit of $0.35'; perShareWords(0) // '$0.00'
 */
export function perShareWords(price: number): string {
  if (price < 0) return `a credit of ${moneyUnsigned(price)}`;
  if (price > 0) return `a debit of ${moneyUnsigned(price)}`;
  return '$0.00';
}

/** Whether every price is a credit, or every one a debit: then a dollar figure alone says which. */
export const oneSide = (prices: readonly number[]): boolean => prices.every((p) => p < 0) || prices.every((p) => p > 0);

/**
 * An approved band's prices, from the start to the worst price (a worse price is a higher number): a smaller
 * credit is "down to", a larger debit "up to".
 * @example
 * bandRangeWords(-1.25, -1.2) // 'a credit of $1.25 down to $1.20 per share'
 * bandRangeWords(0.35, 0.4)   // 'a debit of $0.35 up to $0.40 per share'
 * bandRangeWords(-0.02, 0.03) // 'a credit of $0.02 to a debit of $0.03 per share'
 * bandRangeWords(-1.25, -1.25) // 'a credit of $1.25 per share'
 */
export function bandRangeWords(start: number, worst: number): string {
  if (start === worst) return `${perShareWords(start)} per share`;
  if (!oneSide([start, worst])) return `${perShareWords(start)} to ${perShareWords(worst)} per share`;
  return `${perShareWords(start)} ${start < 0 ? 'down' : 'up'} to ${moneyUnsigned(worst)} per share`;
}

/** The headings of a band's comparison (a ticket's `band.rows`), the same on the approval page and in the MCP App. */
export const BAND_COLUMN_WORDS = { label: 'If it fills', start: 'At the start price', worst: 'At the worst price' } as const;
