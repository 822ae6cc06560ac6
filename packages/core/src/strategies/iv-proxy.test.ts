import { describe, expect, it } from 'vitest';
import type { DailyBar } from '../ports/market-data.js';
import { realisedVolatilityProxy } from './iv-proxy.js';
import { REALISED_VOLATILITY_WINDOW, realisedVolatility } from './realised-volatility.js';

/** Weekday-ish dates and closes moving by the given daily log returns from 100. */
function barsOf(returns: readonly number[]): DailyBar[] {
  let close = 100;
  return [0, ...returns].map((r, i) => {
    close *= Math.exp(r);
    const date = new Date(Date.UTC(2025, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
    return { date, open: close, high: close, low: close, close, volume: 1_000 };
  });
}

const wobbly = Array.from({ length: 80 }, (_, i) => 0.012 * Math.sin(i * 1.7) + (i % 3 === 0 ? -0.008 : 0.004));

describe('realisedVolatilityProxy', () => {
  it('is the one-month realised volatility of each session when today’s implied level is unknown', () => {
    const bars = barsOf(wobbly);
    const proxy = realisedVolatilityProxy(bars, null);
    const sessions = bars.map((bar) => ({ date: bar.date, close: bar.close, atmVol: 0 }));
    expect(proxy).toHaveLength(bars.length - REALISED_VOLATILITY_WINDOW);
    expect(proxy[0]?.date).toBe(bars[REALISED_VOLATILITY_WINDOW]?.date);
    proxy.forEach((point, k) => { expect(point.volatility).toBe(realisedVolatility(sessions, k + REALISED_VOLATILITY_WINDOW)); });
  });

  it('matches a known value: alternating ±1 % days over a month', () => {
    const returns = Array.from({ length: REALISED_VOLATILITY_WINDOW }, (_, i) => (i % 2 === 0 ? 0.01 : -0.01));
    const [point] = realisedVolatilityProxy(barsOf(returns), null);
    // 11 × +0.01 and 10 × −0.01: mean 0.01/21, sample variance (21·0.0001 − 21·mean²)/20.
    const mean = 0.01 / 21;
    expect(point?.volatility).toBeCloseTo(Math.sqrt(((21 * 0.0001 - 21 * mean * mean) / 20) * 252), 12);
  });

  it('scales the whole path so that it ends at today’s implied volatility', () => {
    const bars = barsOf(wobbly);
    const plain = realisedVolatilityProxy(bars, null);
    const latest = plain.at(-1)?.volatility ?? 0;
    const scaled = realisedVolatilityProxy(bars, latest * 1.25);
    expect(scaled.at(-1)?.volatility).toBeCloseTo(latest * 1.25, 12);
    scaled.forEach((point, i) => { expect(point.volatility).toBeCloseTo((plain[i]?.volatility ?? 0) * 1.25, 12); });
  });

  it('clamps the ratio, so one odd chain cannot set the whole history', () => {
    const bars = barsOf(wobbly);
    const latest = realisedVolatilityProxy(bars, null).at(-1)?.volatility ?? 0;
    expect(realisedVolatilityProxy(bars, latest * 10).at(-1)?.volatility).toBeCloseTo(latest * 3, 12);
    expect(realisedVolatilityProxy(bars, latest / 10).at(-1)?.volatility).toBeCloseTo(latest * 0.5, 12);
  });

  it('leaves out flat months and histories shorter than a month', () => {
    expect(realisedVolatilityProxy(barsOf(Array.from({ length: 40 }, () => 0)), 0.2)).toEqual([]);
    expect(realisedVolatilityProxy(barsOf(wobbly.slice(0, REALISED_VOLATILITY_WINDOW - 1)), 0.2)).toEqual([]);
  });
});
