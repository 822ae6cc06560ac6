import { easternDay, isRegularSession, isTradingDay, sessionClose, sessionOpen, tradingDayOnOrBefore } from '@condor/core';
import { closedStretch, demoPrices } from './demo-session.js';
import type { DailySeries } from './series.js';
import { SESSION_STEPS, simSession } from './session.js';
import type { SimSymbol } from './universe.js';

/**
 * Which hours the simulated market keeps: `exchange` trades the exchange's regular sessions only (quotes
 * hold at the last close in between); `demo` also runs a demo session whenever the exchange is closed.
 */
export type SimSessionMode = 'demo' | 'exchange';

/** What the simulated market shows for a symbol at one instant. */
export interface MarketState {
  /** The instant the prices belong to: now during a session (regular or demo), else the last close. */
  readonly asOf: number;
  readonly spot: number;
  /** 30-day ATM implied volatility. */
  readonly atmVol30: number;
  /** The session in progress (a demo session counts as the next one's eve), or the last one completed: seeds its open interest. */
  readonly sessionDay: number;
  /** The close before that session: the centre of its strike grid. */
  readonly referenceClose: number;
  /** How much of the session has passed, 0–1. */
  readonly sessionFraction: number;
}

/** The market state at `now`, or undefined before the simulated history begins. */
export function marketState(spec: SimSymbol, series: DailySeries, seed: number, now: number, mode: SimSessionMode = 'exchange'): MarketState | undefined {
  if (mode === 'demo' && !isRegularSession(now)) return demoState(spec, series, seed, now);
  const today = easternDay(now);
  const inSessionDay = isTradingDay(today) && now >= sessionOpen(today);
  const sessionDay = inSessionDay ? today : tradingDayOnOrBefore(today - 1);
  const session = simSession(spec, series, seed, sessionDay);
  if (!session) return undefined;
  const open = sessionOpen(sessionDay);
  const close = sessionClose(sessionDay);
  const fraction = Math.min(1, Math.max(0, (now - open) / (close - open)));
  const position = fraction * SESSION_STEPS;
  const k = Math.min(SESSION_STEPS - 1, Math.floor(position));
  const from = session.knots[k] ?? session.close;
  const to = session.knots[k + 1] ?? session.close;
  return {
    asOf: Math.min(now, close),
    spot: from + (position - k) * (to - from),
    atmVol30: session.ivBefore * Math.pow(session.ivAfter / session.ivBefore, fraction),
    sessionDay,
    referenceClose: session.previousClose,
    sessionFraction: fraction,
  };
}

function demoState(spec: SimSymbol, series: DailySeries, seed: number, now: number): MarketState | undefined {
  const stretch = closedStretch(now);
  const prices = demoPrices(spec, series, seed, now, stretch);
  if (!prices) return undefined;
  return {
    asOf: now,
    spot: prices.spot,
    atmVol30: prices.atmVol30,
    sessionDay: stretch.nextDay,
    referenceClose: prices.referenceClose,
    sessionFraction: prices.fraction,
  };
}
