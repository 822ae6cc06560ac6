import type { OptionContract } from '@condor/core';
import { FakeClock } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { SimMarketData } from './sim-market-data.js';

const NOW = Date.UTC(2026, 0, 6, 17);
const DAY_MS = 86_400_000;
const market = new SimMarketData(new FakeClock(NOW), 11);

const daysFrom = (from: number, expiry: string): number => (Date.parse(`${expiry}T21:00:00Z`) - from) / DAY_MS;
const daysTo = (expiry: string): number => daysFrom(NOW, expiry);

async function chainNear(symbol: string, days: number): Promise<{ spot: number; chain: readonly OptionContract[]; expiry: string }> {
  const expiries = (await market.expirations(symbol))._unsafeUnwrap();
  const expiry = expiries.reduce((best, e) => (Math.abs(daysTo(e) - days) < Math.abs(daysTo(best) - days) ? e : best));
  const spot = (await market.quote(symbol))._unsafeUnwrap().last;
  return { spot, chain: (await market.optionChain(symbol, expiry))._unsafeUnwrap(), expiry };
}

const closest = (contracts: readonly OptionContract[], strike: number): OptionContract =>
  contracts.reduce((best, c) => (Math.abs(c.strike - strike) < Math.abs(best.strike - strike) ? c : best));

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function correlation(xs: readonly number[], ys: readonly number[]): number {
  const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i]!;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('the simulated market', () => {
  it('has a put skew: out-of-the-money puts trade at a higher IV than at the money', async () => {
    for (const symbol of ['SPY', 'AAPL']) {
      const { spot, chain } = await chainNear(symbol, 30);
      const puts = chain.filter((c) => c.type === 'put');
      const atm = closest(puts, spot).volatility!;
      expect(closest(puts, spot * 0.92).volatility!).toBeGreaterThan(atm);
      expect(closest(puts, spot * 0.85).volatility!).toBeGreaterThan(closest(puts, spot * 0.92).volatility!);
      expect(closest(puts, spot * 0.92).volatility!).toBeGreaterThan(closest(chain, spot * 1.08).volatility!);
    }
  });

  it('has a term structure that moves ATM IV from the 30-day level toward the long-run level', async () => {
    const history = (await market.ivHistory('SPY', '2025-01-01', '2025-12-31'))._unsafeUnwrap();
    const longRun = 0.16 * 1.05;
    for (const pick of [
      history.reduce((a, b) => (b.volatility > a.volatility ? b : a)),
      history.reduce((a, b) => (b.volatility < a.volatility ? b : a)),
    ]) {
      const asOf = Date.parse(`${pick.date}T23:30:00Z`);
      const then = new SimMarketData(new FakeClock(asOf), 11);
      const spot = (await then.quote('SPY'))._unsafeUnwrap().last;
      const expiries = (await then.expirations('SPY'))._unsafeUnwrap();
      const atmAt = async (days: number) => {
        const expiry = expiries.reduce((best, e) => (Math.abs(daysFrom(asOf, e) - days) < Math.abs(daysFrom(asOf, best) - days) ? e : best));
        const forward = spot * Math.exp((0.04 - 0.011) * (daysFrom(asOf, expiry) / 365));
        return closest((await then.optionChain('SPY', expiry))._unsafeUnwrap(), forward).volatility!;
      };
      const [short, middle, long] = [await atmAt(30), await atmAt(120), await atmAt(365)];
      expect(short).toBeCloseTo(pick.volatility, 2);
      expect(Math.abs(long - longRun)).toBeLessThan(Math.abs(middle - longRun));
      expect(Math.abs(middle - longRun)).toBeLessThan(Math.abs(short - longRun));
      expect(Math.sign(long - short)).toBe(Math.sign(longRun - short));
    }
  });

  it('widens spreads away from the money and with time', async () => {
    const { spot, chain } = await chainNear('SPY', 30);
    const stdDev = spot * 0.16 * Math.sqrt(30 / 365);
    const width = (c: OptionContract) => c.ask - c.bid;
    const otm = chain.filter((c) => (c.type === 'put' ? c.strike < spot : c.strike > spot) && c.bid > 0);
    const near = otm.filter((c) => Math.abs(c.strike - spot) < 0.3 * stdDev);
    const away = otm.filter((c) => Math.abs(c.strike - spot) > 1.5 * stdDev && Math.abs(c.strike - spot) < 2.5 * stdDev);
    expect(near.length).toBeGreaterThan(0);
    expect(away.length).toBeGreaterThan(0);
    expect(median(away.map(width))).toBeGreaterThan(median(near.map(width)));
    const relative = (c: OptionContract) => width(c) / ((c.bid + c.ask) / 2);
    expect(median(away.map(relative))).toBeGreaterThan(median(near.map(relative)));
    const long = await chainNear('SPY', 365);
    expect(width(closest(long.chain, long.spot))).toBeGreaterThan(width(closest(chain, spot)));
  });

  it('quotes every contract on its tick, bid never negative, ask above bid', async () => {
    const { chain } = await chainNear('MSFT', 45);
    for (const c of chain) {
      expect(c.bid).toBeGreaterThanOrEqual(0);
      expect(c.ask).toBeGreaterThan(c.bid);
      for (const price of [c.bid, c.ask]) expect(Math.abs(price * 100 - Math.round(price * 100))).toBeLessThan(1e-6);
      if (c.bid >= 3) expect(Math.round(c.bid * 100) % 5).toBe(0);
    }
  });

  it('concentrates open interest and volume near the money', async () => {
    const { spot, chain } = await chainNear('QQQ', 30);
    const calls = chain.filter((c) => c.type === 'call');
    const atm = closest(calls, spot);
    const far = closest(calls, spot * 1.12);
    expect(atm.openInterest).toBeGreaterThan(3 * far.openInterest);
    expect(atm.volume).toBeGreaterThan(far.volume);
  });

  it('lists weeklies for eight weeks and monthlies beyond a year', async () => {
    const expiries = (await market.expirations('IWM'))._unsafeUnwrap();
    const days = expiries.map(daysTo);
    expect(Math.max(...days)).toBeGreaterThanOrEqual(365);
    expect(expiries.filter((e) => daysTo(e) <= 56)).toHaveLength(8);
    expect(expiries).toContain('2026-01-16');
    expect(expiries).toContain('2026-06-18');
    expect(expiries).toContain('2027-01-15');
  });

  it('has more than three years of daily history', async () => {
    const bars = (await market.dailyBars('NVDA', '2022-12-01', '2026-01-06'))._unsafeUnwrap();
    expect(bars[0]!.date).toBe('2022-12-01');
    expect(bars.at(-1)!.date).toBe('2026-01-05');
    expect(bars.length).toBeGreaterThan(3 * 250);
    expect(bars.map((b) => b.date)).not.toContain('2025-12-25');
  });

  it('moves IV against returns, so IV rank means something', async () => {
    for (const symbol of ['SPY', 'AAPL']) {
      const bars = (await market.dailyBars(symbol, '2023-01-01', '2026-01-05'))._unsafeUnwrap();
      const iv = (await market.ivHistory(symbol, '2023-01-01', '2026-01-05'))._unsafeUnwrap();
      expect(iv.map((p) => p.date)).toEqual(bars.map((b) => b.date));
      const returns = bars.slice(1).map((b, i) => Math.log(b.close / bars[i]!.close));
      const ivChanges = iv.slice(1).map((p, i) => Math.log(p.volatility / iv[i]!.volatility));
      expect(correlation(returns, ivChanges)).toBeLessThan(-0.3);
      const levels = iv.map((p) => p.volatility);
      expect(Math.max(...levels) / Math.min(...levels)).toBeGreaterThan(1.8);
    }
  });

  it('builds a chain in well under a millisecond per strike', async () => {
    const { chain, expiry } = await chainNear('SPY', 365);
    const started = performance.now();
    for (let i = 0; i < 20; i++) (await market.optionChain('SPY', expiry))._unsafeUnwrap();
    const perStrike = (performance.now() - started) / 20 / (chain.length / 2);
    expect(perStrike).toBeLessThan(0.2);
  });
});
