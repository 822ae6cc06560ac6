import { easternDay, lastSessionClose, nextSessionOpen } from '@condor/core';
import { SeededRandom, hashString, mixSeed } from '@condor/core';
import type { DailySeries } from './series.js';
import { SESSION_STEPS, SESSION_VOLATILITY_SHARE, simSession } from './session.js';
import type { SimSymbol } from './universe.js';

const STEP_MS = 30 * 60_000;
const SQRT_DT = Math.sqrt(1 / 252);

/** The stretch between two regular sessions that a demo session fills: it runs from `from` (a close) to `to` (an open). */
export interface ClosedStretch {
  /** The last session closed, and the instant it closed. */
  readonly lastDay: number;
  readonly from: number;
  /** The next session to open, and the instant it opens. */
  readonly nextDay: number;
  readonly to: number;
}

/** The closed stretch an instant outside the regular session falls in. */
export function closedStretch(now: number): ClosedStretch {
  const from = lastSessionClose(now);
  const to = nextSessionOpen(now);
  return { lastDay: easternDay(from), from, nextDay: easternDay(to), to };
}

/** What a demo session shows for a symbol at one instant: prices of now, on the path from the last close to the next open. */
export interface DemoPrices {
  readonly spot: number;
  readonly atmVol30: number;
  /** The close of the last session: the centre of the strike grid, as it is for the next session. */
  readonly referenceClose: number;
  /** How much of the stretch has passed, 0–1. */
  readonly fraction: number;
}

/**
 * Prices while the exchange is closed, for the demo session: a Brownian bridge at half-hour knots from
 * the last session's close to the next session's open (so the next open continues from where the demo
 * ends), moving as much per half hour as the regular session does, seeded by (seed, symbol, last day)
 * alone. The 30-day ATM IV holds at the last close's level, which is also the next open's. Undefined
 * when either session lies outside the simulated history.
 */
export function demoPrices(spec: SimSymbol, series: DailySeries, seed: number, now: number, stretch: ClosedStretch): DemoPrices | undefined {
  const last = simSession(spec, series, seed, stretch.lastDay);
  const next = simSession(spec, series, seed, stretch.nextDay);
  if (!last || !next) return undefined;
  const [fromPrice, toPrice] = [last.knots[SESSION_STEPS] ?? last.close, next.knots[0] ?? next.open];
  const steps = Math.max(1, Math.ceil((stretch.to - stretch.from) / STEP_MS));
  const random = new SeededRandom(mixSeed(seed, hashString(spec.symbol), stretch.lastDay, 3));
  const sigma = last.ivAfter * SQRT_DT * SESSION_VOLATILITY_SHARE;
  const walk = [0];
  for (let k = 1; k <= steps; k++) walk.push((walk[k - 1] ?? 0) + random.normal() / Math.sqrt(SESSION_STEPS));
  const end = walk[steps] ?? 0;
  const logFrom = Math.log(fromPrice);
  const logTo = Math.log(toPrice);
  const knot = (k: number): number => {
    const t = k / steps;
    return Math.exp(logFrom + t * (logTo - logFrom) + sigma * ((walk[k] ?? 0) - t * end));
  };
  const fraction = Math.min(1, Math.max(0, (now - stretch.from) / (stretch.to - stretch.from)));
  const position = fraction * steps;
  const k = Math.min(steps - 1, Math.floor(position));
  const spot = knot(k) + (position - k) * (knot(k + 1) - knot(k));
  return { spot, atmVol30: last.ivAfter, referenceClose: last.close, fraction };
}
