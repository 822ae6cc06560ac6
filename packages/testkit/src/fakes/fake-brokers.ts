import type {
  Broker,
  BrokerAccess,
  BrokerAccountChoice,
  BrokerDryRun,
  BrokerAccount,
  BrokerError,
  BrokerName,
  BrokerOrder,
  BrokerPosition,
  Brokers,
  CancelOutcome,
  Clock,
  MultiLegOrder,
  OrderReplacement,
} from '@condor/core';
import { acceptedOrder, replaceRefusal } from '@condor/core';
import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from 'neverthrow';
import { FakeClock } from './fake-clock.js';

/** How the fake answers a submitted order: fill at once at its limit, work until filled or cancelled, or refuse it. */
export type FakeOrderOutcome = 'fill' | 'work' | { readonly reject: string };

/**
 * How a replace meets a fill of the order it replaces, the fill winning: `answered` (as Alpaca) answers the new order,
 * which then reads back rejected; `refused` (the fill came first) answers rejected and places nothing.
 */
export type FakeReplaceRace = 'answered' | 'refused';

export interface FakeBrokersOptions {
  /** Default ['sim', 'alpaca']. */
  readonly available?: readonly BrokerName[];
  /** Stamps `submittedAt`; default a FakeClock. */
  readonly clock?: Clock;
  /** Every account's buying power until `setAccount` changes it (default 100,000). */
  readonly buyingPower?: number;
}

interface Held {
  qty: number;
  avgEntryPrice: number;
}

interface FakeAccount {
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
const WORKING = new Set<BrokerOrder['status']>(['accepted', 'partially_filled', 'pending_cancel']);
const rejected = (message: string): BrokerError => ({ kind: 'rejected', message });
const signed = (side: 'buy' | 'sell', qty: number): number => (side === 'buy' ? qty : -qty);

/**
 * A scriptable in-memory broker for core tests, with no market: every order fills at once at its limit
 * unless `decideOrders` says otherwise; leg entry prices are the symbol's `setPrice`, else an equal
 * share of the limit. Buying power stays what `setAccount` set. It checks what any broker checks
 * (1–4 legs of OCC symbols, qty ≥ 1, unique client order id, closing legs held), replaces a working
 * order with a new one, and offers the same fault controls as SimBrokers, plus `verifyFails` and
 * `fillDuringNextReplace`. Each call completes synchronously, so concurrent
 * calls never interleave.
 */
export class FakeBrokers implements Brokers {
  readonly available: readonly BrokerName[];
  /** Every access `open` received, in order (credentials included). */
  readonly opened: BrokerAccess[] = [];
  private readonly accounts = new Map<string, FakeAccount>();
  /** The accounts each owner's login may hold (a broker whose row says `chooseAccount`). */
  private readonly logins = new Map<string, readonly BrokerAccountChoice[]>();
  private readonly prices = new Map<string, number>();
  private readonly clock: Clock;
  private readonly buyingPower: number;
  private orderCount = 0;

  constructor(options: FakeBrokersOptions = {}) {
    this.available = options.available ?? ['sim', 'alpaca'];
    this.clock = options.clock ?? new FakeClock();
    this.buyingPower = options.buyingPower ?? 100_000;
  }

  open(access: BrokerAccess): Broker {
    this.opened.push(access);
    return new FakeBroker(this.state(access.ownerId), this.clock, this.prices, () => `fake-order-${String(++this.orderCount).padStart(6, '0')}`);
  }

  /** How the owner's dry runs are answered; null restores the default figures. */
  answerDryRuns(ownerId: string, answer: ((order: MultiLegOrder) => Result<BrokerDryRun, BrokerError>) | null): void {
    this.state(ownerId).dryRun = answer;
  }

  /** The orders the owner's account dry-ran, oldest first. */
  dryRunsOf(ownerId: string): readonly MultiLegOrder[] {
    return [...this.state(ownerId).dryRuns];
  }

