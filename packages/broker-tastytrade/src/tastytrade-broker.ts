import { cancelOutcomeOf, partFillRefusal } from '@condor/core';
import type { Broker, BrokerAccount, BrokerDryRun, BrokerError, BrokerOrder, BrokerPosition, CancelOutcome, MultiLegOrder, OrderReplacement } from '@condor/core';
import { ResultAsync, err, errAsync, ok, okAsync, type Result } from 'neverthrow';
import { buyingPowerOf, toAccount, toOptionPosition } from './tastytrade-account-wire.js';
import { refusedDryRun, toBrokerDryRun, toDryRun } from './tastytrade-dry-run.js';
import { decodeResponse, getData, readWire, refusalOf } from './tastytrade-broker-responses.js';
import type { TastytradeResponse } from './tastytrade-http.js';
import { merge, newest, newestFirst, orderNumber, TastytradeOrderLookup } from './tastytrade-order-lookup.js';
import { isContingent, isOptionOrder, isWorking, orderRequest, rejectionOf, replacedOrderId, replaceRequest, toOrder } from './tastytrade-order-wire.js';
import type { TastytradeSession } from './tastytrade-session.js';
import { items, isObject, WireError, type Json } from './tastytrade-wire.js';

/** The most legs tastytrade takes in one equity option order. */
const MAX_LEGS = 4;
/** Waits before re-reading an order whose cancel or replace is still under way; its length is the number of extra reads. */
const SETTLE_WAITS_MS = [250, 750] as const;

export interface TastytradeBrokerOptions {
  /** The account the person chose when connecting. */
  readonly accountNumber: string;
  /** Sent as the order's `source`: condor's User-Agent. */
  readonly source: string;
  /** Epoch milliseconds, for the order search's start date. */
  readonly now: () => number;
  /** How many days back `orders('all')` and `orderByClientId` search (the search needs a start date). */
  readonly historyDays: number;
  /** Waits between re-reads of an order being cancelled. */
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * One tastytrade account over the Open API. tastytrade has no idempotency key: the client order id travels as
 * `external-identifier`, which it echoes but does not deduplicate, so a submit first looks for an order already
 * carrying it, and a submit that met a timeout or a 5xx looks again before answering `unavailable`.
 * @example
 * const broker = brokers.open({ ownerId: 'u1', environment: 'paper', accountNumber: '5WT00001', credentials });
 * const account = await broker.verify(); // Ok({ accountId: '5WT00001', buyingPower: 100000, spreadsAllowed: true })
 */
export class TastytradeBroker implements Broker {
  private readonly account: string;
  private readonly lookup: TastytradeOrderLookup;

