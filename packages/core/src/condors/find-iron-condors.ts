import type * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isoTime } from '../words/time.js';
import { appError, type AppError } from '../errors/app-error.js';
import { commissionOf } from '../costs/commission.js';
import { daysToExpiry, expiryClose } from '../calendar/exchange-calendar.js';
import { eventsUntil } from '../events/events-until.js';
import { quotePrice } from '../market/quote-price.js';
import { marketSessionView } from '../market/session-view.js';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { yearsBetween } from '../options/index.js';
import type { MarketData } from '../ports/market-data.js';
import type { Services } from '../services.js';
import { candidateView } from './candidate.js';
import { candidateFacts } from './candidate-facts.js';
import { tickerConflict, withSavedRules } from './saved-rules.js';
import { marketError } from './market-errors.js';
import { FindIronCondorsInput, FindIronCondorsOutput } from './schemas.js';
import { searchIronCondors } from './search.js';
import type { ExpiryChain } from './types.js';

type Input = v.InferOutput<typeof FindIronCondorsInput>;

export const findIronCondors = defineOperation({
  name: 'find_iron_condors',
  title: 'Find iron condors',
  description:
    'Searches the option chains of a ticker for iron condors within a DTE range and a short-delta band, with the ' +
    'given wing widths, minimum credit and liquidity limits, and returns the top_k ranked by sort_by. Every candidate ' +
    "meets propose_entry's market rules (leg spreads, open interest, quote age, credit/width) with the default settings, " +
    'and carries what propose_entry needs. market says which session the quotes belong to (live, or the last close while ' +
    'the market is closed, when propose_entry refuses). Read-only: nothing is traded.',
  input: FindIronCondorsInput,
  output: FindIronCondorsOutput,
  access: 'user',
  needsBroker: false,
  quota: true,
  tier: {
    freeParameters: [
      'ticker',
      'saved_strategy_id',
      'dte_min',
      'dte_max',
      'short_delta_min',
      'short_delta_max',
      'wing_widths',
      'min_credit',
      'min_credit_to_width',
      'max_leg_spread',
      'min_open_interest',
      'top_k',
      'sort_by',
    ],
    freeValues: { top_k: { kind: 'max', max: 10 } },
  },
  rest: { method: 'POST', path: '/iron-condors/search' },
  annotations: { ...READ_ONLY, idempotentHint: false, openWorldHint: true },
  errors: [
    'MISSING_TICKER',
    'INVALID_TICKER',
    'SAVED_STRATEGY_NOT_FOUND',
    'OUT_OF_RANGE',
    'INVALID_VALUE',
    'INVALID_UUID',
    'VALIDATION_ERROR',
    'TIER_BLOCKED',
    'QUOTA_EXCEEDED',
    'BROKER_RATE_LIMITED',
    'BROKER_NOT_CONNECTED',
    'SERVICE_UNAVAILABLE',
  ],
  handler: (input, { services, caller }) => {
    if (input.saved_strategy_id === undefined) return search(input.ticker ?? '', input, services);
    return ResultAsync.fromSafePromise(services.savedStrategies.get(caller.userId, input.saved_strategy_id)).andThen((saved) => {
      if (saved === undefined) {
        return errAsync(appError('SAVED_STRATEGY_NOT_FOUND', { received: { saved_strategy_id: input.saved_strategy_id } }));
      }
      if (input.ticker !== undefined && input.ticker !== saved.ticker) return errAsync(tickerConflict(input.ticker, saved.ticker));
      return search(saved.ticker, withSavedRules(input, saved.rules), services);
    });
  },
});

function search(ticker: string, input: Input, services: Services) {
  const { market } = services;
  const now = services.clock.now();
  const fail = (e: Parameters<typeof marketError>[0]): AppError => marketError(e, ticker);
  return market
    .isTradeable(ticker)
    .mapErr(fail)
    .andThen((tradeable) => (tradeable ? okAsync(undefined) : errAsync(marketError({ kind: 'unknown_symbol' }, ticker))))
    .andThen(() =>
      ResultAsync.combine([market.session(), market.quote(ticker), market.riskFreeRate(), market.dividendYield(ticker), market.expirations(ticker)]).mapErr(fail),
    )
    .andThen(([session, quote, rate, dividendYield, expirations]) => {
      const wanted = expirations.map((expiry) => expiryTiming(expiry, now)).filter(
        (t): t is ExpiryTiming => t !== null && t.dte >= input.dte_min && t.dte <= input.dte_max && t.years > 0,
      );
      const lastExpiry = wanted.at(-1)?.expiry;
      const events = lastExpiry === undefined ? okAsync(null) : eventsUntil(services, ticker, lastExpiry);
      return ResultAsync.combine([chains(market, ticker, wanted).mapErr(fail), events])
        .map(([expiryChains, calendar]) => {
          const spot = quotePrice(quote);
          const searchMarket = { spot, rate, dividendYield };
          const condors = searchIronCondors(searchMarket, expiryChains, {
            shortDeltaMin: input.short_delta_min,
            shortDeltaMax: input.short_delta_max,
            widths: input.wing_widths,
            minCredit: input.min_credit,
            minCreditToWidth: input.min_credit_to_width,
            maxLegSpread: input.max_leg_spread,
            minOpenInterest: input.min_open_interest,
            sortBy: input.sort_by,
            topK: input.top_k,
            ...(session.kind === 'closed' ? {} : { liveAt: now }),
            ...(input.forecast_volatility === undefined ? {} : { forecastVolatility: input.forecast_volatility }),
          });
          return {
            ticker,
            spot,
            quote_time: isoTime(quote.time),
            market: marketSessionView(session, now),
            market_notice: services.marketNotice,
            expiries_searched: expiryChains.length,
            candidates: condors.map((condor) =>
              candidateView(
                ticker,
                condor,
                session.kind,
                candidateFacts(condor, { market: searchMarket, commissionPerContract: commissionOf(services), now, session: session.kind, events: calendar }),
              ),
            ),
          };
        });
    });
}

type ExpiryTiming = Omit<ExpiryChain, 'contracts'>;

/** Calendar days to the expiry date and years to its 16:00 New York close; null for a malformed date. */
function expiryTiming(expiry: string, now: number): ExpiryTiming | null {
  const dte = daysToExpiry(expiry, now);
  const close = expiryClose(expiry);
  return dte === undefined || close === undefined ? null : { expiry, dte, years: yearsBetween(now, close) };
}

function chains(market: MarketData, ticker: string, expiries: readonly ExpiryTiming[]) {
  return ResultAsync.combine(
    expiries.map((timing) => market.optionChain(ticker, timing.expiry).map((contracts): ExpiryChain => ({ ...timing, contracts }))),
  );
}