  /** The accounts the owner's login holds, listed by `listAccounts` (default one tradeable account, FAKE-1). */
  setLoginAccounts(ownerId: string, choices: readonly BrokerAccountChoice[]): void {
    this.logins.set(ownerId, choices);
  }

  listAccounts(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError> {
    return okAsync(this.logins.get(access.ownerId) ?? [{ accountNumber: 'FAKE-1', description: 'Individual margin account', canTrade: true }]);
  }

  /** How the owner's next orders are answered; null restores "fill at the limit". */
  decideOrders(ownerId: string, decide: ((order: MultiLegOrder) => FakeOrderOutcome) | null): void {
    this.state(ownerId).decide = decide ?? (() => 'fill');
  }

  /** Fills a working order of the owner at `price` (default its limit), as if the market came to it; undefined when not working. */
  fillOrder(ownerId: string, orderId: string, price?: number): BrokerOrder | undefined {
    const account = this.state(ownerId);
    const index = account.orders.findIndex((o) => o.id === orderId && WORKING.has(o.status));
    const order = account.orders[index];
    if (!order) return undefined;
    const filled = fill(account, order, price ?? order.limitPrice, this.prices);
    account.orders[index] = filled;
    return filled;
  }

  setAccount(ownerId: string, changes: Partial<Omit<BrokerAccount, 'accountId'>>): void {
    const account = this.state(ownerId);
    account.account = { ...account.account, ...changes };
  }

  /** The current price per share of a contract (every owner's positions), also its entry price in later fills. */
  setPrice(symbol: string, price: number): void {
    this.prices.set(symbol, price);
  }

  /** While set, the owner's `verify` fails with this error (e.g. auth_failed); null lifts it. */
  verifyFails(ownerId: string, error: BrokerError | null): void {
    this.state(ownerId).verifyError = error;
  }

  refuseCancels(ownerId: string, on: boolean): void {
    this.state(ownerId).refuseCancels = on;
  }

  /** The owner's next `calls` broker calls fail with `rate_limited`. */
  rateLimit(ownerId: string, calls: number, retryAfterSeconds: number): void {
    const account = this.state(ownerId);
    account.limitedCalls = calls;
    account.retryAfterSeconds = retryAfterSeconds;
  }

  /** The owner's next submit places the order but answers `unavailable` ('timeout'). */
  loseNextSubmitAck(ownerId: string): void {
    this.state(ownerId).loseNextAck = true;
  }

  /** The owner's next submit answers `unavailable` without placing anything. */
  failNextSubmit(ownerId: string): void {
    this.state(ownerId).failNextSubmit = true;
  }

  /** A position not opened through the service (signed qty; 0 removes it). */
  holdExternalPosition(ownerId: string, symbol: string, qty: number, avgPrice: number): void {
    const { positions } = this.state(ownerId);
    if (qty === 0) positions.delete(symbol);
    else positions.set(symbol, { qty, avgEntryPrice: avgPrice });
  }

  /**
   * Closes the owner's holding of one contract outside the service and cancels the working orders that trade it,
   * as SimBrokers' `closeLegOutside` does (this fake keeps no cash). Throws when the contract is not held.
   */
  closeLegOutside(ownerId: string, symbol: string): void {
    const account = this.state(ownerId);
    if (!account.positions.delete(symbol)) throw new Error(`${symbol} is not held`);
    account.orders.forEach((order, i) => {
      if (WORKING.has(order.status) && order.legs.some((leg) => leg.symbol === symbol)) account.orders[i] = { ...order, status: 'canceled' };
    });
  }

  /** The owner's next replace meets a fill of the order it replaces, and the fill wins (the old order holds it). */
  fillDuringNextReplace(ownerId: string, race: FakeReplaceRace = 'answered'): void {
    this.state(ownerId).replaceRace = race;
  }

  /** The owner's next replace fails: `unavailable` before the broker acts, `lost_answer` after it replaced the order. */
  failNextReplace(ownerId: string, fault: 'unavailable' | 'lost_answer'): void {
    this.state(ownerId).replaceFault = fault;
  }

  /** Fills `qty` whole units of a working order at its limit (a partial fill when fewer than remain); undefined when not working. */
  fillPart(ownerId: string, orderId: string, qty: number): BrokerOrder | undefined {
    const account = this.state(ownerId);
    const index = account.orders.findIndex((o) => o.id === orderId && WORKING.has(o.status));
    const order = account.orders[index];
    if (!order) return undefined;
    const units = Math.min(qty, order.qty - order.filledQty);
    for (const leg of order.legs) trade(account.positions, leg.symbol, signed(leg.side, units), this.prices.get(leg.symbol) ?? Math.abs(order.limitPrice) / order.legs.length);
    const filledQty = order.filledQty + units;
    const updated: BrokerOrder = { ...order, status: filledQty === order.qty ? 'filled' : 'partially_filled', filledQty, filledAvgPrice: order.limitPrice };
    account.orders[index] = updated;
    return updated;
  }

  /** Submit calls the owner's account received, refused and faulted ones included. */
  submitCount(ownerId: string): number {
    return this.state(ownerId).submits;
  }

  /** Every order placed in the owner's account, newest first. */
  allOrders(ownerId: string): readonly BrokerOrder[] {
    return [...this.state(ownerId).orders].reverse();
  }

  /**
   * Forgets the owner's account — orders, positions and faults — as a broker that lost its records would;
   * brokers already opened on it keep the old account.
   */
  forget(ownerId: string): void {
    this.accounts.delete(ownerId);
  }

  private state(ownerId: string): FakeAccount {
    let account = this.accounts.get(ownerId);
    if (!account) {
      account = {
        account: { accountId: `fake-account-${ownerId}`, buyingPower: this.buyingPower, spreadsAllowed: true },
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
      this.accounts.set(ownerId, account);
    }
    return account;
  }
}

function trade(positions: Map<string, Held>, symbol: string, qty: number, price: number): void {
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

function fill(account: FakeAccount, order: BrokerOrder, price: number, prices: ReadonlyMap<string, number>): BrokerOrder {
  for (const leg of order.legs) {
    trade(account.positions, leg.symbol, signed(leg.side, order.qty), prices.get(leg.symbol) ?? Math.abs(price) / order.legs.length);
  }
  return { ...order, status: 'filled', filledQty: order.qty, filledAvgPrice: price };
}

function problem(account: FakeAccount, order: MultiLegOrder): string | undefined {
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
function defaultDryRun(order: MultiLegOrder, buyingPower: number): BrokerDryRun {
  const change = Math.round((500 + order.limitPrice * 100) * order.qty * 100) / 100;
  return { fees: order.legs.length * order.qty, buyingPowerChange: change, buyingPowerAfter: buyingPower - change, refusals: [], warnings: [] };
}

class FakeBroker implements Broker {
  constructor(
    private readonly account: FakeAccount,
    private readonly clock: Clock,
    private readonly prices: ReadonlyMap<string, number>,
    private readonly nextId: () => string,
  ) {}

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    return this.call(() => (this.account.verifyError ? errAsync(this.account.verifyError) : okAsync(this.account.account)));
  }

  dryRun(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError> {
    this.account.dryRuns.push(order);
    const answer = this.account.dryRun?.(order) ?? ok(defaultDryRun(order, this.account.account.buyingPower));
    return answer.isOk() ? okAsync(answer.value) : errAsync(answer.error);
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    return this.call(() =>
      okAsync(
        [...this.account.positions]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([symbol, { qty, avgEntryPrice }]) => ({ symbol, qty, avgEntryPrice, currentPrice: this.prices.get(symbol) ?? avgEntryPrice })),
      ),
    );
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    return this.call(() => okAsync(this.account.orders.filter((o) => which === 'all' || WORKING.has(o.status)).reverse()));
  }

  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const account = this.account;
    account.submits++;
    return this.call(() => {
      if (account.failNextSubmit) {
        account.failNextSubmit = false;
        return errAsync({ kind: 'unavailable', message: 'the fake broker did not answer (503)' });
      }
      const lostAck = account.loseNextAck;
      account.loseNextAck = false;
      const placed = this.place(order);
      if (lostAck) return errAsync({ kind: 'unavailable', message: 'timeout' });
      return placed.isOk() ? okAsync(placed.value) : errAsync(placed.error);
    });
  }

  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError> {
    return this.call(() => okAsync(this.account.orders.find((o) => o.clientOrderId === clientOrderId) ?? null));
  }

  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    return this.call((): ResultAsync<CancelOutcome, BrokerError> => {
      if (this.account.refuseCancels) return okAsync({ kind: 'refused', message: 'the broker refused the cancel request (fake fault)' });
      const index = this.account.orders.findIndex((o) => o.id === orderId);
      const order = this.account.orders[index];
      if (!order) return okAsync({ kind: 'refused', message: 'order not found' });
      if (!WORKING.has(order.status)) return okAsync({ kind: 'refused', message: 'order is not cancelable' });
      this.account.orders[index] = { ...order, status: 'canceled' };
      return okAsync({ kind: 'canceled' });
    });
  }

  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    return this.call(() => {
      const fault = this.account.replaceFault;
      this.account.replaceFault = null;
      if (fault === 'unavailable') return errAsync({ kind: 'unavailable', message: 'the broker did not answer (fake fault)' });
      const placed = this.replaced(replacement);
      if (fault === 'lost_answer') return errAsync({ kind: 'unavailable', message: 'timeout (fake fault: the replace was taken)' });
      return placed.isOk() ? okAsync(placed.value) : errAsync(placed.error);
    });
  }

