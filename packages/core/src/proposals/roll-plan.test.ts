import { describe, expect, it } from 'vitest';
import type { OptionContract } from '../ports/market-data.js';
import { nearestExpiry, preferCredit, verticalsByDelta } from './roll-plan.js';

const NOW = Date.UTC(2026, 0, 5, 15);

function put(strike: number, delta: number, bid: number, ask = bid + 0.04): OptionContract {
  return {
    symbol: `SPY260220P${String(strike * 1000).padStart(8, '0')}`,
    type: 'put',
    strike,
    expiry: '2026-02-20',
    bid,
    ask,
    volatility: 0.2,
    greeks: { delta: -delta, gamma: 0, theta: 0, vega: 0 },
    openInterest: 500,
    volume: 0,
    quoteTime: NOW,
  };
}

const CHAIN = [put(520, 0.05, 0.8), put(525, 0.07, 1.0), put(530, 0.1, 1.3), put(535, 0.13, 1.7), put(540, 0.16, 2.2), put(545, 0.2, 2.8)];
const deltaOf = (c: OptionContract): number => Math.abs(c.greeks?.delta ?? 0);

describe('roll planning', () => {
  it('picks the listed expiry nearest the target DTE, the later of two equally near, never one expiring today', () => {
    expect(nearestExpiry(['2026-01-05', '2026-02-13', '2026-02-20', '2026-03-20'], 45, NOW)).toEqual({ expiry: '2026-02-20', dte: 46 });
    expect(nearestExpiry(['2026-02-16', '2026-02-18'], 43, NOW)).toEqual({ expiry: '2026-02-18', dte: 44 });
    expect(nearestExpiry(['2026-01-05'], 1, NOW)).toBeNull();
  });

  it('lists verticals of the given width, nearest the target delta first, skipping illiquid legs', () => {
    const chain = [...CHAIN.filter((c) => c.strike !== 525), put(525, 0.07, 0)];
    const verticals = verticalsByDelta(chain, 'put', 10, 0.12, deltaOf);
    // 535/525 is left out: its long has no bid.
    expect(verticals.map((v) => [v.long.strike, v.short.strike])).toEqual([[520, 530], [530, 540], [535, 545]]);
    expect(verticals.every((v) => v.short.strike - v.long.strike === 10)).toBe(true);
  });

  it('prefers a credit roll within 0.05 delta of the target over a debit at the nearest', () => {
    const verticals = verticalsByDelta(CHAIN, 'put', 10, 0.13, deltaOf);
    expect(verticals[0]?.short.strike).toBe(535);
    // Closing the old vertical costs $0.85. Within 0.05 of the target only 540/530 (credit $0.90) rolls for a
    // credit; 545/535 (credit $1.10) would too, but its short is 0.07 away.
    const chosen = preferCredit(verticals, 0.13, (v) => 0.85 - ((v.short.bid + v.short.ask) / 2 - (v.long.bid + v.long.ask) / 2));
    expect(chosen?.short.strike).toBe(540);
    // Nothing within the tolerance gives a credit: the nearest stays.
    expect(preferCredit(verticals, 0.13, () => 0.5)?.short.strike).toBe(535);
  });
});
