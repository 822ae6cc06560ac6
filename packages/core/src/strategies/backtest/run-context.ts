import { parseDay } from '../../calendar/days.js';
import { ivPercentile, ivRank } from '../iv-rank.js';
import { gatePasses } from '../iv-rank-gate.js';
import { realisedVolatility } from '../realised-volatility.js';
import type { BacktestSettings, MarketHistory } from '../types.js';
import { weeklyExpiries, type ExpiryChoice } from './expiries.js';

/** A scheduled entry and what is known at its close, whatever the rule set. */
export interface ScheduledEntry {
  readonly index: number;
  /** Whether the run's IV-rank gate lets this entry through. */
  readonly gateOpen: boolean;
  readonly ivRank: number | null;
  /** The volatility the expected value is taken under: trailing realised volatility, else the ATM IV. */
  readonly forecastVolatility: number;
  /** The weekly expiries within dte_min..dte_max. */
  readonly expiries: readonly ExpiryChoice[];
}

/** What every rule set of a run shares: the history's dates and the scheduled entries. */
export interface RunContext {
  readonly history: MarketHistory;
  readonly settings: BacktestSettings;
  /** Each session's date in days since 1970-01-01. */
  readonly days: readonly number[];
  /** The session index of a date (days since 1970-01-01). */
  readonly indexOfDay: ReadonlyMap<number, number>;
  readonly entries: readonly ScheduledEntry[];
}

/** The scheduled entry indices: firstEntryIndex, then every entryIntervalSessions (at least 1) sessions. */
export function entrySchedule(settings: BacktestSettings, sessions: number): number[] {
  const interval = Math.max(1, Math.floor(settings.entryIntervalSessions));
  const schedule: number[] = [];
  for (let index = Math.max(0, Math.ceil(settings.firstEntryIndex)); index < sessions; index += interval) schedule.push(index);
  return schedule;
}

/** Parses the dates and prepares every scheduled entry once per run. */
export function runContext(history: MarketHistory, settings: BacktestSettings): RunContext {
  const { sessions } = history;
  const days = sessions.map((session) => parseDay(session.date) ?? Number.NaN);
  const indexOfDay = new Map(days.map((day, index) => [day, index]));
  const entries = entrySchedule(settings, sessions.length).map((index): ScheduledEntry => {
    const session = sessions[index];
    const rank = ivRank(sessions, index);
    return {
      index,
      gateOpen: gatePasses(settings.ivRankGate, rank, () => ivPercentile(sessions, index)),
      ivRank: rank,
      forecastVolatility: realisedVolatility(sessions, index) ?? session?.atmVol ?? 0,
      expiries: weeklyExpiries(days[index] ?? Number.NaN, settings.dteMin, settings.dteMax),
    };
  });
  return { history, settings, days, indexOfDay, entries };
}
