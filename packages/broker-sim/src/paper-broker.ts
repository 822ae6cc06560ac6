import { easternDay, isTradingDay, sessionClose } from '@condor/core';
import type {
  Broker,
  BrokerAccount,
  BrokerError,
  BrokerOrder,
  BrokerPosition,
  CancelOutcome,
  Clock,
  MarketData,
  MultiLegOrder,
  OrderReplacement,
} from '@condor/core';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isWorking, type PaperAccount } from './paper-account.js';
import type { PaperBooks } from './paper-books.js';
import type { PaperFaults } from './paper-faults.js';
import type { PaperRateLimit } from './paper-rate-limit.js';
import { legFillPrices, netMid, priceLegs, shapeProblem, type PricedLeg } from './paper-legs.js';
import { markedPositions } from './paper-marks.js';
import type { SerialQueue } from './serial-queue.js';

/**
 * What this process keeps of one owner's paper account beside the ledger: the order its calls are
 * answered in, the request limit, the scripted faults and a count of submits (tests' instruments).
 */
export interface PaperDesk {
  readonly ownerId: string;
  readonly faults: PaperFaults;
  readonly queue: SerialQueue;
  readonly rateLimit: PaperRateLimit;
  /** Submits this process received for the owner, refused and faulted ones included. */
  submits: number;
}

/** Floating-point slack when comparing a limit with the net mid. */
const EPSILON = 1e-9;
/**
 * How far inside the net mid a multi-leg limit still fills: one cent, as market makers fill complex orders
 * a penny from the mid. Leg mids move in half-cent steps, so without it an order at the mid misses on the
 * next step.
 */
const MIDPOINT_TOLERANCE = 0.01;
const TIMEOUT: BrokerError = { kind: 'unavailable', message: 'timeout' };
const DOWN: BrokerError = { kind: 'unavailable', message: 'the simulated broker did not answer (503)' };

const rejected = (message: string): BrokerError => ({ kind: 'rejected', message });
const refused = (message: string): CancelOutcome => ({ kind: 'refused', message });

/** When a day order placed at `now` expires: the close of the session under way, else of the next one. */
function dayOrderEnd(now: number): number {
  let day = easternDay(now);
  while (!isTradingDay(day) || sessionClose(day) <= now) day++;
  return sessionClose(day);
}

/**
 * A paper account on the simulated market, with Alpaca's order semantics: a multi-leg limit order
 * fills at its limit as soon as the limit is at or through the net mid of the legs (re-checked on
 * every later call, as the clock moves), else it works until cancelled or until the session closes.
 * The account lives in the ledger (`PaperBooks`): each call acts on it as stored and commits what it
 * changed atomically, so every instance sees one account and a restart forgets nothing. This process
 * answers one owner's calls one at a time, in call order.
 */
