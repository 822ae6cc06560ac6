import { cancelOutcomeOf, partFillRefusal } from '@condor/core';
import type { Broker, BrokerAccount, BrokerError, BrokerOrder, BrokerPosition, CancelOutcome, MultiLegOrder, OrderReplacement } from '@condor/core';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { AlpacaHttp, AlpacaResponse } from './alpaca-http.js';
import { isMultiLeg, list, orderRequest, replaceRequest, toAccount, toOptionPosition, toOrder, WireError } from './alpaca-wire.js';

const MAX_LEGS = 4;
/** Alpaca's largest page; a user's condor orders fit in it. */
const ORDER_PAGE = 500;

/**
 * A user's Alpaca account (paper or live) over the Trading API. Only multi-leg orders are listed, as the
 * service places no other kind; short option positions come back with a negative quantity.
 * @example
 * const broker = new AlpacaBroker(new AlpacaHttp({ baseUrl: ALPACA_TRADING_URLS.paper, environment: 'paper', credentials, timeoutMs: 10_000, now, sleep }));
 * const account = await broker.verify(); // Err({ kind: 'auth_failed', … }) for live keys on paper
 */
export class AlpacaBroker implements Broker {
  constructor(private readonly http: AlpacaHttp) {}

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    return this.http.request('GET', '/v2/account').andThen((response) => {
      if (response.status === 403) return errAsync(this.http.authFailed(response.status));
      return this.decode(response, 200, toAccount);
    });
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    return this.http
      .request('GET', '/v2/positions')
      .andThen((response) => this.decode(response, 200, (body) => list(body, 'positions').map(toOptionPosition).filter((p) => p !== null)));
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    const query = new URLSearchParams({ status: which, nested: 'true', limit: String(ORDER_PAGE), direction: 'desc' });
    return this.http
      .request('GET', `/v2/orders?${query.toString()}`)
      .andThen((response) => this.decode(response, 200, (body) => list(body, 'orders').filter(isMultiLeg).map(toOrder)));
  }

  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    if (order.legs.length === 0 || order.legs.length > MAX_LEGS) {
      return errAsync({ kind: 'rejected', message: `a multi-leg order has 1 to ${MAX_LEGS} legs, not ${order.legs.length}` });
    }
    if (!Number.isInteger(order.qty) || order.qty < 1) return errAsync({ kind: 'rejected', message: `qty must be a whole number of units, not ${order.qty}` });
    return this.http.request('POST', '/v2/orders', orderRequest(order)).andThen((response): ResultAsync<BrokerOrder, BrokerError> => {
      if (response.status === 403 || response.status === 422) return errAsync({ kind: 'rejected', message: response.message });
      return this.decode(response, 200, toOrder);
    });
  }

  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError> {
    const query = new URLSearchParams({ client_order_id: clientOrderId });
    return this.http.request('GET', `/v2/orders:by_client_order_id?${query.toString()}`).andThen((response) => {
      if (response.status === 404) return okAsync(null);
      return this.decode(response, 200, toOrder);
    });
  }

  /** A 204 only means the cancel was accepted, so the order is re-read: a fill may have won the race. */
  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    const path = `/v2/orders/${encodeURIComponent(orderId)}`;
    return this.http.request('DELETE', path).andThen((response): ResultAsync<CancelOutcome, BrokerError> => {
      if (response.status === 404 || response.status === 422) return okAsync({ kind: 'refused', message: response.message });
      if (response.status !== 204 && response.status !== 200) return this.unexpected(response);
      return this.http.request('GET', path).andThen((reread) => this.decode(reread, 200, toOrder)).map(cancelOutcomeOf);
    });
  }

  /**
   * PATCH /v2/orders/{id}: Alpaca answers the new order (new id, `replaces` the old one) and refuses an order that is
   * no longer working, or not yet routed, with a 422. It would replace a partly filled order, which the port refuses,
   * so the order is read first. A 200 does not mean replaced: a fill of the old order may still win, and the new one
   * is then rejected (both are read back to know).
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    const path = `/v2/orders/${encodeURIComponent(replacement.orderId)}`;
    return this.http
      .request('GET', path)
      .andThen((response): ResultAsync<BrokerOrder, BrokerError> => {
        if (response.status === 404) return errAsync({ kind: 'rejected', message: response.message });
        return this.decode(response, 200, toOrder);
      })
      .andThen((old): ResultAsync<AlpacaResponse, BrokerError> => {
        const partly = partFillRefusal(old);
        if (partly !== null) return errAsync({ kind: 'rejected', message: partly });
        return this.http.request('PATCH', path, replaceRequest(replacement));
      })
      .andThen((response): ResultAsync<BrokerOrder, BrokerError> => {
        if (response.status === 403 || response.status === 404 || response.status === 422) return errAsync({ kind: 'rejected', message: response.message });
        return this.decode(response, 200, toOrder);
      });
  }

  private decode<T>(response: AlpacaResponse, expected: number, read: (body: unknown) => T): ResultAsync<T, BrokerError> {
    if (response.status !== expected) return this.unexpected(response);
    try {
      return okAsync(read(response.body));
    } catch (cause) {
      if (cause instanceof WireError) return errAsync({ kind: 'unavailable', message: `Alpaca answered an unexpected shape: ${cause.message}` });
      throw cause;
    }
  }

  /** A 4xx the endpoint does not document: Alpaca refused the request, with its reason. */
  private unexpected(response: AlpacaResponse): ResultAsync<never, BrokerError> {
    return errAsync({ kind: 'rejected', message: `Alpaca answered ${response.status}: ${response.message}` });
  }
}
