import type { BrokerError, MarketData, MarketDataError, MultiLegOrder, OptionContract, OrderLeg } from '@condor/core';
import { err, ok, ResultAsync, type Result } from 'neverthrow';
import { parseOccSymbol, type OccFields } from './occ.js';
import { SimMarketData } from './sim-market-data.js';

/** An order leg with its contract's current market, dollars per share. */
export interface PricedLeg extends OrderLeg {
  readonly fields: OccFields;
  readonly bid: number;
  readonly ask: number;
  readonly mid: number;
}

const MAX_LEGS = 4;

/** Why the order is malformed (legs, quantity, price, symbols), or undefined when it is well formed. */
export function shapeProblem(order: MultiLegOrder): string | undefined {
  if (order.legs.length === 0 || order.legs.length > MAX_LEGS) return `an order has 1 to ${MAX_LEGS} legs; got ${order.legs.length}`;
  if (!Number.isInteger(order.qty) || order.qty < 1) return `qty must be a whole number of at least 1; got ${order.qty}`;
  if (!Number.isFinite(order.limitPrice)) return 'limit_price must be a number';
  if (order.clientOrderId.length === 0 || order.clientOrderId.length > 128) return 'client_order_id must have 1 to 128 characters';
  if (new Set(order.legs.map((l) => l.symbol)).size !== order.legs.length) return 'each leg must be a different contract';
  const roots = new Set<string>();
  for (const leg of order.legs) {
    const fields = parseOccSymbol(leg.symbol);
    if (!fields) return `${leg.symbol} is not an OCC option symbol`;
    if (!leg.intent.startsWith(leg.side)) return `${leg.symbol}: side ${leg.side} does not match position_intent ${leg.intent}`;
    roots.add(fields.root);
  }
  if (roots.size > 1) return `every leg must have the same underlying; got ${[...roots].join(', ')}`;
  return undefined;
}

/** Net mid per share with Alpaca's sign: buy legs pay their mid, sell legs receive it (positive = debit). */
export function netMid(legs: readonly PricedLeg[]): number {
  return legs.reduce((sum, leg) => sum + (leg.side === 'buy' ? leg.mid : -leg.mid), 0);
}

/** What crossing every leg's spread would cost per share: buy legs at the ask less sell legs at the bid (positive = debit). */
export function netNatural(legs: readonly PricedLeg[]): number {
  return legs.reduce((sum, leg) => sum + (leg.side === 'buy' ? leg.ask : -leg.bid), 0);
}

/** The first leg whose quote nobody trades a package against: crossed (bid above ask) or one-sided (no bid or no ask). */
export function untradeableQuote(legs: readonly PricedLeg[]): PricedLeg | undefined {
  return legs.find((leg) => leg.bid > leg.ask || leg.bid <= 0 || leg.ask <= 0);
}

/**
 * Leg prices that add up to a fill at `price`: each leg at its mid, moved by an equal share of the
 * difference between the price and the net mid (buy legs pay it, sell legs give it up), never below 0.
 */
export function legFillPrices(legs: readonly PricedLeg[], price: number): Map<string, number> {
  const share = (price - netMid(legs)) / legs.length;
  return new Map(legs.map((leg) => [leg.symbol, Math.max(0, Math.round((leg.mid + (leg.side === 'buy' ? share : -share)) * 10_000) / 10_000)]));
}

function fromMarket(error: MarketDataError, symbol: string): BrokerError {
  switch (error.kind) {
    case 'unknown_symbol':
      return { kind: 'rejected', message: `${symbol} is not a tradeable underlying` };
    case 'rate_limited':
      return error;
    case 'unavailable':
    case 'unsupported':
    case 'not_served':
      return { kind: 'unavailable', message: error.message };
  }
}

/**
 * The listed contracts of the symbols, by symbol; contracts not listed now (expired, unknown strike) are absent. With
 * `at`, the simulated market prices them as it stood then; any other market can only say how they stand now.
 */
export function listedContracts(market: MarketData, symbols: readonly string[], at?: number): ResultAsync<Map<string, OptionContract>, BrokerError> {
  return new ResultAsync(lookUp(market, symbols, at));
}

async function lookUp(market: MarketData, symbols: readonly string[], at: number | undefined): Promise<Result<Map<string, OptionContract>, BrokerError>> {
  const found = new Map<string, OptionContract>();
  const chains = new Map<string, OccFields>();
  for (const symbol of symbols) {
    const fields = parseOccSymbol(symbol);
    if (fields) chains.set(`${fields.root} ${fields.expiry}`, fields);
  }
  const wanted = new Set(symbols);
  for (const { root, expiry } of chains.values()) {
    // The simulated market prices just the wanted contracts, exactly as its whole chain would.
    const chain = market instanceof SimMarketData ? await market.chainContracts(root, expiry, wanted, at) : await market.optionChain(root, expiry);
    if (chain.isErr()) {
      if (chain.error.kind === 'unknown_symbol') continue;
      return err(fromMarket(chain.error, root));
    }
    for (const contract of chain.value) if (wanted.has(contract.symbol)) found.set(contract.symbol, contract);
  }
  return ok(found);
}

/**
 * The legs with their markets (now, or `at` another instant as `listedContracts` can), or `rejected` naming the first
 * leg that is not a listed contract of a tradeable underlying.
 */
export function priceLegs(market: MarketData, legs: readonly OrderLeg[], at?: number): ResultAsync<PricedLeg[], BrokerError> {
  return listedContracts(
    market,
    legs.map((l) => l.symbol),
    at,
  ).andThen((contracts) => new ResultAsync(priced(market, legs, contracts)));
}

async function priced(market: MarketData, legs: readonly OrderLeg[], contracts: ReadonlyMap<string, OptionContract>): Promise<Result<PricedLeg[], BrokerError>> {
  const out: PricedLeg[] = [];
  for (const leg of legs) {
    const fields = parseOccSymbol(leg.symbol);
    const contract = contracts.get(leg.symbol);
    if (!fields) return err({ kind: 'rejected', message: `${leg.symbol} is not an OCC option symbol` });
    if (!contract) return err(await whyNotListed(market, leg.symbol, fields));
    const { symbol, side, intent } = leg;
    out.push({ symbol, side, intent, fields, bid: contract.bid, ask: contract.ask, mid: (contract.bid + contract.ask) / 2 });
  }
  return ok(out);
}

async function whyNotListed(market: MarketData, symbol: string, fields: OccFields): Promise<BrokerError> {
  const tradeable = await market.isTradeable(fields.root);
  if (tradeable.isErr()) return fromMarket(tradeable.error, fields.root);
  if (!tradeable.value) return { kind: 'rejected', message: `${symbol}: ${fields.root} is not a tradeable underlying` };
  const expiries = await market.expirations(fields.root);
  if (expiries.isErr()) return fromMarket(expiries.error, fields.root);
  if (!expiries.value.includes(fields.expiry)) return { kind: 'rejected', message: `${symbol}: expiry ${fields.expiry} is not listed (expired or never listed)` };
  return { kind: 'rejected', message: `${symbol}: no ${fields.type} is listed at strike ${fields.strike}` };
}
