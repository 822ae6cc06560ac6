import { cancelOutcomeOf, partFillRefusal } from '@condor/core';
import type { Broker, BrokerAccount, BrokerDryRun, BrokerError, BrokerOrder, BrokerPosition, CancelOutcome, MultiLegOrder, OrderReplacement } from '@condor/core';
import { ResultAsync, errAsync, okAsync } from 'neverthrow';
import { toAccount, toPositions } from './schwab-account.js';
import { journalCall, messageOf, readWire, refusal } from './schwab-broker-errors.js';
import type { SchwabResponse } from './schwab-http.js';
import { toDryRun } from './schwab-dry-run.js';
import { orderBody } from './schwab-order-body.js';
import { contextOf, findIntendedOrder } from './schwab-order-search.js';
import type { PlacementIntent, PlacementJournal } from './schwab-placements.js';
import type { SchwabSession } from './schwab-session.js';
import { isObject, isOptionOrder, isSettling, isWorkingStatus, orderIdOf, orderRequest, rejectionOf, statusOf, toOrder, type Json } from './schwab-wire.js';

/** Waits before re-reading an order whose cancel or replace Schwab has not finished; its length is the number of extra reads. */
const SETTLE_WAITS_MS = [250, 750, 1500] as const;

export interface SchwabBrokerOptions {
  /** The chosen account's hash value (`accountNumbers`): trading addresses accounts by hash, never by number. */
  readonly accountHash: string;
  readonly journal: PlacementJournal;
  readonly now: () => number;
  /** How many days back `orders('all')` lists (Schwab serves at most 60 from today). */
  readonly historyDays: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * One Schwab account over the Trader API. Schwab has no client order id: every placement and replacement records
 * its intent first (`PlacementJournal`), binds Schwab's id from the `Location` header when answered, and — when
 * a request goes unanswered — finds the order by legs, quantity, price and entered time before anything is sent
 * again.
 * @example
 * const broker = brokers.open({ ownerId: 'u1', credentials: { kind: 'schwab', refreshToken, refreshIssuedAt, accountHash } });
 * const account = await broker.verify(); // Ok({ accountId: '74120355', buyingPower: 100000, spreadsAllowed: true })
 */
export class SchwabBroker implements Broker {
  private readonly account: string;

  constructor(
    private readonly session: SchwabSession,
    private readonly options: SchwabBrokerOptions,
  ) {
    this.account = `/trader/v1/accounts/${encodeURIComponent(options.accountHash)}`;
  }

  private get owner(): string {
    return this.session.grant.ownerId;
  }

  verify(): ResultAsync<BrokerAccount, BrokerError> {
    return this.accountJson(false).andThen((json) => readWire(() => toAccount(json)));
  }

  positions(): ResultAsync<readonly BrokerPosition[], BrokerError> {
    return this.accountJson(true).andThen((json) => readWire(() => toPositions(json)));
  }

  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError> {
    return this.listed(this.options.historyDays).andThen(({ orders, intents }) =>
      readWire(() =>
        orders
          .filter((o) => isOptionOrder(o) && (which === 'all' || isWorkingStatus(statusOf(o) ?? 'UNKNOWN')))
          .map((o) => toOrder(o, contextOf(o as Json, intents)))
          .sort((a, b) => b.submittedAt - a.submittedAt || Number(b.id) - Number(a.id)),
      ),
    );
  }

  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError> {
    const body = orderBody(order);
    if (body.isErr()) return errAsync(body.error);
    return this.intent(order.clientOrderId).andThen((existing) => {
      if (existing?.state === 'placed' && existing.orderId !== null) return this.read(existing.orderId);
      const findFirst = existing?.state === 'sent' ? this.find(existing) : okAsync<Json | null, BrokerError>(null);
      return findFirst.andThen((found) => (found !== null ? this.bind(existing as PlacementIntent, found) : this.place(order, body.value)));
    });
  }

  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError> {
    return this.intent(clientOrderId).andThen((intent): ResultAsync<BrokerOrder | null, BrokerError> => {
      if (intent === undefined || intent.state === 'refused') return okAsync(null);
      if (intent.orderId !== null) return this.read(intent.orderId);
      return this.find(intent).andThen((found) => (found === null ? okAsync(null) : this.bind(intent, found)));
    });
  }

  /** `DELETE …/orders/{id}` answers 200 with nothing: the order is re-read until its `PENDING_CANCEL` ends. */
  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError> {
    const path = `${this.account}/orders/${encodeURIComponent(orderId)}`;
    return this.session.request('DELETE', path, { orderAccount: this.options.accountHash }).andThen((response): ResultAsync<CancelOutcome, BrokerError> => {
      if (response.status === 400 || response.status === 404) return okAsync({ kind: 'refused', message: response.reason });
      if (response.status !== 200 && response.status !== 204) return errAsync(refusal(response));
      return this.settled(orderId, 0)
        .map(cancelOutcomeOf)
        .orElse(() => okAsync<CancelOutcome, BrokerError>({ kind: 'canceled' }));
    });
  }

