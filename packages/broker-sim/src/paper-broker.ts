import { easternDay, isTradingDay, replaceRefusal, sessionClose } from '@condor/core';
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
import type { FillMemory, PaperFills, WorkingAt } from './paper-fills.js';
import type { PaperRateLimit } from './paper-rate-limit.js';
import { priceLegs, shapeProblem, type PricedLeg } from './paper-legs.js';
import { markedPositions } from './paper-marks.js';
import { fillPlaced, sweepWorking, type FillDesk } from './paper-sweep.js';
import type { SerialQueue } from './serial-queue.js';
import { money } from '@condor/core/words';

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
  /** What the fill model keeps of the account's working orders between calls. */
  readonly fillMemory: FillMemory;
}

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
 * fills at its limit, whole or in part, when its fill model says so (judged at placement and again on
 * every later call, as the clock moves), and what is unfilled works until cancelled or until the session closes.
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
    private readonly fills: PaperFills,
  ) {}

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    return this.call((account) => okAsync(account.account()));
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    return this.call((account) => okAsync(account.positions())).andThen((held) => markedPositions(this.market, held));
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    return this.call((account) => okAsync(account.orders(which)));
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
    return this.call((account) => okAsync(account.byClientOrderId(clientOrderId)));
  }

  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    const { faults } = this.desk;
    return this.call((account) => {
      if (faults.refuseCancels) return okAsync(refused('the broker refused the cancel request (simulated fault)'));
      const order = account.byId(orderId);
      if (!order) return okAsync(refused('order not found'));
      if (!isWorking(order)) return okAsync(refused('order is not cancelable'));
      account.end(orderId, 'canceled');
      return okAsync<CancelOutcome>({ kind: 'canceled' });
    });
  }

  /**
   * Ends the working order `replaced` and places its replacement in one commit, then fills what the fill model says
   * of the replacement, as a submit would. No replace is in flight here for a fill to race: a fill the market
   * brought before the call lands in the sweep first, and the replace is then refused.
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    return this.call((account) => this.replaceIn(account, replacement));
  }

  /** The owner's calls take turns in this process, each counted against the request limit. */
  private queued<T>(work: () => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    return this.desk.queue.run(() => {
      const limited = this.desk.faults.takeRateLimit() ?? this.desk.rateLimit.take(this.clock.now());
      return limited ? errAsync(limited) : work();
    });
  }

  /** A call acting on the stored account, its working orders first brought up to now. */
  private call<T>(work: (account: PaperAccount) => ResultAsync<T, BrokerError>): ResultAsync<T, BrokerError> {
    return this.queued(() => this.books.transact(this.desk.ownerId, (account) => this.sweep(account).andThen(() => work(account))));
  }

  private place(account: PaperAccount, order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const problem = shapeProblem(order) ?? this.positionProblem(account, order);
    if (problem !== undefined) return errAsync(rejected(problem));
    if (account.hasClientOrderId(order.clientOrderId)) return errAsync(rejected('client_order_id must be unique'));
    return priceLegs(this.market, order.legs).andThen((legs) => {
      if (account.leavesUncoveredCalls(order)) return errAsync(rejected('uncovered short calls are not allowed (options level 3)'));
      const use = account.buyingPowerUse(order);
      const available = account.buyingPower();
      if (use > available) return errAsync(rejected(`insufficient buying power: the order needs ${money(use)}, ${money(available)} is available`));
      const now = this.clock.now();
      const expiresAt = dayOrderEnd(now);
      const placed = account.place(order, this.nextOrderId(), now, expiresAt, use);
      return this.fillPlaced(account, { order: placed, now, expiresAt }, legs);
    });
  }

  private replaceIn(account: PaperAccount, { orderId, clientOrderId, limitPrice }: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    const old = account.byId(orderId);
    if (!old) return errAsync(rejected('order not found'));
    const refusal = replaceRefusal(old);
    if (refusal !== null) return errAsync(rejected(refusal));
    // The same legs and quantity as the old order, whose position checks they passed: only the price is new.
    const order: MultiLegOrder = { clientOrderId, qty: old.qty, limitPrice, legs: old.legs };
    const problem = shapeProblem(order);
    if (problem !== undefined) return errAsync(rejected(problem));
    if (account.hasClientOrderId(clientOrderId)) return errAsync(rejected('client_order_id must be unique'));
    return priceLegs(this.market, order.legs).andThen((legs) => {
      const use = account.buyingPowerUse(order);
      const available = account.buyingPower(orderId);
      if (use > available) return errAsync(rejected(`insufficient buying power: the replacement needs ${money(use)}, ${money(available)} is available`));
      const now = this.clock.now();
      const expiresAt = dayOrderEnd(now);
      const placed = account.replace(orderId, order, this.nextOrderId(), now, expiresAt, use);
      if (!placed) return errAsync(rejected(replaceRefusal(old) ?? 'the order is no longer working'));
      return this.fillPlaced(account, { order: placed, now, expiresAt }, legs);
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

  /** Fills the working orders as the fill model says, then expires day orders past their close. */
  private sweep(account: PaperAccount): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(sweepWorking(this.fillDesk(), account, this.clock.now()));
  }

  /** Fills what the fill model says of an order just placed; the order as it is then. */
  private fillPlaced(account: PaperAccount, at: WorkingAt, legs: readonly PricedLeg[]): ResultAsync<BrokerOrder, never> {
    return ResultAsync.fromSafePromise(fillPlaced(this.fillDesk(), account, at, legs));
  }

  private fillDesk(): FillDesk {
    return { market: this.market, fills: this.fills, memory: this.desk.fillMemory };
  }
}
