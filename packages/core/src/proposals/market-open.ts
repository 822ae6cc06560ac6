import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { marketError } from '../condors/market-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import { durationWords, newYorkTime } from '../words/time.js';
import type { MarketSession } from '../ports/market-data.js';
import type { Services } from '../services.js';

/**
 * ENTRY_REJECTED for a proposal while the market is closed: the reason `market_closed`, the time, when the
 * market opens next (ISO-8601 and in words) and what to do until then.
 */
export function marketClosed(session: MarketSession, now: number, what: string): AppError {
  const wait = durationWords(session.nextOpen - now);
  const hours = session.simulated ? "The simulated market keeps the exchange's hours on this deployment. " : '';
  const demoHint = session.simulated ? ' (A deployment of the simulated market can run a demo session while the exchange is closed: CONDOR_SIM_SESSION=demo.)' : '';
  return appError('ENTRY_REJECTED', {
    message:
      `${what}: the market is closed. It is ${newYorkTime(now)}; the last session closed ${newYorkTime(session.lastClose)}. ${hours}` +
      `The market opens next on ${newYorkTime(session.nextOpen)} (${isoTime(session.nextOpen)}), in ${wait}.`,
    suggestion:
      `Propose again once the market is open, from ${isoTime(session.nextOpen)}. Until then find_iron_condors answers with the last ` +
      `close's quotes (market.quotes is "last_close"), for research only.${demoHint}`,
    expected: 'market_closed: an open market (the regular session, 09:30 to 16:00 New York time on trading days, 13:00 on early closes)',
    received: {
      market_closed: {
        time: isoTime(now),
        last_close: isoTime(session.lastClose),
        next_open: isoTime(session.nextOpen),
        next_open_in_words: `${newYorkTime(session.nextOpen)}, in ${wait}`,
      },
    },
  });
}

/** The session under way, or `marketClosed`: orders are proposed only while the market trades (a regular or demo session). */
export function openSession(services: Services, ticker: string, what: string): ResultAsync<MarketSession, AppError> {
  const now = services.clock.now();
  return services.market
    .session()
    .mapErr((e) => marketError(e, ticker))
    .andThen((session) => (session.kind === 'closed' ? errAsync(marketClosed(session, now, what)) : okAsync(session)));
}
