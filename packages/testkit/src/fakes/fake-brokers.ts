import type { Broker, BrokerAccess, BrokerAccountChoice, BrokerAccount, BrokerDryRun, BrokerError, BrokerName, BrokerOrder, Brokers, Clock, MarketData, MultiLegOrder } from '@condor/core';
import { unservedMarket } from '@condor/core';
import { okAsync, type Result, type ResultAsync } from 'neverthrow';
import { FakeBroker } from './fake-broker.js';
import { fill, newFakeAccount, signed, trade, WORKING, type FakeAccount, type FakeOrderOutcome, type FakeReplaceRace } from './fake-broker-account.js';
import { FakeClock } from './fake-clock.js';

export interface FakeBrokersOptions {
  /** Default ['sim', 'alpaca']. */
  readonly available?: readonly BrokerName[];
  /** Stamps `submittedAt`; default a FakeClock. */
  readonly clock?: Clock;
  /** Every account's buying power until `setAccount` changes it (default 100,000). */
  readonly buyingPower?: number;
  /** The market every linked account reads as its own (`marketData`); without it, a link's own market is not served. */
  readonly market?: MarketData;
}

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

  constructor(private readonly options: FakeBrokersOptions = {}) {
    this.available = options.available ?? ['sim', 'alpaca'];
    this.clock = options.clock ?? new FakeClock();
    this.buyingPower = options.buyingPower ?? 100_000;
  }

  /** Every access `marketData` received, in order. */
  readonly marketsOpened: BrokerAccess[] = [];

  marketData(access: BrokerAccess): MarketData {
    this.marketsOpened.push(access);
    return this.options.market ?? unservedMarket('FakeBrokers was given no market for linked accounts.');
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
      account = newFakeAccount(ownerId, this.buyingPower);
      this.accounts.set(ownerId, account);
    }
    return account;
  }
}