  /**
   * `PUT …/orders/{id}` with the complete order at the new price: 201 and the new order's id in `Location`. The
   * original is read first (a partly filled or ended one is refused); the intent of the new client order id is
   * recorded before the PUT; the new order is re-read until Schwab has finished the replace.
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError> {
    return this.intent(replacement.clientOrderId).andThen((existing) => {
      if (existing !== undefined && existing.state !== 'refused') {
        if (existing.replaces === replacement.orderId && existing.orderId !== null) return this.read(existing.orderId);
        if (existing.replaces !== replacement.orderId) return errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message: `client order id ${replacement.clientOrderId} is already used by another order; a replacement needs one of its own` });
      }
      return this.read(replacement.orderId)
        .orElse((error) => errAsync<BrokerOrder, BrokerError>(error.kind === 'unavailable' ? error : { kind: 'rejected', message: `order ${replacement.orderId} is not known: ${messageOf(error)}` }))
        .andThen((original) => {
          const partly = partFillRefusal(original);
          if (partly !== null) return errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message: partly });
          if (original.status !== 'accepted') return errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message: `order ${original.id} is ${original.status}; only a working order is replaced` });
          const intent: PlacementIntent = { clientOrderId: replacement.clientOrderId, accountHash: this.options.accountHash, legs: original.legs, qty: original.qty, limitPrice: replacement.limitPrice, sentAt: this.options.now(), orderId: null, replaces: original.id, state: 'sent' };
          return this.record(intent).andThen(() => this.sendReplace(intent));
        });
    });
  }

  /** Schwab's preview of the order (`POST …/previewOrder`, the same body): its fees, buying-power effect and refusals. */
  dryRun(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError> {
    const body = orderBody(order);
    if (body.isErr()) return errAsync(body.error);
    return ResultAsync.combine([this.verify(), this.session.request('POST', `${this.account}/previewOrder`, { body: body.value, idempotent: true })]).andThen(([account, response]) => {
      if (response.status === 400) return okAsync<BrokerDryRun, BrokerError>({ fees: 0, buyingPowerChange: 0, buyingPowerAfter: account.buyingPower, refusals: [response.reason], warnings: [] });
      if (response.status !== 200) return errAsync<BrokerDryRun, BrokerError>(refusal(response));
      return readWire(() => toDryRun(response.data, account.buyingPower));
    });
  }

  private place(order: MultiLegOrder, body: Json): ResultAsync<BrokerOrder, BrokerError> {
    const intent: PlacementIntent = { clientOrderId: order.clientOrderId, accountHash: this.options.accountHash, legs: order.legs, qty: order.qty, limitPrice: order.limitPrice, sentAt: this.options.now(), orderId: null, replaces: null, state: 'sent' };
    return this.record(intent).andThen(() =>
      this.session
        .request('POST', `${this.account}/orders`, { body, orderAccount: this.options.accountHash })
        .andThen((response) => this.created(intent, response))
        .orElse((error) => this.lookAfter(intent, error)),
    );
  }

  private sendReplace(intent: PlacementIntent): ResultAsync<BrokerOrder, BrokerError> {
    const original = intent.replaces ?? '';
    const body = orderRequest({ qty: intent.qty, limitPrice: intent.limitPrice, legs: intent.legs });
    return this.session
      .request('PUT', `${this.account}/orders/${encodeURIComponent(original)}`, { body, orderAccount: this.options.accountHash })
      .andThen((response) => this.created(intent, response))
      .orElse((error): ResultAsync<BrokerOrder, BrokerError> => {
        if (error.kind !== 'rejected') return this.lookAfter(intent, error);
        // Refused: say whether a fill of the original won the race.
        return this.read(original)
          .map((now) => (now.status === 'filled' ? 'the order filled before it could be replaced' : `${error.message} (the order is ${now.status})`))
          .orElse(() => okAsync(error.message))
          .andThen((message) => errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message }));
      });
  }

  /** A 201 with `Location`: the intent is bound to the new id, and the order read back once Schwab has settled it. */
  private created(intent: PlacementIntent, response: SchwabResponse): ResultAsync<BrokerOrder, BrokerError> {
    if (response.status === 400 || response.status === 403 || response.status === 404) {
      return this.record({ ...intent, state: 'refused' }).andThen(() => errAsync<BrokerOrder, BrokerError>({ kind: 'rejected', message: response.reason }));
    }
    if (response.status !== 201) return errAsync(refusal(response));
    const id = /\/orders\/(\d+)\/?$/.exec(response.location ?? '')?.[1];
    // Without a Location (reported for instant fills) the order is found like an unanswered one.
    if (id === undefined) return this.lookAfter(intent, { kind: 'unavailable', message: 'Schwab took the order without saying its id' });
    return this.record({ ...intent, orderId: id, state: 'placed' }).andThen(() => this.settled(id, 0)).andThen((order) => this.answer(order));
  }

