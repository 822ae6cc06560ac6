import type { BrokerError, MarketData } from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { Holding, PaperAccount } from './paper-account.js';
import { intrinsicValue, markedPositions } from './paper-marks.js';

/** How a leg left the account outside condor: `closed` by the broker at its mark, or `assigned` (exercised, for a long leg). */
export type OutsideLegChange = 'closed' | 'assigned';

/**
 * Takes one held contract out of the account the way the broker would without an order from condor: `closed` at
 * its current mark, as Alpaca's expiry-day risk desk closed only the short leg of a spread (alpaca-py #774);
 * `assigned` at its intrinsic value, because the paper account holds no shares: the shares an assignment or
 * exercise delivers are settled at once at the underlying's last price. `rejected` when the contract is not held.
 */
export function removeLegOutside(account: PaperAccount, market: MarketData, symbol: string, how: OutsideLegChange): ResultAsync<Holding, BrokerError> {
  const held = account.holding(symbol);
  if (!held) return errAsync({ kind: 'rejected', message: `${symbol} is not held` });
  const price: ResultAsync<number, BrokerError> =
    how === 'closed'
      ? markedPositions(market, [[symbol, held]]).map(([position]) => position?.currentPrice ?? held.avgEntryPrice)
      : ResultAsync.fromSafePromise(intrinsicValue(market, symbol)).andThen((value) =>
          value === undefined ? errAsync<number, BrokerError>({ kind: 'unavailable', message: `no quote of ${symbol}'s underlying to settle the assignment` }) : okAsync(value),
        );
  return price.map((settlement) => account.removeOutside(symbol, settlement) ?? held);
}
