import { easternDay, easternTime, isTradingDay, sessionOpen } from '@condor/core';

/** What the fake's daily history of one underlying looks like. */
export interface FakeCandleSpec {
  /** The latest close, dollars. */
  readonly price: number;
  /** The typical implied volatility (annualised); null for a symbol whose candles carry none. */
  readonly iv: number | null;
}

/** One daily candle as the fake streams it. */
export interface FakeCandle {
  /** Midnight New York of the session's date, epoch ms. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  /** NaN where the symbol has none. */
  readonly impVolatility: number;
}

const TRADING_DAYS_A_YEAR = 252;

/**
 * `years` of daily candles of a symbol up to today (New York), ascending, one per trading day; today's bar from the
 * opening bell on, still moving until the close. The same symbol and clock always give the same history: a walk
 * seeded by the symbol, scaled so the latest close is `spec.price`, with an IV that wanders around `spec.iv`.
 */
export function generateDailyCandles(symbol: string, spec: FakeCandleSpec, options: { readonly now: number; readonly years: number }): FakeCandle[] {
  const random = seededRandom(symbol);
  const today = easternDay(options.now);
  const first = today - Math.round(options.years * 365.25);
  const days: number[] = [];
  for (let day = first; day <= today; day++) if (isTradingDay(day) && (day < today || options.now >= sessionOpen(day))) days.push(day);
  const dailySigma = (spec.iv ?? 0.2) / Math.sqrt(TRADING_DAYS_A_YEAR);
  const raw: { day: number; open: number; high: number; low: number; close: number }[] = [];
  let last = 1;
  for (const day of days) {
    const open = last * Math.exp(dailySigma * 0.3 * gaussian(random));
    const close = open * Math.exp(dailySigma * gaussian(random) + 0.0002);
    const high = Math.max(open, close) * (1 + dailySigma * 0.5 * random());
    const low = Math.min(open, close) * (1 - dailySigma * 0.5 * random());
    raw.push({ day, open, high, low, close });
    last = close;
  }
  const scale = spec.price / last;
  return raw.map(({ day, open, high, low, close }, i) => ({
    time: easternTime(day, 0),
    open: cents(open * scale),
    high: cents(high * scale),
    low: cents(low * scale),
    close: cents(close * scale),
    volume: Math.round(40_000_000 + 30_000_000 * random()),
    impVolatility: spec.iv === null ? Number.NaN : Math.round(spec.iv * (1 + 0.25 * Math.sin((2 * Math.PI * i) / 180) + 0.05 * (random() - 0.5)) * 10_000) / 10_000,
  }));
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** mulberry32, seeded by the symbol's characters. */
function seededRandom(seed: string): () => number {
  let state = 2_166_136_261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16_777_619) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
