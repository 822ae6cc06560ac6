import type { BrokerError, BrokerPosition, MarketData, OptionContract } from '@condor/core';
import { ResultAsync } from 'neverthrow';
import { parseOccSymbol } from './occ.js';
import type { Holding } from './paper-account.js';
import { listedContracts } from './paper-legs.js';

const mid = (contract: OptionContract): number => (contract.bid + contract.ask) / 2;
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** A contract's value per share at expiry at the underlying's last price; undefined when the market cannot say. */
export async function intrinsicValue(market: MarketData, symbol: string): Promise<number | undefined> {
  const fields = parseOccSymbol(symbol);
  if (!fields) return undefined;
  const quote = await market.quote(fields.root);
  if (quote.isErr()) return undefined;
  return Math.max(0, fields.type === 'call' ? quote.value.last - fields.strike : fields.strike - quote.value.last);
}

/** Held contracts at their current mid; a contract no longer listed at its intrinsic value (or its entry price when even that is unknown). */
export function markedPositions(market: MarketData, held: readonly [string, Holding][]): ResultAsync<BrokerPosition[], BrokerError> {
  return listedContracts(
    market,
    held.map(([symbol]) => symbol),
  ).andThen((contracts) =>
    ResultAsync.fromSafePromise(
      Promise.all(
        held.map(async ([symbol, { qty, avgEntryPrice }]) => {
          const contract = contracts.get(symbol);
          const currentPrice = contract ? mid(contract) : ((await intrinsicValue(market, symbol)) ?? avgEntryPrice);
          return { symbol, qty, avgEntryPrice, currentPrice: round4(currentPrice) };
        }),
      ),
    ),
  );
}
