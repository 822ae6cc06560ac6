import { finishAbove } from '../options/lognormal.js';
import { smileVolatility } from './smile.js';
import type { PopFunction } from './types.js';

/**
 * The free tier's probability of profit: the risk-neutral lognormal P(BE_low < S_T < BE_high) at
 * expiry, with BE_low = short put − credit and BE_high = short call + credit, each side's
 * probability taken at the smile's volatility at that breakeven (options-math §2.3, "IV at each
 * breakeven"). Spot and ATM level are the entry session's close and ATM IV; years = dte / 365.
 *
 * @example
 * lognormalPop({ history, index, dte: 45, strikes: { longPut: 90, shortPut: 95, shortCall: 105, longCall: 110 }, credit: 1.473729, rules })
 * // 0.644065 with a flat smile at 20 % and the close at 100 (options-math §3.4 vector A)
 */
export const lognormalPop: PopFunction = ({ history, index, dte, strikes, credit }) => {
  const session = history.sessions[index];
  if (session === undefined) return 0;
  const { close: spot, atmVol } = session;
  const { rate, dividendYield, smile } = history;
  const years = dte / 365;
  const forward = spot * Math.exp((rate - dividendYield) * years);
  const above = (level: number): number =>
    level <= 0 ? 1 : finishAbove(spot, level, years, rate, dividendYield, smileVolatility(smile, atmVol, years, level, forward));
  const pop = above(strikes.shortPut - credit) - above(strikes.shortCall + credit);
  return Number.isFinite(pop) ? Math.min(1, Math.max(0, pop)) : 0;
};
