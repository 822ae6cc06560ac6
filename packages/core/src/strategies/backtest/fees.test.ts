import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { condorCosts } from '../../costs/condor-costs.js';
import { orderCosts, type CostedLeg } from '../../costs/order-costs.js';
import { HELD } from './exits.js';
import { legsInTheMoney, orderFeeTotal } from './fees.js';
import { closingFees, openingFees } from './trade-fees.js';
import type { TradeShape } from './trade-shape.js';

const price = fc.double({ min: 0, max: 60, noNaN: true });
const side = fc.constantFrom('buy' as const, 'sell' as const);

describe('orderFeeTotal: the ticket’s orderCosts total, to the last bit', () => {
  test.prop([fc.array(fc.record({ side, price }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5000 }), fc.constantFrom(0, 0.5, 0.65, 1)])(
    'for any legs, quantity and commission',
    (legs: CostedLeg[], qty, commission) => {
      const sold = legs.filter((leg) => leg.side === 'sell');
      const soldPrices = sold.reduce((sum, leg) => sum + leg.price, 0);
      expect(orderFeeTotal(legs.length, sold.length, soldPrices, qty, commission)).toBe(orderCosts(legs, qty, commission).total);
    },
  );
});

// The SPY condor of costs.test.ts: 640/645/700/705, mids 0.50, 1.20, 1.10, 0.45 at entry; 0.20, 0.60, 0.40, 0.10 later.
const path = (entry: number, later: number, width = 0.04) => ({ bid: Float64Array.from([entry - width / 2, later - width / 2]), ask: Float64Array.from([entry + width / 2, later + width / 2]) });
const shape = {
  strikes: { longPut: 640, shortPut: 645, shortCall: 700, longCall: 705 },
  entrySoldMids: 1.2 + 1.1,
  longPut: path(0.5, 0.2),
  longCall: path(0.45, 0.1),
  offset: 0,
  expiryLegs: legsInTheMoney({ longPut: 640, shortPut: 645, shortCall: 700, longCall: 705 }, 642),
} as unknown as TradeShape;

describe('a backtested trade pays what the ticket shows for the same order', () => {
  it('opening at the entry mids: condorCosts(...).open, 1 lot and 10 lots', () => {
    const mids = { longPut: 0.5, shortPut: 1.2, shortCall: 1.1, longCall: 0.45 };
    expect(openingFees(shape, 1, 0)).toBe(condorCosts(mids, 1, 0).open.total); // $0.23
    expect(openingFees(shape, 10, 0)).toBe(condorCosts(mids, 10, 0).open.total); // $2.20
    expect(openingFees(shape, 2, 0.65)).toBe(condorCosts(mids, 2, 0.65).open.total);
  });

  it('closing at a later close’s mids: condorCosts(...).close at those mids', () => {
    const later = { longPut: 0.2, shortPut: 0.6, shortCall: 0.4, longCall: 0.1 };
    expect(closingFees(shape, 1, 10, 0)).toBe(condorCosts(later, 10, 0).close.total);
    expect(closingFees(shape, 1, 3, 0.65)).toBe(condorCosts(later, 3, 0.65).close.total);
  });

  it('held to expiry between the puts: the 645 put is assigned (bought at $3.00), the 640 put expires', () => {
    expect(shape.expiryLegs).toEqual({ legs: 1, sold: 0, soldPrices: 0 });
    expect(closingFees(shape, HELD, 10, 0.65)).toBe(orderCosts([{ side: 'buy', price: 3 }], 10, 0.65).total);
  });

  it('held to expiry inside the body: every leg expires worthless, nothing more to pay', () => {
    const inside = { ...shape, expiryLegs: legsInTheMoney(shape.strikes, 670) };
    expect(closingFees(inside, HELD, 10, 0.65)).toBe(0);
  });

  it('below both puts: the long put is exercised (sold at its intrinsic value) and the short put assigned', () => {
    expect(legsInTheMoney(shape.strikes, 630)).toEqual({ legs: 2, sold: 1, soldPrices: 10 });
    expect(legsInTheMoney(shape.strikes, 710)).toEqual({ legs: 2, sold: 1, soldPrices: 5 });
    expect(legsInTheMoney(shape.strikes, 645)).toEqual({ legs: 0, sold: 0, soldPrices: 0 });
  });
});
