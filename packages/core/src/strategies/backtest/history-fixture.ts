import { dayOf, formatDay } from '../../calendar/days.js';
import { isTradingDay } from '../../calendar/exchange-calendar.js';
import { SeededRandom } from '../seeded-random.js';
import type { HistorySession, MarketHistory, SmileShape, SpreadModel } from '../types.js';

/** The trading days (days since 1970-01-01) from `firstDay` on, `count` of them. */
export function tradingDays(firstDay: number, count: number): number[] {
  const days: number[] = [];
  for (let day = firstDay; days.length < count; day++) if (isTradingDay(day)) days.push(day);
  return days;
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
  const random = new SeededRandom(options.seed);
  const normal = (): number => random.normal();
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
