/** tastytrade's JSON that did not have the documented shape. */
export class WireError extends Error {}

export type Json = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function object(value: unknown, what: string): Json {
  if (!isObject(value)) throw new WireError(`${what} is not an object`);
  return value;
}

export function text(json: Json, field: string): string {
  const value = json[field];
  if (typeof value !== 'string') throw new WireError(`${field} is not a string`);
  return value;
}

export function optionalText(json: Json, field: string): string | null {
  const value = json[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** tastytrade sends money and quantities as decimal strings (a few as numbers). */
export function decimal(json: Json, field: string): number {
  const value = json[field];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(number)) throw new WireError(`${field} is not a number`);
  return number;
}

export function optionalDecimal(json: Json, field: string): number | null {
  return json[field] === null || json[field] === undefined || json[field] === '' ? null : decimal(json, field);
}

/**
 * A money field, which never carries its sign: the amount is `field` and the direction `field-effect`.
 * Answered in condor's sign: a Debit (paid, or buying power used) positive, a Credit negative; zero has any effect.
 * @example
 * signedMoney({ 'total-fees': '2.302', 'total-fees-effect': 'Debit' }, 'total-fees'); // 2.302
 */
export function signedMoney(json: Json, field: string): number {
  const amount = Math.abs(decimal(json, field));
  const effect = json[`${field}-effect`];
  if (effect === 'Debit') return amount;
  if (effect === 'Credit') return -amount;
  if (amount === 0) return 0;
  throw new WireError(`${field}-effect ${String(effect)} does not say which way ${field} goes`);
}

/** `data.items` of a list answer. */
export function items(data: unknown, what: string): readonly unknown[] {
  const list = object(data, what).items;
  if (!Array.isArray(list)) throw new WireError(`${what} has no items`);
  return list;
}

const COMPACT_OCC = /^([A-Z0-9.]{1,6})(\d{6}[CP]\d{8})$/;
const PADDED_OCC = /^([A-Z0-9.][A-Z0-9. ]{5})(\d{6}[CP]\d{8})$/;

/**
 * Condor's compact OCC symbol as tastytrade writes it, the root padded to six characters.
 * @example
 * toTastytradeSymbol('SPY260220P00570000'); // 'SPY   260220P00570000'
 */
export function toTastytradeSymbol(compact: string): string {
  const match = COMPACT_OCC.exec(compact);
  if (!match?.[1] || !match[2]) throw new WireError(`${compact} is not an OCC option symbol`);
  return `${match[1].padEnd(6, ' ')}${match[2]}`;
}

/**
 * tastytrade's padded OCC symbol in condor's compact form; null for a symbol that is not an option.
 * @example
 * toCompactSymbol('SPY   260220P00570000'); // 'SPY260220P00570000'
 */
export function toCompactSymbol(padded: string): string | null {
  const match = PADDED_OCC.exec(padded);
  if (!match?.[1] || !match[2]) return null;
  return `${match[1].trimEnd()}${match[2]}`;
}
