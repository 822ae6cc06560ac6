import { dayOf, isTradingDay, parseDay } from '@condor/core';
import { SeededRandom, hashString, mixSeed } from '@condor/core';
import { ANCHOR_DATE, type SimSymbol } from './universe.js';

/** The first simulated session: history before it does not exist. */
export const FIRST_DAY = dayOf(2015, 1, 2);
const ANCHOR_DAY = parseDay(ANCHOR_DATE) ?? FIRST_DAY;
const DT = 1 / 252;
const SQRT_DT = Math.sqrt(DT);
const IV_REVERSION = 4;
const PRICE_REVERSION = 0.25;
/** Realised volatility runs below implied (the volatility risk premium). */
const REALISED_TO_IMPLIED = 0.85;
const MIN_IV = 0.04;
const MAX_IV = 2.5;

/** The close-to-close state of one simulated session. */
export interface DailyState {
  readonly day: number;
  /** Log of the unnormalised close. */
  readonly logClose: number;
  /** Log of the 30-day ATM implied volatility at the close. */
  readonly logIv: number;
  /** Log of open over the previous close. */
  readonly gap: number;
}

/**
 * The daily closes and implied volatilities of one symbol from `FIRST_DAY` on, generated in one fixed
 * order from a seeded stream, so every value depends only on (seed, symbol, session) however the
 * series is extended. The log price reverts weakly to a drift line; log IV mean-reverts to the base
 * level with shocks correlated negatively with returns. Steeper-skewed names get a stronger negative
 * correlation and more volatility of volatility, as in a stochastic-volatility model.
 */
export class DailySeries {
  private readonly states: DailyState[] = [];
  private readonly indexByDay = new Map<number, number>();
  private readonly random: SeededRandom;
  private readonly drift: number;
  private readonly correlation: number;
  private readonly volOfVol: number;
  private nextDay = FIRST_DAY;
  private anchorLog: number | undefined;

  constructor(
    private readonly spec: SimSymbol,
    seed: number,
  ) {
    this.random = new SeededRandom(mixSeed(seed, hashString(spec.symbol), 1));
    this.drift = (spec.kind === 'etf' ? 0.06 : 0.08) - spec.dividendYield;
    this.correlation = -Math.min(0.8, 0.3 + 2 * spec.skew);
    this.volOfVol = 0.5 + 1.5 * spec.skew;
  }

  /** The state of a trading day, or undefined before `FIRST_DAY` or on a day without a session. */
  state(day: number): DailyState | undefined {
    this.extendTo(day);
    const index = this.indexByDay.get(day);
    return index === undefined ? undefined : this.states[index];
  }

  /** The state of the session before the given one. */
  previous(day: number): DailyState | undefined {
    this.extendTo(day);
    const index = this.indexByDay.get(day);
    return index === undefined || index === 0 ? undefined : this.states[index - 1];
  }

  /** Dollars per unit of unnormalised price: pins the close on `ANCHOR_DATE` to the spec's price. */
  price(logClose: number): number {
    this.extendTo(ANCHOR_DAY);
    return this.spec.price * Math.exp(logClose - (this.anchorLog ?? 0));
  }

  private extendTo(day: number): void {
    while (this.nextDay <= day || this.nextDay <= ANCHOR_DAY) {
      const current = this.nextDay++;
      if (isTradingDay(current)) this.append(current);
    }
  }

  private append(day: number): void {
    const last = this.states.at(-1);
    const state = last ? this.step(last, this.states.length) : { day, logClose: 0, logIv: Math.log(this.spec.baseVol), gap: 0 };
    const next = { ...state, day };
    this.indexByDay.set(day, this.states.length);
    this.states.push(next);
    if (day === ANCHOR_DAY) this.anchorLog = next.logClose;
  }

  private step(last: DailyState, index: number): Omit<DailyState, 'day'> {
    const [z, w, g] = [this.random.normal(), this.random.normal(), this.random.normal()];
    const sigma = REALISED_TO_IMPLIED * Math.exp(last.logIv);
    const trend = this.drift * (index - 1) * DT;
    const meanReturn = (this.drift - (sigma * sigma) / 2 - PRICE_REVERSION * (last.logClose - trend)) * DT;
    const shock = this.correlation * z + Math.sqrt(1 - this.correlation ** 2) * w;
    const logIv = last.logIv + IV_REVERSION * (Math.log(this.spec.baseVol) - last.logIv) * DT + this.volOfVol * SQRT_DT * shock;
    return {
      logClose: last.logClose + meanReturn + sigma * SQRT_DT * z,
      logIv: Math.min(Math.log(MAX_IV), Math.max(Math.log(MIN_IV), logIv)),
      gap: 0.3 * sigma * SQRT_DT * g,
    };
  }
}
