import * as v from 'valibot';
import { okAsync, type ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import type { MarketSession } from '../ports/market-data.js';
import type { Services } from '../services.js';
import { durationWords, newYorkTime } from '../words/time.js';

export const MarketSessionView = v.pipe(
  v.object({
    session: v.pipe(
      v.picklist(['regular', 'demo', 'closed']),
      v.description(
        "regular: the exchange's regular session; demo: the exchange is closed and the simulated market runs a labelled demo session; closed: no session, quotes are the last close's.",
      ),
    ),
    simulated: v.pipe(v.boolean(), v.description('True when prices are synthetic (the simulated market).')),
    source: v.pipe(
      v.nullable(v.string()),
      v.description(
        "Where the prices come from: 'simulated', your own link's market ('tastytrade:live', 'alpaca:paper'), or the deployment's ('deployment:alpaca'). A proposal is confirmed only on the market it was priced on. Null only where no caller's market was chosen.",
      ),
    ),
    source_words: v.pipe(v.nullable(v.string()), v.description('The source in words.')),
    quotes: v.pipe(v.picklist(['live', 'last_close']), v.description('live: quoted now, in the session under way; last_close: quotes from the last close.')),
    time: v.pipe(v.string(), v.description("The market's time now, ISO-8601 (the simulated clock's when simulated).")),
    quotes_as_of: v.pipe(v.string(), v.description('When the quotes were taken, ISO-8601.')),
    closes_at: v.pipe(v.nullable(v.string()), v.description('When the session under way ends (a demo session: when the exchange opens); null when closed.')),
    next_open: v.pipe(v.string(), v.description("When the exchange's next regular session opens, ISO-8601.")),
    summary: v.pipe(v.string(), v.description('The above in words, New York time.')),
  }),
  v.description('Which session the prices belong to and what time it is in the market.'),
);

export type MarketSessionOutput = v.InferOutput<typeof MarketSessionView>;

/** The session as callers see it, at `now` (the market's clock). */
export function marketSessionView(session: MarketSession, now: number): MarketSessionOutput {
  const live = session.kind !== 'closed';
  const source = session.source ?? null;
  return {
    session: session.kind,
    simulated: session.simulated,
    source: source?.id ?? null,
    source_words: source?.words ?? null,
    quotes: live ? 'live' : 'last_close',
    time: isoTime(now),
    quotes_as_of: isoTime(live ? now : session.lastClose),
    closes_at: session.closesAt === null ? null : isoTime(session.closesAt),
    next_open: isoTime(session.nextOpen),
    summary: sessionSummary(session, now),
  };
}

/** The market's session now as callers see it, or null when the market cannot say (answers that show marks still answer). */
export function currentSessionView(services: Services): ResultAsync<MarketSessionOutput | null, never> {
  return services.market
    .session()
    .map((session): MarketSessionOutput | null => marketSessionView(session, services.clock.now()))
    .orElse(() => okAsync(null));
}

/** The session in words: what kind, the time in New York, and when it closes or the market next opens. */
export function sessionSummary(session: MarketSession, now: number): string {
  const prices = session.simulated ? 'Simulated market' : 'Market';
  const opens = `${newYorkTime(session.nextOpen)}, in ${durationWords(session.nextOpen - now)}`;
  switch (session.kind) {
    case 'regular':
      return `${prices}, regular session: it is ${newYorkTime(now)}; the session closes ${newYorkTime(session.closesAt ?? now)}.`;
    case 'demo':
      return (
        `Simulated market, demo session: the exchange is closed (it is ${newYorkTime(now)}), so the simulator runs a labelled demo ` +
        `session until the exchange opens on ${opens}. Its prices move, are fresh and fill like a regular session's, and are as ` +
        'synthetic as the rest: none of them is a real quote.'
      );
    case 'closed':
      return (
        `${prices}, closed: it is ${newYorkTime(now)}, and quotes are those of the last close (${newYorkTime(session.lastClose)}). ` +
        `The market opens next on ${opens}; orders can be proposed from then.`
      );
  }
}
