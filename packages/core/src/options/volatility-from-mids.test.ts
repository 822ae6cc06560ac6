import { describe, expect, it } from 'vitest';
import { priceOption } from './price-option.js';
import { volatilityFromMids, type QuotedOption } from './volatility-from-mids.js';

const MARKET = { spot: 100, years: 0.1, rate: 0.04, dividendYield: 0.01 };
/** A two-sided quote a cent either side of the model's price at `volatility`. */
const quoted = (type: 'call' | 'put', strike: number, volatility: number): QuotedOption => {
  const { price } = priceOption({ type, strike, volatility, ...MARKET });
  return { type, strike, bid: price - 0.01, ask: price + 0.01 };
};

describe('an implied volatility from the mids', () => {
  it("takes the strike's out-of-the-money side, whichever contract is asked", () => {
    const chain = [quoted('put', 95, 0.3), quoted('call', 95, 0.2), quoted('call', 105, 0.25), quoted('put', 105, 0.4)];
    expect(volatilityFromMids(chain, { type: 'call', strike: 95 }, MARKET)).toBeCloseTo(0.3, 3);
    expect(volatilityFromMids(chain, { type: 'put', strike: 105 }, MARKET)).toBeCloseTo(0.25, 3);
  });

  it("falls back to the contract's own mid when the out-of-the-money side has no bid, and has none without a market", () => {
    const chain = [{ ...quoted('put', 95, 0.3), bid: 0 }, quoted('call', 95, 0.2)];
    expect(volatilityFromMids(chain, { type: 'call', strike: 95 }, MARKET)).toBeCloseTo(0.2, 3);
    expect(volatilityFromMids(chain, { type: 'put', strike: 95 }, MARKET)).toBeUndefined();
    expect(volatilityFromMids(chain, { type: 'call', strike: 95 }, null)).toBeUndefined();
    expect(volatilityFromMids(chain, { type: 'call', strike: 95 }, { ...MARKET, years: 0 })).toBeUndefined();
  });
});
