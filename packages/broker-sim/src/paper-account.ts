import type { BrokerAccount, BrokerOrder, MultiLegOrder, OrderLeg, OrderStatus, PaperBook, PaperChange, PaperHolding, PaperOrderRecord } from '@condor/core';
import { acceptedOrder } from '@condor/core';
import { parseOccSymbol } from './occ.js';
import { hasUncoveredCalls, marginRequirement, type PayoffLeg } from './paper-margin.js';

/** A held contract: signed quantity (short negative) and the average price per share it was opened at. */
export interface Holding {
  readonly qty: number;
  readonly avgEntryPrice: number;
}

interface OrderRecord {
  readonly order: BrokerOrder;
  /** Buying power held while the order works. */
  readonly reservation: number;
  /** When the day order expires unfilled. */
  readonly expiresAt: number;
}

const WORKING: ReadonlySet<OrderStatus> = new Set(['accepted', 'partially_filled', 'pending_cancel']);
const MULTIPLIER = 100;

const cents = (x: number): number => Math.round(x * 100) / 100;
const signed = (leg: OrderLeg, qty: number): number => (leg.side === 'buy' ? qty : -qty);
const unfilled = (order: BrokerOrder): number => order.qty - order.filledQty;

/** Whether an order is still working (can fill or be cancelled). */
export const isWorking = (order: BrokerOrder): boolean => WORKING.has(order.status);

function byUnderlying(qtyBySymbol: ReadonlyMap<string, number>): Map<string, PayoffLeg[]> {
  const byRoot = new Map<string, PayoffLeg[]>();
  for (const [symbol, qty] of qtyBySymbol) {
    const fields = parseOccSymbol(symbol);
    if (!fields || qty === 0) continue;
    const legs = byRoot.get(fields.root) ?? [];
    legs.push({ type: fields.type, strike: fields.strike, qty });
    byRoot.set(fields.root, legs);
  }
  return byRoot;
}

/** The margin rule over every underlying: the sum of each underlying's worst loss at expiry. */
function requirement(qtyBySymbol: ReadonlyMap<string, number>): number {
  return [...byUnderlying(qtyBySymbol).values()].reduce((sum, legs) => sum + marginRequirement(legs), 0);
}

/**
 * The records with each replaced order's `replacedBy`: the ledger keeps the link once, on the replacement (`replaces`,
 * written whole when it is placed), while a replaced order's update carries only its status.
 */
function withReplacedBy(records: readonly OrderRecord[]): OrderRecord[] {
  const replacements = new Map(records.flatMap(({ order }) => (order.replaces ? [[order.replaces, order.id] as const] : [])));
  return records.map((record) => {
    const replacedBy = replacements.get(record.order.id);
    return record.order.status === 'replaced' && replacedBy !== undefined && record.order.replacedBy !== replacedBy ? { ...record, order: { ...record.order, replacedBy } } : record;
  });
}

/**
 * One owner's paper account: cash, held contracts and orders, with Alpaca's bookkeeping (short legs
 * negative, a position at zero disappears, buying power = cash − margin of the positions − what
 * working orders hold). It knows no market: the broker prices and decides, the account records. It
 * is the book as loaded from the ledger, changed in memory by one broker call; `changes()` is what
 * that call did, for the ledger to commit at the book's version.
 */
export class PaperAccount {
  readonly accountId: string;
  /** The ledger version the book was loaded at. */
  readonly version: number;
  private cash: number;
  private readonly records: OrderRecord[];
  private readonly holdings: Map<string, Holding>;
  private readonly placedIds = new Set<string>();
  private readonly changedIds = new Set<string>();
  private readonly tradedSymbols = new Set<string>();

  constructor(book: PaperBook) {
    this.accountId = book.accountId;
    this.version = book.version;
    this.cash = book.cash;
    // The book's records are shared (a ledger may keep them frozen): a changed order gets a new record here.
    this.records = withReplacedBy(book.orders);
    this.holdings = new Map(book.holdings.map(({ symbol, qty, avgEntryPrice }) => [symbol, { qty, avgEntryPrice }]));
  }

