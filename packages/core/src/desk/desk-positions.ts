import { ResultAsync } from 'neverthrow';
import { payoffCurve } from '../approval/payoff-curve.js';
import type { AppError } from '../errors/app-error.js';
import { quotePrice } from '../market/quote-price.js';
import type { HandlerContext } from '../operations/operation.js';
import { getPositions } from '../positions/get-positions.js';
import type { PositionViewOutput } from '../positions/position-view.js';
import type { Services } from '../services.js';
import type { DeskPosition } from './desk-types.js';

/**
 * The person's live positions exactly as get_positions answers them (brought up to date with the broker first), each
 * with its payoff at expiry: its legs held for the entry credit, `qty` condors, with the underlying's price now when
 * the market gives one.
 */
export function deskPositions(ctx: HandlerContext<'trading'>): ResultAsync<DeskPosition[], AppError> {
  return getPositions.handler({ include_closed: false }, ctx).andThen((answer) =>
    ResultAsync.fromSafePromise(spots(ctx.services, answer.positions)).map((spot) => answer.positions.map((view) => withPayoff(view, spot.get(view.ticker) ?? null))),
  );
}

function withPayoff(view: PositionViewOutput, spot: number | null): DeskPosition {
  const legs = view.legs.map((leg) => ({ type: leg.type, strike: leg.strike, side: leg.side }));
  return { view, payoff: payoffCurve(legs, view.entry_credit, view.qty, spot === null ? null : Math.round(spot * 100) / 100) };
}

/** The underlying's price of each ticker held; a ticker the market cannot price now is left out. */
async function spots(services: Services, views: readonly PositionViewOutput[]): Promise<Map<string, number>> {
  const tickers = [...new Set(views.map((view) => view.ticker))];
  const prices = await Promise.all(tickers.map((ticker) => services.market.quote(ticker).match(quotePrice, () => null)));
  return new Map(tickers.flatMap((ticker, i) => (prices[i] == null ? [] : [[ticker, prices[i]] as const])));
}
