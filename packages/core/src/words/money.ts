/** Dollars as a sentence says them, the sign as it is: 2 → "$2.00", -0.5 → "$-0.50". */
export const money = (dollars: number): string => `$${dollars.toFixed(2)}`;

/** Dollars to a hundredth of a cent, for per-share figures after costs: 1.23456 → "$1.2346". */
export const moneyPrecise = (dollars: number): string => `$${dollars.toFixed(4)}`;

/** Dollars without their sign, for a sentence that says credit or debit in words: -0.7 → "$0.70". */
export const moneyUnsigned = (dollars: number): string => `$${Math.abs(dollars).toFixed(2)}`;

/** Dollars as a figure on a page: cents, thousands separators, a minus sign in front: 1234.5 → "$1,234.50", -430 → "−$430.00". */
export function moneyGrouped(dollars: number): string {
  const [whole = '0', cents = '00'] = Math.abs(dollars).toFixed(2).split('.');
  return `${dollars < 0 ? '\u2212' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Dollars rounded to the cent, as proposals store and answer them: 2.345 → 2.35. */
export const roundCents = (dollars: number): number => Math.round(dollars * 100) / 100;

/** An axis amount, without cents when whole: 50 → "$50", -400 → "−$400", 12.5 → "$12.50" (else as `moneyGrouped`). */
export function moneyAxis(dollars: number): string {
  if (!Number.isInteger(dollars)) return moneyGrouped(dollars);
  return `${dollars < 0 ? '\u2212' : ''}$${Math.abs(dollars).toLocaleString('en-US')}`;
}
