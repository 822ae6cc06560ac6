import type { MarketSession } from '../ports/market-data.js';
import { easternDay, isRegularSession, lastSessionClose, nextSessionOpen, sessionClose } from '../calendar/exchange-calendar.js';

/**
 * The exchange's own session at an instant: `regular` while its regular session trades (holidays and
 * 13:00 early closes included), else `closed`. Markets that keep exchange hours report this.
 * @example exchangeSession(Date.UTC(2026, 10, 22, 19), false).kind // 'closed' (a Sunday)
 */
export function exchangeSession(ms: number, simulated: boolean): MarketSession {
  const open = isRegularSession(ms);
  return {
    kind: open ? 'regular' : 'closed',
    simulated,
    closesAt: open ? sessionClose(easternDay(ms)) : null,
    nextOpen: nextSessionOpen(ms),
    lastClose: lastSessionClose(ms),
  };
}
