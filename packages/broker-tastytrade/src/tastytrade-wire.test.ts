import { describe, expect, it } from 'vitest';
import { signedMoney, toCompactSymbol, toTastytradeSymbol, WireError } from './tastytrade-wire.js';

describe('OCC symbols', () => {
  it.each([
    ['SPY260220P00570000', 'SPY   260220P00570000'],
    ['AAPL220617P00150000', 'AAPL  220617P00150000'],
    ['SPXW261218C05800000', 'SPXW  261218C05800000'],
    ['X260116C00012500', 'X     260116C00012500'],
    ['GOOGL1260116C00200000', 'GOOGL1260116C00200000'],
  ])('%s is %j at tastytrade, and back', (compact, padded) => {
    expect(toTastytradeSymbol(compact)).toBe(padded);
    expect(toCompactSymbol(padded)).toBe(compact);
  });

  it('refuses what is not an option symbol', () => {
    expect(() => toTastytradeSymbol('SPY')).toThrow(WireError);
    expect(() => toTastytradeSymbol('SPY   260220P00570000')).toThrow(WireError);
    expect(toCompactSymbol('SPY')).toBeNull();
    expect(toCompactSymbol('SPY260220P00570000')).toBeNull();
  });
});

describe('money with its effect', () => {
  it('signs a Debit positive and a Credit negative, the amount never carrying the sign', () => {
    expect(signedMoney({ fees: '2.302', 'fees-effect': 'Debit' }, 'fees')).toBe(2.302);
    expect(signedMoney({ price: '1.51', 'price-effect': 'Credit' }, 'price')).toBe(-1.51);
    expect(signedMoney({ gain: '0.0', 'gain-effect': 'None' }, 'gain')).toBe(0);
  });

  it('refuses an amount whose direction is not said', () => {
    expect(() => signedMoney({ fees: '2.0' }, 'fees')).toThrow(WireError);
    expect(() => signedMoney({ fees: '2.0', 'fees-effect': 'Sideways' }, 'fees')).toThrow(WireError);
  });
});