  private call<T>(work: () => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    if (this.account.limitedCalls > 0) {
      this.account.limitedCalls--;
      return errAsync({ kind: 'rate_limited', retryAfterSeconds: this.account.retryAfterSeconds });
    }
    return work();
  }

  /** Places the order (filled, working) or says why not. */
  private place(order: MultiLegOrder): Result<BrokerOrder, BrokerError> {
    const why = problem(this.account, order);
    if (why !== undefined) return err(rejected(why));
    const outcome = this.account.decide(order);
    if (typeof outcome === 'object') return err(rejected(outcome.reject));
    const placed = acceptedOrder(order, this.nextId(), this.clock.now());
    const recorded = outcome === 'fill' ? fill(this.account, placed, order.limitPrice, this.prices) : placed;
    this.account.orders.push(recorded);
    return ok(recorded);
  }

  /** Puts a new order (as `decideOrders` says) in a working order's place, or says why not. */
  private replaced({ orderId, clientOrderId, limitPrice }: OrderReplacement): Result<BrokerOrder, BrokerError> {
    const { orders } = this.account;
    const race = this.account.replaceRace;
    this.account.replaceRace = null;
    const index = orders.findIndex((o) => o.id === orderId);
    const found = orders[index];
    if (!found) return err(rejected('order not found'));
    if (race === 'refused' && WORKING.has(found.status)) orders[index] = fill(this.account, found, found.limitPrice, this.prices);
    const old = orders[index] ?? found;
    const refusal = replaceRefusal(old);
    if (refusal !== null) return err(rejected(refusal));
    if (orders.some((o) => o.clientOrderId === clientOrderId)) return err(rejected('client_order_id must be unique'));
    const order: MultiLegOrder = { clientOrderId, qty: old.qty, limitPrice, legs: old.legs };
    const outcome = this.account.decide(order);
    if (typeof outcome === 'object') return err(rejected(outcome.reject));
    const placed: BrokerOrder = { ...acceptedOrder(order, this.nextId(), this.clock.now()), replaces: old.id };
    if (race === 'answered') {
      orders[index] = fill(this.account, old, old.limitPrice, this.prices);
      orders.push({ ...placed, status: 'rejected' });
      return ok(placed);
    }
    orders[index] = { ...old, status: 'replaced', replacedBy: placed.id };
    const recorded = outcome === 'fill' ? fill(this.account, placed, limitPrice, this.prices) : placed;
    orders.push(recorded);
    return ok(recorded);
  }
}
