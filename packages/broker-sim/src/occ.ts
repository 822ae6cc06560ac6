import type { OptionType } from '@condor/core';

/** The fields an OCC option symbol encodes. */
export interface OccFields {
  readonly root: string;
  /** 'YYYY-MM-DD'. */
  readonly expiry: string;
  readonly type: OptionType;
  readonly strike: number;
}

const PATTERN = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/**
 * The OCC symbol in the compact form Alpaca uses (no padding of the root): root, YYMMDD, C or P, and
 * the strike × 1000 in eight digits.
 * @example occSymbol({ root: 'SPY', expiry: '2026-12-18', type: 'call', strike: 450 }) // 'SPY261218C00450000'
 */
export function occSymbol(fields: OccFields): string {
  const yymmdd = fields.expiry.slice(2, 4) + fields.expiry.slice(5, 7) + fields.expiry.slice(8, 10);
  const strike = String(Math.round(fields.strike * 1000)).padStart(8, '0');
  return `${fields.root}${yymmdd}${fields.type === 'call' ? 'C' : 'P'}${strike}`;
}

/** The fields of a compact OCC symbol (20YY years), or undefined when it is not one. */
export function parseOccSymbol(symbol: string): OccFields | undefined {
  const match = PATTERN.exec(symbol);
  if (!match) return undefined;
  const [, root = '', yy = '', mm = '', dd = '', cp = '', strike = ''] = match;
  return { root, expiry: `20${yy}-${mm}-${dd}`, type: cp === 'C' ? 'call' : 'put', strike: Number(strike) / 1000 };
}
