import type { Broker, BrokerAccount, BrokerDryRun, BrokerError, BrokerOrder, BrokerPosition, CancelOutcome, Clock, MultiLegOrder, OrderReplacement } from '@condor/core';
import { acceptedOrder, replaceRefusal } from '@condor/core';
import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from 'neverthrow';
import { defaultDryRun, fill, orderRefusal, rejected, WORKING, type FakeAccount } from './fake-broker-account.js';

/** One opened account of FakeBrokers: each call completes synchronously on the shared account state. */
export class FakeBroker implements Broker {
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
    const why = orderRefusal(this.account, order);
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