export class PaperBroker implements Broker {
  constructor(
    private readonly desk: PaperDesk,
    private readonly books: PaperBooks,
    private readonly market: MarketData,
    private readonly clock: Clock,
    private readonly nextOrderId: () => string,
  ) {}

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    return this.call((account) => this.sweep(account).map(() => account.account()));
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    return this.call((account) => this.sweep(account).map(() => account.positions())).andThen((held) => markedPositions(this.market, held));
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    return this.call((account) => this.sweep(account).map(() => account.orders(which)));
  }

  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const { faults } = this.desk;
    this.desk.submits++;
    return this.queued(() => {
      if (faults.takeFailedSubmit()) return errAsync(DOWN);
      const lostAck = faults.takeLostAck();
      const placed = this.books.transact(this.desk.ownerId, (account) => this.sweep(account).andThen(() => this.place(account, order)));
      return lostAck ? placed.andThen(() => errAsync(TIMEOUT)).orElse(() => errAsync(TIMEOUT)) : placed;
    });
  }

  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError> {
    return this.call((account) => this.sweep(account).map(() => account.byClientOrderId(clientOrderId)));
  }

  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    const { faults } = this.desk;
    return this.call((account) =>
      this.sweep(account).map((): CancelOutcome => {
        if (faults.refuseCancels) return refused('the broker refused the cancel request (simulated fault)');
        const order = account.byId(orderId);
        if (!order) return refused('order not found');
        if (!isWorking(order)) return refused('order is not cancelable');
        account.end(orderId, 'canceled');
        return { kind: 'canceled' };
      }),
    );
  }

  /**
   * Ends the working order `replaced` and places its replacement in one commit, then fills the replacement if it is
   * marketable, as a submit would. No replace is in flight here for a fill to race: a fill the market brought
   * before the call lands in the sweep first, and the replace is then refused.
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    return this.call((account) => this.sweep(account).andThen(() => this.replaceIn(account, replacement)));
  }

  /** The owner's calls take turns in this process, each counted against the request limit. */
  private queued<T>(work: () => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    return this.desk.queue.run(() => {
      const limited = this.desk.faults.takeRateLimit() ?? this.desk.rateLimit.take(this.clock.now());
      return limited ? errAsync(limited) : work();
    });
  }

  /** A call acting on the stored account. */
  private call<T>(work: (account: PaperAccount) => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    return this.queued(() => this.books.transact(this.desk.ownerId, work));
  }

  private place(account: PaperAccount, order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const problem = shapeProblem(order) ?? this.positionProblem(account, order);
    if (problem !== undefined) return errAsync(rejected(problem));
    if (account.hasClientOrderId(order.clientOrderId)) return errAsync(rejected('client_order_id must be unique'));
    return priceLegs(this.market, order.legs).andThen((legs) => {
      if (account.leavesUncoveredCalls(order)) return errAsync(rejected('uncovered short calls are not allowed (options level 3)'));
      const use = account.buyingPowerUse(order);
      const available = account.buyingPower();
      if (use > available) return errAsync(rejected(`insufficient buying power: the order needs $${use}, $${available} is available`));
      const now = this.clock.now();
      const placed = account.place(order, this.nextOrderId(), now, dayOrderEnd(now), use);
      return okAsync(this.fillIfMarketable(account, placed, legs) ?? placed);
    });
  }

  private replaceIn(account: PaperAccount, { orderId, clientOrderId, limitPrice }: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    const old = account.byId(orderId);
    if (!old) return errAsync(rejected('order not found'));
    if (old.status !== 'accepted' || old.filledQty > 0) return errAsync(rejected(`the order is ${old.status}; only a working order with nothing filled is replaced`));
    // The same legs and quantity as the old order, whose position checks they passed: only the price is new.
    const order: MultiLegOrder = { clientOrderId, qty: old.qty, limitPrice, legs: old.legs };
    const problem = shapeProblem(order);
    if (problem !== undefined) return errAsync(rejected(problem));
    if (account.hasClientOrderId(clientOrderId)) return errAsync(rejected('client_order_id must be unique'));
    return priceLegs(this.market, order.legs).andThen((legs) => {
      const use = account.buyingPowerUse(order);
      const available = account.buyingPower(orderId);
      if (use > available) return errAsync(rejected(`insufficient buying power: the replacement needs $${use}, $${available} is available`));
      const now = this.clock.now();
      const placed = account.replace(orderId, order, this.nextOrderId(), now, dayOrderEnd(now), use);
      if (!placed) return errAsync(rejected(`the order is ${old.status}; only a working order with nothing filled is replaced`));
      return okAsync(this.fillIfMarketable(account, placed, legs) ?? placed);
    });
  }

  /** Closing legs must close contracts held in that direction; opening legs must not face a held opposite position. */
  private positionProblem(account: PaperAccount, order: MultiLegOrder): string | undefined {
    for (const leg of order.legs) {
      if (leg.intent.endsWith('_to_close')) {
        const available = account.closable(leg.symbol, leg.side);
        if (available < order.qty) return `${leg.symbol}: insufficient qty available to ${leg.intent} (requested ${order.qty}, available ${available})`;
        continue;
      }
      const held = account.holding(leg.symbol)?.qty ?? 0;
      if ((leg.side === 'buy' && held < 0) || (leg.side === 'sell' && held > 0)) {
        return `${leg.symbol}: cannot ${leg.intent} while holding the opposite position; use ${leg.side}_to_close`;
      }
    }
    return undefined;
  }

  private fillIfMarketable(account: PaperAccount, order: BrokerOrder, legs: readonly PricedLeg[]): BrokerOrder | undefined {
    if (order.limitPrice < netMid(legs) - MIDPOINT_TOLERANCE - EPSILON) return undefined;
    return account.fill(order.id, order.limitPrice, legFillPrices(legs, order.limitPrice));
  }

  /** Expires day orders past their close and fills the working orders the market has come to. */
  private sweep(account: PaperAccount): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.sweepWorking(account));
  }

  private async sweepWorking(account: PaperAccount): Promise<void> {
    const now = this.clock.now();
    for (const { order, expiresAt } of account.working()) {
      if (now >= expiresAt) {
        account.end(order.id, 'expired');
        continue;
      }
      const legs = await priceLegs(this.market, order.legs);
      // A leg the market cannot price right now leaves the order working.
      if (legs.isOk()) this.fillIfMarketable(account, order, legs.value);
    }
  }
}