  /** What this call changed since the book was loaded, or undefined when it changed nothing. */
  changes(): PaperChange | undefined {
    // Cash moves only with a fill or a contract removed outside an order, which change an order or a holding too.
    if (this.placedIds.size === 0 && this.changedIds.size === 0 && this.tradedSymbols.size === 0) return undefined;
    const placed: PaperOrderRecord[] = this.records.filter((r) => this.placedIds.has(r.order.id)).map(({ order, reservation, expiresAt }) => ({ order, reservation, expiresAt }));
    const updated = this.records.filter((r) => this.changedIds.has(r.order.id) && !this.placedIds.has(r.order.id)).map((r) => r.order);
    const holdings: PaperHolding[] = [...this.tradedSymbols].map((symbol) => {
      const held = this.holdings.get(symbol);
      return { symbol, qty: held?.qty ?? 0, avgEntryPrice: held?.avgEntryPrice ?? 0 };
    });
    return { cash: this.cash, placed, updated, holdings };
  }

  account(): BrokerAccount {
    return { accountId: this.accountId, buyingPower: this.buyingPower(), spreadsAllowed: true };
  }

  /**
   * Dollars free to open positions, never negative; with `releasing`, as if that working order's hold were freed. A
   * partly filled order holds its reservation's share for the units still unfilled: the filled ones are held positions.
   */
  buyingPower(releasing?: string): number {
    const holds = (r: OrderRecord): number => (isWorking(r.order) && r.order.id !== releasing ? (r.reservation * unfilled(r.order)) / r.order.qty : 0);
    const held = this.records.reduce((sum, r) => sum + holds(r), 0);
    return cents(Math.max(0, this.cash - requirement(this.qtyBySymbol()) - held));
  }

  /** How much buying power filling the order at its limit would take (0 when it frees some). */
  buyingPowerUse(order: MultiLegOrder): number {
    const before = this.qtyBySymbol();
    return cents(Math.max(0, order.limitPrice * MULTIPLIER * order.qty + requirement(this.qtyAfter(order)) - requirement(before)));
  }

  /** Whether filling the order would leave more short calls than long ones on an underlying, and more than before. */
  leavesUncoveredCalls(order: MultiLegOrder): boolean {
    const callSlope = (legs: readonly PayoffLeg[] | undefined): number =>
      (legs ?? []).reduce((sum, leg) => sum + (leg.type === 'call' ? leg.qty : 0), 0);
    const before = byUnderlying(this.qtyBySymbol());
    return [...byUnderlying(this.qtyAfter(order))].some(([root, legs]) => hasUncoveredCalls(legs) && callSlope(legs) < callSlope(before.get(root)));
  }

  holding(symbol: string): Holding | undefined {
    return this.holdings.get(symbol);
  }

