import { expiryClose, impliedVolatility, priceOption, yearsBetween } from '@condor/core';
import { describe, expect, it } from 'vitest';
import { pricedChain, underlyingQuote } from './tastytrade-chain-pricing.js';
import type { ChainContract, WireQuote } from './tastytrade-market-wire.js';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const EXPIRY = '2026-03-20';
const SPOT = 605;
const RATE = 0.04;
const YIELD = 0.0118;
const YEARS = yearsBetween(NOW, expiryClose(EXPIRY) ?? 0);

const contract = (type: 'call' | 'put', strike: number): ChainContract => {
  const k = String(strike * 1000).padStart(8, '0');
  const cp = type === 'call' ? 'C' : 'P';
  return { occ: `SPY   260320${cp}${k}`, symbol: `SPY260320${cp}${k}`, type, strike, expiry: EXPIRY, streamerSymbol: `.SPY260320${cp}${String(strike)}` };
};

/** A market priced by the model at `volatility`, a nickel wide. */
const modelQuote = (c: ChainContract, volatility: number): WireQuote => {
  const mid = priceOption({ type: c.type, spot: SPOT, strike: c.strike, years: YEARS, rate: RATE, dividendYield: YIELD, volatility }).price;
  return { symbol: c.occ, bid: mid - 0.025, ask: mid + 0.025, volume: 40, openInterest: 900, time: NOW - 1_000 };
};

const input = (contracts: ChainContract[], quotes: Map<string, WireQuote>) => ({ contracts, quotes, spot: SPOT, now: NOW, rate: RATE, dividendYield: YIELD });

describe('pricedChain', () => {
  it("backs the IV out of the out-of-the-money side's mid with core's solver, and prices greeks with core's model", () => {
    const contracts = [contract('put', 570), contract('call', 570), contract('call', 640), contract('put', 640)];
    const quotes = new Map(contracts.map((c) => [c.occ, modelQuote(c, c.strike < SPOT ? 0.21 : 0.16)]));
    const chain = pricedChain(input(contracts, quotes));
    expect(chain.map((c) => `${c.type} ${c.strike}`)).toEqual(['call 570', 'put 570', 'call 640', 'put 640']);
    for (const priced of chain) {
      const otm = priced.strike < SPOT ? contract('put', priced.strike) : contract('call', priced.strike);
      const otmQuote = quotes.get(otm.occ);
      const solved = impliedVolatility({ type: otm.type, spot: SPOT, strike: priced.strike, years: YEARS, rate: RATE, dividendYield: YIELD, price: ((otmQuote?.bid ?? 0) + (otmQuote?.ask ?? 0)) / 2 });
      expect(priced.volatility).toBe(solved._unsafeUnwrap());
      expect(priced.volatility).toBeCloseTo(priced.strike < SPOT ? 0.21 : 0.16, 6);
      const model = priceOption({ type: priced.type, spot: SPOT, strike: priced.strike, years: YEARS, rate: RATE, dividendYield: YIELD, volatility: priced.volatility ?? 0 });
      expect(priced.greeks).toEqual({ delta: model.delta, gamma: model.gamma, theta: model.theta, vega: model.vega });
    }
  });

  it('keeps the quote, the size and its time; falls back to its own mid when the other side has no bid', () => {
    const put = contract('put', 640);
    const call = contract('call', 640);
    const quotes = new Map([
      [put.occ, { ...modelQuote(put, 0.16), last: 35.1 }],
      [call.occ, { symbol: call.occ, bid: 0, ask: 0.05 }],
    ]);
    const [pricedCall, pricedPut] = pricedChain(input([put, call], quotes));
    expect(pricedPut).toMatchObject({ symbol: 'SPY260320P00640000', last: 35.1, volume: 40, openInterest: 900, quoteTime: NOW - 1_000 });
    expect(pricedPut?.volatility).toBeCloseTo(0.16, 6);
    // No bid on the call: no IV of its own, and nothing to borrow from its out-of-the-money side (itself).
    expect(pricedCall).toMatchObject({ bid: 0, ask: 0.05, volatility: null, greeks: null, volume: 0, openInterest: 0, quoteTime: NOW });
  });

  it('leaves out a contract with no quote, no ask or a crossed market', () => {
    const [a, b, c, d] = [contract('call', 600), contract('call', 605), contract('call', 610), contract('call', 615)];
    const quotes = new Map<string, WireQuote>([
      [b.occ, { symbol: b.occ, bid: 1 }],
      [c.occ, { symbol: c.occ, bid: 2, ask: 1.9 }],
      [d.occ, { symbol: d.occ, bid: 1, ask: 1.1 }],
    ]);
    expect(pricedChain(input([a, b, c, d], quotes)).map((x) => x.strike)).toEqual([615]);
  });

  it('leaves IV and greeks to core when the spot or the dividend yield is unknown', () => {
    const put = contract('put', 570);
    const quotes = new Map([[put.occ, modelQuote(put, 0.2)]]);
    for (const unknown of [{ spot: null }, { dividendYield: null }]) {
      const [priced] = pricedChain({ ...input([put], quotes), ...unknown });
      expect(priced).toMatchObject({ volatility: null, greeks: null });
      expect(priced?.bid).toBeGreaterThan(0);
    }
  });

  it('gives no IV at or after the expiry close', () => {
    const put = contract('put', 570);
    const [priced] = pricedChain({ ...input([put], new Map([[put.occ, modelQuote(put, 0.2)]])), now: expiryClose(EXPIRY) ?? 0 });
    expect(priced?.volatility).toBeNull();
  });
});

describe('underlyingQuote', () => {
  it('uses bid and ask when two-sided, else the last price or the mark on both sides', () => {
    expect(underlyingQuote('SPY', { symbol: 'SPY', bid: 604.99, ask: 605.01, last: 605, time: NOW - 5 }, NOW)).toEqual({ symbol: 'SPY', bid: 604.99, ask: 605.01, last: 605, time: NOW - 5 });
    expect(underlyingQuote('SPY', { symbol: 'SPY', bid: 606, ask: 605, last: 605.5 }, NOW)).toEqual({ symbol: 'SPY', bid: 605.5, ask: 605.5, last: 605.5, time: NOW });
    expect(underlyingQuote('VIX', { symbol: 'VIX', mark: 17.4 }, NOW)).toEqual({ symbol: 'VIX', bid: 17.4, ask: 17.4, last: 17.4, time: NOW });
    expect(underlyingQuote('SPY', { symbol: 'SPY' }, NOW)).toBeNull();
    expect(underlyingQuote('SPY', undefined, NOW)).toBeNull();
  });
});
