import { holdFill, openAccount, type BookAccount, type FakeAccountSpec } from './fake-tastytrade-accounts.js';
import { buyingPowerEffectJson, costsOf, decimalText, feeCalculationJson, netMark } from './fake-tastytrade-costs.js';
import { newYorkDate, type FakeMarket } from './fake-tastytrade-market.js';
import { isBuy, isClose, isShortLeg, preflight, refuse, WORKING, type OrderRequest, type Refusal, type ReplaceRequest, type Status } from './fake-tastytrade-orders.js';
import { orderJson, requestJson, type Fill, type Order } from './fake-tastytrade-placed-order.js';

const SPREAD_LEVELS: ReadonlySet<string> = new Set(['Defined Risk Spreads', 'No Restrictions']);
const FIRST_ORDER_ID = 771_043;

export interface PlaceOptions {
  /** False while the market is closed: the order waits as `Received` and nothing fills. */
  readonly marketOpen: boolean;
  /** Fill only this many units of a marketable order now; it stays `Live` with the rest. */
  readonly fillUnits?: number;
  /** Report the first leg's fill at once and the other legs' from the request after next (`Filled` before they are). */
  readonly lagLegs?: boolean;
}

/**
 * The fake's accounts and orders. An order is `Routed` when accepted, then `Live`; a marketable one (its limit at
 * or through the net of the legs' marks) fills at once at the marks. A partial fill leaves it `Live` with
 * `remaining-quantity`; the fills are per leg. A close under strict position effect must find the legs held in
 * its direction, less what working closes already reserve. Balances move with every fill.
 */
export class FakeBook {
  readonly accounts = new Map<string, BookAccount>();
  readonly orders: Order[] = [];
  private nextId = FIRST_ORDER_ID;
  /** Requests seen; an asynchronous step is due two requests after the one that started it, so one read still sees it under way. */
  private requestCount = 0;

  constructor(
    private readonly market: FakeMarket,
    private readonly now: () => number,
    specs: readonly FakeAccountSpec[],
  ) {
    for (const spec of specs) this.accounts.set(spec.accountNumber, openAccount(spec));
  }

  /**
   * Called before each request: completes the asynchronous steps (cancels, lagging leg fills) that are due. A
   * step started by one request is still under way at the next and done at the one after.
   */
  settle(): void {
    this.requestCount++;
    for (const order of this.orders) {
      for (const leg of order.legs) {
        if (leg.pending && leg.pending.due <= this.requestCount) {
          leg.fills.push(leg.pending.fill);
          leg.remaining -= leg.pending.fill.quantity;
          leg.pending = null;
        }
      }
      if (order.next === null || order.next.due > this.requestCount) continue;
      const step = order.next.step;
      order.next = null;
      if (step === 'cancel') this.finishCancel(order);
      else if (step === 'replace') this.finishReplace(order);
      else {
        this.fill(order, this.unfilled(order), false);
        this.abortReplacement(order);
      }
    }
  }

  /** `POST …/orders/dry-run`: the order's figures, nothing placed; account problems are warnings. */
  dryRun(accountNumber: string, request: OrderRequest, marketOpen: boolean): Record<string, unknown> {
    const account = this.account(accountNumber);
    const costs = costsOf(request, this.market);
    const warnings: { code: string; message: string }[] = [];
    if (!marketOpen) warnings.push({ code: 'tif.next_valid_session', message: 'Your order will begin working during next valid session.' });
    if (this.closeShortfall(account, request) !== null) warnings.push({ code: 'closing_with_no_position', message: 'You are closing a position you do not hold.' });
    if (costs.buyingPowerChange > account.buyingPower) warnings.push({ code: 'insufficient_buying_power', message: 'This order exceeds your buying power.' });
    return {
      order: { ...requestJson(accountNumber, request), status: 'Received', 'updated-at': 0 },
      warnings,
      'buying-power-effect': buyingPowerEffectJson(costs, account.buyingPower, request.legs.length),
      'fee-calculation': feeCalculationJson(costs),
    };
  }

