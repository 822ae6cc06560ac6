import { describe, expect, it } from 'vitest';
import { occSymbol, parseOccSymbol } from './occ.js';

describe('OCC symbols', () => {
  it('formats the compact form with the strike in thousandths', () => {
    expect(occSymbol({ root: 'SPY', expiry: '2026-12-18', type: 'call', strike: 450 })).toBe('SPY261218C00450000');
    expect(occSymbol({ root: 'XLF', expiry: '2026-02-20', type: 'put', strike: 52.5 })).toBe('XLF260220P00052500');
    expect(occSymbol({ root: 'GOOGL', expiry: '2027-01-15', type: 'put', strike: 1250 })).toBe('GOOGL270115P01250000');
  });

  it('parses back to the same fields', () => {
    const fields = { root: 'AAPL', expiry: '2026-03-20', type: 'put', strike: 272.5 } as const;
    expect(parseOccSymbol(occSymbol(fields))).toEqual(fields);
    expect(parseOccSymbol('SPY 261218C00450000')).toBeUndefined();
  });
});
