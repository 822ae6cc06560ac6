import { dayOf, formatDay } from '../../market/days.js';
import { isTradingDay } from '../../market/exchange-calendar.js';
import type { HistorySession, MarketHistory, SmileShape, SpreadModel } from '../types.js';

/** The trading days (days since 1970-01-01) from `firstDay` on, `count` of them. */
export function tradingDays(firstDay: number, count: number): number[] {
  const days: number[] = [];
  for (let day = firstDay; days.length < count; day++) if (isTradingDay(day)) days.push(day);
  return days;
}

/** Mulberry32: a small seeded generator of uniforms in [0, 1). */
function uniforms(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** How a synthetic history is drawn. */
export interface SyntheticHistoryOptions {
  readonly seed: number;
  readonly sessions: number;
  readonly spot: number;
  /** The realised volatility of the daily log returns, annualised. */
  readonly volatility: number;
  /** The ATM IV's long-run level; it wanders around it. */
  readonly impliedVolatility: number;
  readonly rate?: number;
  readonly dividendYield?: number;
  readonly smile?: SmileShape;
  readonly spread?: SpreadModel;
  /** 'YYYY-MM-DD' on or after which the first session falls; default 2021-01-04. */
  readonly from?: string;
}

/**
 * A reproducible daily history for tests and benchmarks: a seeded geometric random walk on the
 * trading calendar with an ATM IV that mean-reverts around its level.
 */
export function syntheticHistory(options: SyntheticHistoryOptions): MarketHistory {
  const next = uniforms(options.seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const [year, month, day] = (options.from ?? '2021-01-04').split('-').map(Number);
  const days = tradingDays(dayOf(year ?? 2021, month ?? 1, day ?? 4), options.sessions);
  const dailyVolatility = options.volatility / Math.sqrt(252);
  let close = options.spot;
  let logIv = Math.log(options.impliedVolatility);
  const sessions: HistorySession[] = days.map((session) => {
    close *= Math.exp(dailyVolatility * normal() - (dailyVolatility * dailyVolatility) / 2);
    logIv += 0.05 * (Math.log(options.impliedVolatility) - logIv) + 0.06 * normal();
    return { date: formatDay(session), close, atmVol: Math.exp(logIv) };
  });
  return {
    ticker: 'TEST',
    sessions,
    rate: options.rate ?? 0.03,
    dividendYield: options.dividendYield ?? 0.01,
    smile: options.smile ?? { skew: 0.1, curvature: 0.04 },
    spread: options.spread ?? { atm: 0.05, perZ2: 0.3 },
  };
}
