import type { BrokerAccount, BrokerDryRun, BrokerError, BrokerOrder, MultiLegOrder } from '@condor/core';
import type { Result } from 'neverthrow';

/** How the fake answers a submitted order: fill at once at its limit, work until filled or cancelled, or refuse it. */
export type FakeOrderOutcome = 'fill' | 'work' | { readonly reject: string };

/**
 * How a replace meets a fill of the order it replaces, the fill winning: `answered` (as Alpaca) answers the new order,
 * which then reads back rejected; `refused` (the fill came first) answers rejected and places nothing.
 */
export type FakeReplaceRace = 'answered' | 'refused';

/** A holding of one contract: signed qty (short negative) and its average entry price. */
export interface Held {
  qty: number;
  avgEntryPrice: number;
}

/** One owner's account at the fake broker: its orders and holdings, and the faults scripted for its next calls. */
export interface FakeAccount {
  account: BrokerAccount;
  decide: (order: MultiLegOrder) => FakeOrderOutcome;
  /** Oldest first. */
  readonly orders: BrokerOrder[];
  readonly positions: Map<string, Held>;
  submits: number;
  verifyError: BrokerError | null;
  refuseCancels: boolean;
  limitedCalls: number;
  retryAfterSeconds: number;
  failNextSubmit: boolean;
  loseNextAck: boolean;
  replaceRace: FakeReplaceRace | null;
  /** How the next replace fails: refused outright by an outage, or taken by the broker with the answer lost. */
  replaceFault: 'unavailable' | 'lost_answer' | null;
  /** What a dry run answers (a broker whose row has one); by default fees of $1 a contract and the order's max loss in buying power. */
  dryRun: ((order: MultiLegOrder) => Result<BrokerDryRun, BrokerError>) | null;
  /** The orders dry-run, oldest first. */
  readonly dryRuns: MultiLegOrder[];
}

const OCC = /^[A-Z0-9.]{1,6}\d{6}[CP]\d{8}$/;
export const WORKING = new Set<BrokerOrder['status']>(['accepted', 'partially_filled', 'pending_cancel']);
export const rejected = (message: string): BrokerError => ({ kind: 'rejected', message });
export const signed = (side: 'buy' | 'sell', qty: number): number => (side === 'buy' ? qty : -qty);

/** A new account: the given buying power, every order filled at its limit, no fault scripted. */
export function newFakeAccount(ownerId: string, buyingPower: number): FakeAccount {
  return {
    account: { accountId: `fake-account-${ownerId}`, buyingPower, spreadsAllowed: true },
    decide: () => 'fill',
    orders: [],
    positions: new Map(),
    submits: 0,
    verifyError: null,
    refuseCancels: false,
    limitedCalls: 0,
    retryAfterSeconds: 0,
    failNextSubmit: false,
    loseNextAck: false,
    replaceRace: null,
    replaceFault: null,
    dryRun: null,
    dryRuns: [],
  };
}

/** Books a trade of `qty` contracts (signed) at `price` into the holdings, averaging the entry price of a growing holding. */
export function trade(positions: Map<string, Held>, symbol: string, qty: number, price: number): void {
  const held = positions.get(symbol) ?? { qty: 0, avgEntryPrice: 0 };
  const total = held.qty + qty;
  if (total === 0) {
    positions.delete(symbol);
    return;
  }
  const sameDirection = Math.sign(total) === Math.sign(held.qty);
  const grows = Math.abs(total) > Math.abs(held.qty);
  const avgEntryPrice = !sameDirection
    ? price
    : grows
      ? (Math.abs(held.qty) * held.avgEntryPrice + Math.abs(qty) * price) / Math.abs(total)
      : held.avgEntryPrice;
  positions.set(symbol, { qty: total, avgEntryPrice });
}

/** The order filled whole at `price`, its legs booked into the account's holdings. */
export function fill(account: FakeAccount, order: BrokerOrder, price: number, prices: ReadonlyMap<string, number>): BrokerOrder {
  for (const leg of order.legs) {
    trade(account.positions, leg.symbol, signed(leg.side, order.qty), prices.get(leg.symbol) ?? Math.abs(price) / order.legs.length);
  }
  return { ...order, status: 'filled', filledQty: order.qty, filledAvgPrice: price };
}

/** Why any broker would refuse the order (legs, qty, OCC symbols, closing legs held, a used client order id), or undefined. */
export function orderRefusal(account: FakeAccount, order: MultiLegOrder): string | undefined {
  if (order.legs.length === 0 || order.legs.length > 4) return `an order has 1 to 4 legs; got ${order.legs.length}`;
  if (!Number.isInteger(order.qty) || order.qty < 1) return `qty must be a whole number of at least 1; got ${order.qty}`;
  for (const leg of order.legs) {
    if (!OCC.test(leg.symbol)) return `${leg.symbol} is not an OCC option symbol`;
    if (!leg.intent.startsWith(leg.side)) return `${leg.symbol}: side ${leg.side} does not match position_intent ${leg.intent}`;
    if (leg.intent.endsWith('_to_close')) {
      const held = account.positions.get(leg.symbol)?.qty ?? 0;
      // As a broker with strict position effects: less what working orders already close.
      const reserved = account.orders
        .filter((o) => WORKING.has(o.status) && o.legs.some((l) => l.symbol === leg.symbol && l.side === leg.side && l.intent.endsWith('_to_close')))
        .reduce((sum, o) => sum + o.qty - o.filledQty, 0);
      const available = (leg.side === 'buy' ? -held : held) - reserved;
      if (available < order.qty) return `${leg.symbol}: insufficient qty available to ${leg.intent} (requested ${order.qty}, available ${Math.max(0, available)})`;
    }
  }
  if (account.orders.some((o) => o.clientOrderId === order.clientOrderId)) return 'client_order_id must be unique';
  return undefined;
}

/** $1 a contract per leg in fees, and a buying-power change of $500 a condor less the credit. */
export function defaultDryRun(order: MultiLegOrder, buyingPower: number): BrokerDryRun {
  const change = Math.round((500 + order.limitPrice * 100) * order.qty * 100) / 100;
  return { fees: order.legs.length * order.qty, buyingPowerChange: change, buyingPowerAfter: buyingPower - change, refusals: [], warnings: [] };
}