  /** `POST …/orders`: the placed order as answered (`Routed`, or `Received` while closed), or the refusal. */
  place(accountNumber: string, request: OrderRequest, options: PlaceOptions): { readonly order: Order; readonly answer: Record<string, unknown> } | Refusal {
    const account = this.account(accountNumber);
    if (account.spec.authority === 'read-only') return refuse(403, 'not_permitted', 'You do not have permission to trade in this account');
    const shortfall = this.closeShortfall(account, request);
    if (shortfall !== null && request.strictPositionEffect) return preflight('position_effect_validation_failed', shortfall);
    // Without strict validation a close of what is not held is routed as an opening order, as tastytrade warns.
    if (shortfall !== null) for (const leg of request.legs) if (isClose(leg.action)) leg.action = isBuy(leg.action) ? 'Buy to Open' : 'Sell to Open';
    const opensShort = request.legs.some((l) => l.action === 'Sell to Open');
    if (opensShort && !SPREAD_LEVELS.has(account.spec.optionsLevel)) return preflight('options_level_insufficient', `Options level ${account.spec.optionsLevel} does not allow this strategy`);
    const costs = costsOf(request, this.market);
    if (costs.buyingPowerChange > account.buyingPower) {
      return preflight('insufficient_buying_power', `This order requires ${decimalText(costs.buyingPowerChange)} in buying power; ${decimalText(account.buyingPower)} is available`);
    }
    const at = this.now();
    const order = this.newOrder(accountNumber, options.marketOpen ? 'Routed' : 'Received', request, null);
    const answer = {
      order: orderJson(order),
      warnings: options.marketOpen ? [] : [{ code: 'tif.next_valid_session', message: 'Your order will begin working during next valid session.' }],
      'buying-power-effect': buyingPowerEffectJson(costs, account.buyingPower, request.legs.length),
      'fee-calculation': feeCalculationJson(costs),
    };
    if (options.marketOpen) {
      order.status = 'Live';
      order.liveAt = at;
      if (this.marketable(order)) this.fill(order, Math.min(options.fillUnits ?? request.size, request.size), options.lagLegs === true);
    }
    return { order, answer };
  }

  /** Fills `units` more of a working order at the legs' marks. */
  fill(order: Order, units: number, lagLegs: boolean): void {
    if (units <= 0 || !WORKING.has(order.status)) return;
    const account = this.account(order.account);
    const at = this.now();
    order.legs.forEach((leg, index) => {
      const quantity = units * (leg.quantity / order.request.size);
      const fill: Fill = { id: `${order.id}-${index}-${leg.fills.length + 1}`, quantity, price: this.market.mark(leg.contract), at };
      holdFill(account, leg, fill);
      if (lagLegs && index > 0) leg.pending = { fill, due: this.requestCount + 2 };
      else {
        leg.fills.push(fill);
        leg.remaining -= quantity;
      }
    });
    const share = units / order.request.size;
    account.buyingPower -= order.costs.buyingPowerChange * share;
    account.cash -= (order.costs.premium + order.costs.totalFees) * share;
    order.updatedAt = at;
    if (this.unfilled(order) === 0) {
      order.status = 'Filled';
      order.terminalAt = at;
    }
  }

  /** `DELETE …/orders/{id}`: `Cancel Requested` now, `Cancelled` from the request after next; 422 once it is not working. */
  requestCancel(order: Order, fillInstead: boolean): Record<string, unknown> | Refusal {
    if (!WORKING.has(order.status) || order.status === 'Cancel Requested') return refuse(422, 'cannot_update_order', 'the order could not be cancelled');
    order.status = 'Cancel Requested';
    order.updatedAt = this.now();
    order.next = { step: fillInstead ? 'fill' : 'cancel', due: this.requestCount + 2 };
    return orderJson(order);
  }

  /**
   * `PUT …/orders/{id}`: the replacement, `Contingent` (`replaces-order-id`) while the original is `Replace Requested`;
   * from the request after next the original is `Cancelled` (`edited`, `replacing-order-id`) and the replacement
   * `Live`, filled at once when marketable. With `fillInstead` the original fills first, which aborts the
   * replacement (`Rejected`). 422 `cannot_update_order` for an original that is not `Live`. The replacement is for
   * what the original has left to fill.
   */
  requestReplace(order: Order, change: ReplaceRequest, fillInstead: boolean): Record<string, unknown> | Refusal {
    if (order.status !== 'Live') return refuse(422, 'cannot_update_order', 'the order could not be replaced');
    const legs = order.request.legs.map((leg, index) => ({ ...leg, quantity: order.legs[index]?.remaining ?? leg.quantity }));
    if (change.priceEffect === 'Credit' && legs.every((l) => isBuy(l.action))) return preflight('cant_buy_for_credit', 'You cannot buy for a credit.');
    const request: OrderRequest = { ...order.request, ...change, legs, size: Math.min(...legs.map((l) => l.quantity)) };
    const replacement = this.newOrder(order.account, 'Contingent', request, order.id);
    order.status = 'Replace Requested';
    order.updatedAt = this.now();
    order.replacement = replacement;
    order.next = { step: fillInstead ? 'fill' : 'replace', due: this.requestCount + 2 };
    return orderJson(replacement);
  }

