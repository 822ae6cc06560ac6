import { okAsync, ResultAsync } from 'neverthrow';
import { brokerError } from '../brokers/broker-errors.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { Broker, BrokerError, BrokerOrder, BrokerPosition } from '../ports/broker.js';
import type { OptionContract } from '../ports/market-data.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { Services } from '../services.js';
import { markPosition, type PositionMarks } from './marks.js';
import { settleWorking } from './settle-working.js';

/** A managed position brought up to date with the broker, and valued unless it is closed. */
export interface MarkedPosition {
  readonly position: ManagedPosition;
  readonly marks: PositionMarks | null;
  /** The chain of its expiry when it was fetched (null when not needed or unavailable). */
  readonly chain: readonly OptionContract[] | null;
  /** The broker account's option holdings as read for the marks; null for a closed position (not read for it). */
  readonly held: readonly BrokerPosition[] | null;
}

/** `as_needed` fetches a chain only for legs the broker has no price for; `always` for every live position (deltas). */
export type ChainNeed = 'as_needed' | 'always';

/** A failed read at the broker as the caller sees it (a read is never "rejected" for a reason of its own). */
export const brokerReadError = (error: BrokerError): AppError =>
  brokerError(error, (message) => appError('SERVICE_UNAVAILABLE', { message: `The broker refused the request: ${message}` }));

const chainKey = (position: ManagedPosition): string => `${position.ticker}|${position.expiry}`;

/**
 * Settles 'opening' and 'closing' positions from their orders (`orders` when the caller has already read
 * them), then values every live one: the broker's current price per leg, the market chain's mid where the
 * broker has none. Market-data failures leave the marks null instead of failing the read; broker failures fail it.
 */
export function markPositions(
  positions: readonly ManagedPosition[],
  broker: Broker,
  services: Services,
  need: ChainNeed,
  orders?: readonly BrokerOrder[],
): ResultAsync<MarkedPosition[], AppError> {
  const working = positions.some((p) => p.status === 'opening' || p.status === 'closing');
  const listed: ResultAsync<readonly BrokerOrder[], BrokerError> = orders !== undefined ? okAsync(orders) : working ? broker.orders('all') : okAsync([]);
  return listed
    .mapErr(brokerReadError)
    .andThen((list) => ResultAsync.fromSafePromise(settleWorking(positions, list, services)))
    .andThen((settled) => {
      const live = settled.filter((p) => p.status !== 'closed');
      if (live.length === 0) return okAsync(settled.map((position) => ({ position, marks: null, chain: null, held: null })));
      return broker
        .positions()
        .mapErr(brokerReadError)
        .andThen((held) => {
          const bySymbol = new Map<string, BrokerPosition>(held.map((p) => [p.symbol, p]));
          const wanted = live.filter((p) => need === 'always' || p.legs.some((leg) => (bySymbol.get(leg.symbol)?.qty ?? 0) === 0));
          return ResultAsync.fromSafePromise(loadChains(wanted, services)).map((chains) =>
            settled.map((position): MarkedPosition => {
              if (position.status === 'closed') return { position, marks: null, chain: null, held: null };
              const chain = chains.get(chainKey(position)) ?? null;
              return { position, marks: markPosition(position, bySymbol, chain), chain, held };
            }),
          );
        });
    });
}

async function loadChains(positions: readonly ManagedPosition[], services: Services): Promise<Map<string, readonly OptionContract[] | null>> {
  const keys = [...new Map(positions.map((p) => [chainKey(p), p])).values()];
  const chains = await Promise.all(keys.map((p) => services.market.optionChain(p.ticker, p.expiry).unwrapOr(null)));
  return new Map(keys.map((p, i) => [chainKey(p), chains[i] ?? null]));
}