  constructor(
    private readonly session: TastytradeSession,
    private readonly options: TastytradeBrokerOptions,
  ) {
    this.account = `/accounts/${encodeURIComponent(options.accountNumber)}`;
    this.lookup = new TastytradeOrderLookup(session, { accountPath: this.account, now: options.now, historyDays: options.historyDays });
  }

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    const read = (path: string): ResultAsync<unknown, BrokerError> =>
      this.session.request('GET', `${this.account}${path}`, { idempotent: true }).andThen((response) => {
        if (response.status === 403 || response.status === 404) return errAsync(this.notThisLogin(response));
        return decodeResponse(response, (data) => data);
      });
    return ResultAsync.combine([read('/balances/USD'), read('/trading-status')]).andThen(([balances, status]) =>
      readWire(() => toAccount(this.options.accountNumber, balances, status)),
    );
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    const query = new URLSearchParams({ 'instrument-type': 'Equity Option', 'include-marks': 'true' });
    return getData(this.session, `${this.account}/positions?${query.toString()}`).andThen((data) =>
      readWire(() => items(data, 'positions').map(toOptionPosition).filter((p) => p !== null)),
    );
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    const listed =
      which === 'open'
        ? this.lookup.liveOrders().map((orders) => orders.filter(isWorking))
        : // Today's orders too: a search may not list an order placed a moment ago.
          ResultAsync.combine([this.lookup.liveOrders(), this.lookup.searchOrders()]).map(([live, past]) => merge(live, past));
    return listed.andThen((orders) => readWire(() => newestFirst(orders.filter(isOptionOrder).map(toOrder))));
  }

  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const body = this.body(order);
    if (body.isErr()) return errAsync(body.error);
    return this.lookup.findToday(order.clientOrderId).andThen((existing) => (existing === null ? this.place(order, body.value) : this.answer(existing)));
  }

  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError> {
    return this.lookup.findToday(clientOrderId)
      .andThen((found) => (found === null ? this.lookup.searchOrders().map((past) => newest(past, clientOrderId)) : okAsync(found)))
      .andThen((found) => (found === null ? okAsync(null) : readWire(() => toOrder(found))));
  }

  /**
   * A 200 only means the cancel was requested (`Cancel Requested`): the order is re-read, briefly, until it is
   * cancelled or a fill has won the race; still requested after that, the cancel is taken as accepted.
   */
  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    const path = `${this.account}/orders/${encodeURIComponent(orderId)}`;
    return this.session.request('DELETE', path).andThen((response): ResultAsync<CancelOutcome, BrokerError> => {
      if (response.status === 400 || response.status === 404) return okAsync({ kind: 'refused', message: response.reason });
      if (response.status === 422) return this.whyNotUpdated(path, response.reason, 'cancelled').map((message): CancelOutcome => ({ kind: 'refused', message }));
      if (response.status !== 200 && response.status !== 204) return errAsync(refusalOf(response));
      const requested: CancelOutcome = { kind: 'canceled' };
      return this.awaitCancel(path, 0).orElse(() => okAsync(requested));
    });
  }

  /**
   * `PUT …/orders/{id}`, whose answer is the replacement itself at `data` (a placement nests it in `data.order`). The
   * original is read first: a partly filled one is refused. tastytrade does not refuse a second order with one
   * external-identifier, so an order already carrying the new client order id is the answer when it replaces this
   * one (a retry), and a refusal otherwise. The replacement waits (`Contingent`) for the original's cancel and is
   * aborted if the original fills first: it is re-read, briefly, until it is routed or aborted.
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    const path = `${this.account}/orders/${encodeURIComponent(replacement.orderId)}`;
    return this.session
      .request('GET', path, { idempotent: true })
      .andThen((response) => (response.status === 404 ? errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message: response.reason }) : decodeResponse(response, toOrder)))
      .andThen((original) => {
        const partly = partFillRefusal(original);
        return partly === null ? this.lookup.findToday(replacement.clientOrderId) : errAsync<never, BrokerError>({ kind: 'rejected', message: partly });
      })
      .andThen((existing) => {
        if (existing === null) return this.sendReplace(path, replacement);
        if (replacedOrderId(existing) === replacement.orderId) return this.answer(existing);
        return errAsync<BrokerOrder, BrokerError>({
          kind: 'rejected',
          message: `order ${String(orderNumber(existing))} already carries external-identifier ${replacement.clientOrderId}; a replacement needs a client order id of its own`,
        });
      });
  }

  /**
   * What tastytrade computes for the order without placing it (`POST …/orders/dry-run`, the same body): its fees
   * and the buying power it would use and leave. Why the live order would be refused comes back as `refusals`,
   * the preflight's refusal (422 `preflight_check_failure`) included, so the order can be stopped before anyone
   * is asked to approve it.
   */
  dryRun(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError> {
    const body = this.body(order);
    if (body.isErr()) return errAsync(body.error);
    return this.session.request('POST', `${this.account}/orders/dry-run`, { body: body.value, idempotent: true }).andThen((response) => {
      if (response.status === 422 && response.code === 'preflight_check_failure') {
        return getData(this.session, `${this.account}/balances/USD`).andThen((balances) => readWire(() => refusedDryRun(response.reason, buyingPowerOf(balances))));
      }
      return decodeResponse(response, (data) => toBrokerDryRun(toDryRun(data)));
    });
  }

  private sendReplace(path: string, replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    return this.session
      .request('PUT', path, { body: replaceRequest(replacement, this.options.source) })
      .andThen((response): ResultAsync<unknown, BrokerError> => {
        if (response.status === 400 || response.status === 404) return errAsync({ kind: 'rejected', message: response.reason });
        if (response.code === 'cannot_update_order') return this.whyNotUpdated(path, response.reason, 'replaced').andThen((message) => errAsync<never, BrokerError>({ kind: 'rejected', message }));
        return decodeResponse(response, (data) => data);
      })
      .andThen((placed) => (isContingent(placed) ? readWire(() => toOrder(placed)).andThen((order) => this.awaitReplacement(order.id, 0)) : this.answer(placed)))
      .orElse((error) => {
        if (error.kind !== 'unavailable') return errAsync(error);
        // No answer, or an unreadable one: the replacement may stand. Look before saying unknown.
        return this.lookup.findToday(replacement.clientOrderId)
          .orElse(() => okAsync(null))
          .andThen((found) =>
            found !== null && replacedOrderId(found) === replacement.orderId
              ? this.answer(found)
              : errAsync<BrokerOrder, BrokerError>({ kind: 'unavailable', message: `${error.message}; no replacement with external-identifier ${replacement.clientOrderId} is listed yet` }),
          );
      });
  }

  /** The replacement once it is routed or aborted, or as it is after the waits. */
  private awaitReplacement(id: string, reread: number): ResultAsync<BrokerOrder, BrokerError> {
    return getData(this.session, `${this.account}/orders/${encodeURIComponent(id)}`).andThen((data) => {
      const wait = SETTLE_WAITS_MS[reread];
      if (!isContingent(data) || wait === undefined) return this.answer(data);
      return ResultAsync.fromSafePromise(this.options.sleep(wait)).andThen(() => this.awaitReplacement(id, reread + 1));
    });
  }

  private awaitCancel(path: string, reread: number): ResultAsync<CancelOutcome, BrokerError> {
    return getData(this.session, path)
      .andThen((data) => readWire(() => toOrder(data)))
      .andThen((order) => {
        const wait = SETTLE_WAITS_MS[reread];
        if (order.status !== 'pending_cancel' || wait === undefined) return okAsync(cancelOutcomeOf(order));
        return ResultAsync.fromSafePromise(this.options.sleep(wait)).andThen(() => this.awaitCancel(path, reread + 1));
      });
  }

  /** A 422 (`cannot_update_order`): the order is no longer working; in words, saying whether a fill won the race. */
  private whyNotUpdated(path: string, reason: string, what: 'cancelled' | 'replaced'): ResultAsync<string, never> {
    return getData(this.session, path)
      .andThen((data) => readWire(() => toOrder(data)))
      .map((order) => (order.status === 'filled' ? `the order filled before it could be ${what}` : `${reason} (the order is ${order.status})`))
      .orElse(() => okAsync(reason));
  }

  private place(order: MultiLegOrder, body: Json): ResultAsync<BrokerOrder, BrokerError> {
    return this.session
      .request('POST', `${this.account}/orders`, { body })
      .andThen((response) => decodeResponse(response, (data) => (isObject(data) ? data.order : undefined)))
      .andThen((placed) => this.answer(placed))
      .orElse((error) => {
        if (error.kind !== 'unavailable') return errAsync(error);
        // No answer, or an unreadable one: the order may still have been placed. Look before saying unknown.
        return this.lookup.findToday(order.clientOrderId)
          .orElse(() => okAsync(null))
          .andThen((found) =>
            found === null
              ? errAsync<BrokerOrder, BrokerError>({ kind: 'unavailable', message: `${error.message}; no order with external-identifier ${order.clientOrderId} is listed yet` })
              : this.answer(found),
          );
      });
  }

  /** An order tastytrade holds, or its rejection in words. */
  private answer(value: unknown): ResultAsync<BrokerOrder, BrokerError> {
    const rejection = rejectionOf(value);
    if (rejection !== null) return errAsync({ kind: 'rejected', message: rejection });
    return readWire(() => toOrder(value));
  }

  /** The order's body, or why tastytrade would refuse it, without asking. */
  private body(order: MultiLegOrder): Result<Json, BrokerError> {
    const refuse = (message: string): Result<never, BrokerError> => err({ kind: 'rejected', message });
    if (order.legs.length === 0 || order.legs.length > MAX_LEGS) return refuse(`a multi-leg order has 1 to ${MAX_LEGS} legs, not ${order.legs.length}`);
    if (!Number.isInteger(order.qty) || order.qty < 1) return refuse(`qty must be a whole number of units, not ${order.qty}`);
    if (new Set(order.legs.map((leg) => leg.symbol)).size !== order.legs.length) return refuse('each leg of an order must be a different contract');
    try {
      return ok(orderRequest(order, this.options.source));
    } catch (cause) {
      if (cause instanceof WireError) return refuse(cause.message);
      throw cause;
    }
  }

  private notThisLogin(response: TastytradeResponse): BrokerError {
    return {
      kind: 'auth_failed',
      message: `tastytrade will not show account ${this.options.accountNumber} to this login (HTTP ${response.status}: ${response.reason}). Choose one of the login's accounts, or re-enter the keys on the broker keys page.`,
    };
  }
}
