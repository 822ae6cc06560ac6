import { okAsync, type ResultAsync } from 'neverthrow';
import { formatDay } from '../calendar/days.js';
import { easternDay } from '../calendar/exchange-calendar.js';
import type { CorporateEvents } from '../ports/market-data.js';
import type { Services } from '../services.js';

/** The underlying's events from today to the expiry, or null when the market could not say. */
export function eventsUntil(services: Services, ticker: string, expiry: string): ResultAsync<CorporateEvents | null, never> {
  return services.market.events(ticker, formatDay(easternDay(services.clock.now())), expiry).orElse(() => okAsync(null));
}