  /** After no answer, or an unreadable one: the order may stand. Look before saying unknown; never send again here. */
  private lookAfter(intent: PlacementIntent, error: BrokerError): ResultAsync<BrokerOrder, BrokerError> {
    if (error.kind !== 'unavailable') return errAsync(error);
    return this.find(intent)
      .orElse(() => okAsync(null))
      .andThen((found) =>
        found === null
          ? errAsync<BrokerOrder, BrokerError>({ kind: 'unavailable', message: `${error.message}; no order with these legs, quantity and price entered since the request is listed yet` })
          : this.bind(intent, found),
      );
  }

  /** The order an unanswered intent became, among this account's orders of the last day (`findIntendedOrder`). */
  private find(intent: PlacementIntent): ResultAsync<Json | null, BrokerError> {
    return this.listed(1).map(({ orders, intents }) => findIntendedOrder(orders, intents, intent));
  }

  private bind(intent: PlacementIntent, found: Json): ResultAsync<BrokerOrder, BrokerError> {
    return readWire(() => orderIdOf(found)).andThen((id) => this.record({ ...intent, orderId: id, state: 'placed' }).andThen(() => this.read(id)).andThen((order) => this.answer(order)));
  }

  /** An order Schwab holds, or its rejection in words. */
  private answer(order: BrokerOrder & { readonly rejection?: string | null }): ResultAsync<BrokerOrder, BrokerError> {
    const { rejection, ...plain } = order;
    return rejection === undefined || rejection === null ? okAsync(plain) : errAsync({ kind: 'rejected', message: rejection });
  }

  /** One order read, named by its intent. */
  private read(orderId: string): ResultAsync<BrokerOrder & { readonly rejection: string | null }, BrokerError> {
    return this.session.request('GET', `${this.account}/orders/${encodeURIComponent(orderId)}`, { idempotent: true }).andThen((response) => {
      if (response.status === 404) return errAsync<never, BrokerError>({ kind: 'rejected', message: response.reason });
      if (response.status !== 200) return errAsync<never, BrokerError>(refusal(response));
      return this.journalList().andThen((intents) => readWire(() => ({ ...toOrder(response.data, contextOf(response.data as Json, intents)), rejection: rejectionOf(response.data) })));
    });
  }

  /** The order once Schwab has finished the step under way (a cancel or a replace), or as it is after the waits. */
  private settled(orderId: string, reread: number): ResultAsync<BrokerOrder & { readonly rejection: string | null }, BrokerError> {
    return this.session.request('GET', `${this.account}/orders/${encodeURIComponent(orderId)}`, { idempotent: true }).andThen((response) => {
      const status = statusOf(response.data);
      const wait = SETTLE_WAITS_MS[reread];
      if (response.status === 200 && status !== null && isSettling(status) && wait !== undefined) {
        return ResultAsync.fromSafePromise(this.options.sleep(wait)).andThen(() => this.settled(orderId, reread + 1));
      }
      return this.read(orderId);
    });
  }

  /** This account's orders entered in the last `days` (and the next day, for clock skew), with its intents. */
  private listed(days: number): ResultAsync<{ readonly orders: readonly unknown[]; readonly intents: readonly PlacementIntent[] }, BrokerError> {
    const now = this.options.now();
    const query = new URLSearchParams({ fromEnteredTime: schwabQueryTime(now - days * 86_400_000), toEnteredTime: schwabQueryTime(now + 86_400_000), maxResults: '3000' });
    const orders = this.session.request('GET', `${this.account}/orders?${query.toString()}`, { idempotent: true }).andThen((response) =>
      response.status === 200 && Array.isArray(response.data) ? okAsync<readonly unknown[], BrokerError>(response.data) : errAsync<readonly unknown[], BrokerError>(refusal(response)),
    );
    return ResultAsync.combine([orders, this.journalList()]).map(([list, intents]) => ({ orders: list, intents }));
  }

  private accountJson(positions: boolean): ResultAsync<Json, BrokerError> {
    return this.session.request('GET', `${this.account}${positions ? '?fields=positions' : ''}`, { idempotent: true }).andThen((response) => {
      if (response.status === 200 && isObject(response.data)) return okAsync(response.data);
      if (response.status === 403 || response.status === 404) {
        return errAsync<Json, BrokerError>({ kind: 'auth_failed', loginAt: 'Schwab', message: `Schwab will not show the chosen account to this login (HTTP ${String(response.status)}: ${response.reason}). Choose one of the login's accounts, or log in at Schwab again.` });
      }
      return errAsync<Json, BrokerError>(refusal(response));
    });
  }

  private intent(clientOrderId: string): ResultAsync<PlacementIntent | undefined, BrokerError> {
    return journalCall(this.options.journal.get(this.owner, this.options.accountHash, clientOrderId));
  }

  private journalList(): ResultAsync<readonly PlacementIntent[], BrokerError> {
    return journalCall(this.options.journal.list(this.owner, this.options.accountHash));
  }

  private record(intent: PlacementIntent): ResultAsync<void, BrokerError> {
    return journalCall(this.options.journal.put(this.owner, intent));
  }
}

/** Schwab's list times: `yyyy-MM-dd'T'HH:mm:ss.SSSZ`. */
const schwabQueryTime = (ms: number): string => new Date(ms).toISOString();