  /** Held contracts by OCC symbol, in symbol order. */
  positions(): [string, Holding][] {
    return [...this.holdings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Contracts of `symbol` a closing leg on `side` may still close: held in the opposite direction, less what working orders still close. */
  closable(symbol: string, side: OrderLeg['side']): number {
    const held = this.holdings.get(symbol)?.qty ?? 0;
    const inDirection = side === 'buy' ? Math.max(0, -held) : Math.max(0, held);
    const closing = this.records
      .filter((r) => isWorking(r.order))
      .flatMap((r) => r.order.legs.filter((l) => l.symbol === symbol && l.side === side && l.intent.endsWith('_to_close')).map(() => unfilled(r.order)));
    return inDirection - closing.reduce((sum, qty) => sum + qty, 0);
  }

  hasClientOrderId(clientOrderId: string): boolean {
    return this.records.some((r) => r.order.clientOrderId === clientOrderId);
  }

  byId(id: string): BrokerOrder | undefined {
    return this.records.find((r) => r.order.id === id)?.order;
  }

  byClientOrderId(clientOrderId: string): BrokerOrder | null {
    return this.records.find((r) => r.order.clientOrderId === clientOrderId)?.order ?? null;
  }

  /** Orders newest first; `open` only the working ones. */
  orders(which: 'open' | 'all'): BrokerOrder[] {
    return this.records.map((r) => r.order).filter((o) => which === 'all' || isWorking(o)).reverse();
  }

  /** The working orders with when each expires, oldest first. */
  working(): { order: BrokerOrder; expiresAt: number }[] {
    return this.records.filter((r) => isWorking(r.order)).map(({ order, expiresAt }) => ({ order, expiresAt }));
  }

  place(order: MultiLegOrder, id: string, now: number, expiresAt: number, reservation: number): BrokerOrder {
    const placed = acceptedOrder(order, id, now);
    this.records.push({ order: placed, reservation, expiresAt });
    this.placedIds.add(id);
    return placed;
  }

  /**
   * Fills `units` more whole units of a working order (at most what remains) at `price` (net per share), each leg at
   * its price in `legPrices`: `filled` once none remain, else `partially_filled` with the rest working. The average
   * fill price weighs every unit filled so far.
   */
  fill(id: string, units: number, price: number, legPrices: ReadonlyMap<string, number>): BrokerOrder | undefined {
    const record = this.records.find((r) => r.order.id === id);
    if (!record || !isWorking(record.order)) return undefined;
    const { order } = record;
    const qty = Math.min(Math.floor(units), unfilled(order));
    if (qty <= 0) return undefined;
    for (const leg of order.legs) this.trade(leg.symbol, signed(leg, qty), legPrices.get(leg.symbol) ?? 0);
    this.cash = cents(this.cash - price * MULTIPLIER * qty);
    const filledQty = order.filledQty + qty;
    const paid = (order.filledAvgPrice ?? 0) * order.filledQty + price * qty;
    const filledAvgPrice = order.filledQty === 0 ? price : Math.round((paid / filledQty) * 10_000) / 10_000;
    return this.change(record, { ...order, status: filledQty === order.qty ? 'filled' : 'partially_filled', filledQty, filledAvgPrice });
  }

  /**
   * Puts `order` (the replacement: a new id, the same legs and quantity) in the place of the working order `id`,
   * which ends `replaced`; both in this one change. Undefined when `id` is not working.
   */
  replace(id: string, order: MultiLegOrder, newId: string, now: number, expiresAt: number, reservation: number): BrokerOrder | undefined {
    const record = this.records.find((r) => r.order.id === id);
    if (!record || !isWorking(record.order)) return undefined;
    this.change(record, { ...record.order, status: 'replaced', replacedBy: newId });
    const placed: BrokerOrder = { ...acceptedOrder(order, newId, now), replaces: id };
    this.records.push({ order: placed, reservation, expiresAt });
    this.placedIds.add(newId);
    return placed;
  }

  /** Ends a working order unfilled. */
  end(id: string, status: 'canceled' | 'expired'): BrokerOrder | undefined {
    const record = this.records.find((r) => r.order.id === id);
    if (!record || !isWorking(record.order)) return undefined;
    return this.change(record, { ...record.order, status });
  }

  /** Puts `order` in `record`'s place as a new record (the loaded one may be shared) and notes the change. */
  private change(record: OrderRecord, order: BrokerOrder): BrokerOrder {
    this.records[this.records.indexOf(record)] = { ...record, order };
    this.changedIds.add(order.id);
    return order;
  }

  /** Sets a position directly (one not opened through this account's orders); qty 0 removes it. */
  hold(symbol: string, qty: number, avgEntryPrice: number): void {
    this.tradedSymbols.add(symbol);
    if (qty === 0) this.holdings.delete(symbol);
    else this.holdings.set(symbol, { qty, avgEntryPrice });
  }

  /**
   * Takes a held contract out of the account without an order (the broker closed, assigned or exercised it),
   * settling it in cash at `price` per share and cancelling the working orders that trade it; undefined when
   * it is not held.
   */
  removeOutside(symbol: string, price: number): Holding | undefined {
    const held = this.holdings.get(symbol);
    if (!held) return undefined;
    for (const { order } of this.records) {
      if (isWorking(order) && order.legs.some((leg) => leg.symbol === symbol)) this.end(order.id, 'canceled');
    }
    this.cash = cents(this.cash + held.qty * price * MULTIPLIER);
    this.hold(symbol, 0, 0);
    return held;
  }

  private trade(symbol: string, qty: number, price: number): void {
    this.tradedSymbols.add(symbol);
    const held = this.holdings.get(symbol) ?? { qty: 0, avgEntryPrice: 0 };
    const total = held.qty + qty;
    if (total === 0) {
      this.holdings.delete(symbol);
      return;
    }
    const adds = Math.sign(qty) === Math.sign(total) && Math.abs(total) > Math.abs(held.qty);
    const crossed = Math.sign(total) !== Math.sign(held.qty) && held.qty !== 0;
    const avgEntryPrice = crossed
      ? price
      : adds
        ? (Math.abs(held.qty) * held.avgEntryPrice + Math.abs(qty) * price) / Math.abs(total)
        : held.avgEntryPrice;
    this.holdings.set(symbol, { qty: total, avgEntryPrice: Math.round(avgEntryPrice * 10_000) / 10_000 });
  }

  private qtyAfter(order: MultiLegOrder): Map<string, number> {
    const after = this.qtyBySymbol();
    for (const leg of order.legs) after.set(leg.symbol, (after.get(leg.symbol) ?? 0) + signed(leg, order.qty));
    return after;
  }

  private qtyBySymbol(): Map<string, number> {
    return new Map([...this.holdings].map(([symbol, h]) => [symbol, h.qty]));
  }
}
