import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { userBroker } from '../brokers/user-broker.js';
import { marketError } from '../condors/market-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { BrokerPosition, OrderLeg } from '../ports/broker.js';
import type { Json } from '../ports/json.js';
import type { OptionContract } from '../ports/market-data.js';
import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import type { Services } from '../services.js';
import type { GateFinding } from '../condors/entry-rules.js';
import { gateRejected } from './gate-rejection.js';

export { mid } from '../condors/entry-rules.js';

// Limits are net prices rounded up to the cent in the broker's sign (a larger debit or a smaller credit), so a
// limit at the mid is never worse for the market than the mid itself: centsUp(0.834) = 0.84, centsUp(-0.834) = -0.83.
export { centsUp } from '../costs/order-costs.js';

/** The order leg that closes a held leg: a short is bought back, a long sold. */
export const closingLeg = (leg: Pick<PositionLeg, 'symbol' | 'side'>): OrderLeg =>
  leg.side === 'short' ? { symbol: leg.symbol, side: 'buy', intent: 'buy_to_close' } : { symbol: leg.symbol, side: 'sell', intent: 'sell_to_close' };

/** The order leg that opens a contract long (bought) or short (sold). */
export const openingLeg = (contract: Pick<OptionContract, 'symbol'>, side: PositionLeg['side']): OrderLeg =>
  side === 'short' ? { symbol: contract.symbol, side: 'sell', intent: 'sell_to_open' } : { symbol: contract.symbol, side: 'buy', intent: 'buy_to_open' };

/** A contract as a leg of a managed position. */
export const positionLeg = (contract: OptionContract, side: PositionLeg['side']): PositionLeg => ({
  symbol: contract.symbol,
  type: contract.type,
  strike: contract.strike,
  expiry: contract.expiry,
  side,
});

/** Legs as JSON for a proposal's details. */
export const legsJson = (legs: readonly PositionLeg[]): Json[] => legs.map((leg) => ({ ...leg }));
export const orderLegsJson = (legs: readonly OrderLeg[]): Json[] => legs.map((leg) => ({ ...leg }));

/** The legs in words, one group per type and expiry: "put 540/545 2026-01-30, call 600/605 2026-01-30". */
export function describeLegs(legs: readonly Pick<PositionLeg, 'type' | 'strike' | 'expiry'>[]): string {
  const groups = new Map<string, number[]>();
  const ordered = [...legs].sort((a, b) => (a.type === b.type ? a.strike - b.strike : a.type === 'put' ? -1 : 1));
  for (const leg of ordered) {
    const key = `${leg.type} ${leg.expiry}`;
    groups.set(key, [...(groups.get(key) ?? []), leg.strike]);
  }
  return [...groups].map(([key, strikes]) => {
    const [type = '', expiry = ''] = key.split(' ');
    return `${type} ${strikes.join('/')} ${expiry}`;
  }).join(', ');
}

/** The most a set of verticals can lose per share before credits: the widest wing at one expiry, all wings added up across expiries. */
export function widthAtRisk(legs: readonly PositionLeg[]): number {
  const width = (type: PositionLeg['type']): number => {
    const strikes = legs.filter((leg) => leg.type === type).map((leg) => leg.strike);
    return strikes.length < 2 ? 0 : Math.max(...strikes) - Math.min(...strikes);
  };
  const [put, call] = [width('put'), width('call')];
  return new Set(legs.map((leg) => leg.expiry)).size <= 1 ? Math.max(put, call) : put + call;
}

const NOT_OPEN: Record<Exclude<ManagedPosition['status'], 'open'>, string> = {
  opening: 'an order opening its legs (its entry or a roll) has not filled yet; wait for the fill or cancel that order',
  closing: 'an order closing it has not filled yet; wait for the fill or cancel that order',
  closed: 'it is already closed',
};

/**
 * The caller's managed position, if exits and rolls may act on it now: another user's or an unknown one is
 * POSITION_NOT_FOUND; one that is not 'open' (an order on it still working, or closed) is ENTRY_REJECTED.
 */
export function actionablePosition(services: Services, ownerId: string, positionId: string, action: string): ResultAsync<ManagedPosition, AppError> {
  return ResultAsync.fromSafePromise(services.positions.get(ownerId, positionId)).andThen((position) => {
    if (position === undefined) return errAsync(appError('POSITION_NOT_FOUND', { received: { position_id: positionId } }));
    if (position.status === 'open') return okAsync(position);
    return errAsync(
      appError('ENTRY_REJECTED', {
        message: `Position ${positionId} cannot be ${action} now: ${NOT_OPEN[position.status]}.`,
        suggestion: "Check the position with get_positions and its orders with positions(action='orders').",
        seeTool: 'get_positions',
        expected: "a position with status 'open'",
        received: { position_id: positionId, status: position.status },
      }),
    );
  });
}

/** The contracts of these legs as the market quotes them now, in the legs' order; legs no longer listed reject. */
export function quoteLegs(services: Services, ticker: string, legs: readonly PositionLeg[]): ResultAsync<OptionContract[], AppError> {
  const expiries = [...new Set(legs.map((leg) => leg.expiry))];
  return ResultAsync.combine(expiries.map((expiry) => services.market.optionChain(ticker, expiry)))
    .mapErr((e) => marketError(e, ticker))
    .andThen((chains) => {
      const contracts = chains.flat();
      const found = legs.map((leg) => contracts.find((c) => c.symbol === leg.symbol));
      const missing = legs.filter((_, i) => found[i] === undefined);
      if (missing.length > 0) {
        return errAsync(
          gateRejected(
            'Some legs are not quoted',
            missing.map((leg) => ({
              reason: 'listed',
              sentence: `${leg.symbol} is not listed on ${ticker} ${leg.expiry} any more.`,
              limit: `listed on ${ticker} ${leg.expiry}`,
              found: leg.symbol,
              leg: leg.symbol,
            })),
          ),
        );
      }
      return okAsync(found as OptionContract[]);
    });
}

/** The caller's holdings at the broker. */
export function brokerHoldings(services: Services, userId: string): ResultAsync<readonly BrokerPosition[], AppError> {
  return userBroker(userId, services).andThen(({ broker }) =>
    broker.positions().mapErr((e) => brokerError(e, (message) => appError('ENTRY_REJECTED', { message }))),
  );
}

/** The position's legs are not all at the broker as recorded. */
export const notHeld = (findings: readonly GateFinding[]): AppError => ({
  ...gateRejected('The broker account no longer holds this position as recorded', findings),
  suggestion: "Compare get_positions with the broker's own positions; a leg closed or assigned outside the service cannot be managed here.",
  seeTool: 'get_positions',
});