  /** The close of the session: working day orders expire. */
  expireDayOrders(): void {
    for (const order of this.orders) {
      if (WORKING.has(order.status) && order.request.timeInForce === 'Day') {
        order.status = 'Expired';
        order.terminalAt = this.now();
        order.next = null;
      }
    }
  }

  account(accountNumber: string): BookAccount {
    const account = this.accounts.get(accountNumber);
    if (!account) throw new Error(`no account ${accountNumber}`);
    return account;
  }

  /** The New York trading date an order was received on. */
  tradingDate(order: Order): string {
    return newYorkDate(order.receivedAt);
  }

  private marketable(order: Order): boolean {
    const { price, priceEffect } = order.request;
    if (price === null) return true;
    const limit = priceEffect === 'Debit' ? price : -price;
    return limit >= netMark(order.request.legs, this.market) - 1e-9;
  }

  private unfilled(order: Order): number {
    return Math.max(0, ...order.legs.map((l) => l.remaining - (l.pending?.fill.quantity ?? 0)));
  }

  /**
   * Why a close cannot be taken: a `…to Close` leg needs the contract held in the direction it closes (short for
   * Buy to Close, long for Sell to Close), less what working closes of it still have to do. Null when it can.
   */
  private closeShortfall(account: BookAccount, request: OrderRequest): string | null {
    for (const leg of request.legs.filter((l) => isClose(l.action))) {
      const held = account.holdings.get(leg.contract.symbol)?.quantity ?? 0;
      const direction = isShortLeg(leg.action) ? -held : held;
      const reserved = this.orders
        .filter((o) => o.account === account.spec.accountNumber && WORKING.has(o.status))
        .flatMap((o) => o.legs.filter((l) => l.contract.symbol === leg.contract.symbol && l.action === leg.action))
        .reduce((sum, l) => sum + l.remaining, 0);
      const available = Math.max(0, direction) - reserved;
      if (available < leg.quantity) return `${leg.action} ${String(leg.quantity)} ${leg.contract.symbol}: ${String(Math.max(0, available))} available to close`;
    }
    return null;
  }

  private newOrder(account: string, status: Status, request: OrderRequest, replacesId: number | null): Order {
    const at = this.now();
    const order: Order = {
      id: this.nextId++,
      account,
      status,
      request,
      legs: request.legs.map((l) => ({ contract: l.contract, quantity: l.quantity, action: l.action, remaining: l.quantity, fills: [], pending: null })),
      receivedAt: at,
      updatedAt: at,
      liveAt: null,
      terminalAt: null,
      cancelledAt: null,
      rejectReason: null,
      costs: costsOf(request, this.market),
      next: null,
      edited: false,
      replacesId,
      replacingId: null,
      replacement: null,
    };
    this.orders.push(order);
    return order;
  }

  private finishReplace(order: Order): void {
    const replacement = order.replacement;
    if (replacement === null) return;
    order.replacement = null;
    this.finishCancel(order);
    order.edited = true;
    order.replacingId = replacement.id;
    replacement.status = 'Live';
    replacement.liveAt = this.now();
    replacement.updatedAt = this.now();
    if (this.marketable(replacement)) this.fill(replacement, replacement.request.size, false);
  }

  /** The original filled while its replacement waited: the replacement never routes. */
  private abortReplacement(order: Order): void {
    const replacement = order.replacement;
    if (replacement === null) return;
    order.replacement = null;
    replacement.status = 'Rejected';
    replacement.rejectReason = 'The original order filled before it could be replaced';
    replacement.terminalAt = this.now();
    replacement.updatedAt = this.now();
  }

  private finishCancel(order: Order): void {
    order.status = 'Cancelled';
    order.cancelledAt = this.now();
    order.terminalAt = this.now();
    order.updatedAt = this.now();
  }
}
