import { createHash } from 'node:crypto';
import type { FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import { accountJson } from './fake-schwab-account-json.js';
import type { BookAccount, BookOrder, FakeSchwabAccountSpec } from './fake-schwab-book-records.js';
import { orderJson } from './fake-schwab-order-json.js';
import { buyingPowerRequirement, isBuy, isClose, refuse, TERMINAL, type OrderRequest, type Refusal, type RequestLeg, type SchwabStatus } from './fake-schwab-orders.js';
import { previewJson } from './fake-schwab-preview.js';

const FIRST_ORDER_ID = 1_004_207_001;

/**
 * The fake's accounts, orders and positions. A placed order is `WORKING`; a marketable one (its net price at or
 * through the net of the legs' marks) fills at once at the marks, each fill one `orderActivityCollection`
 * execution with one execution leg per order leg. A cancel is `PENDING_CANCEL` until the request after next; a
 * replace leaves the old order `PENDING_REPLACE` and the new one `QUEUED` until then, when the old one is
 * `REPLACED` (naming the new one in `replacingOrderCollection`) and the new one works.
 */
export class FakeSchwabBook {
  readonly accounts = new Map<string, BookAccount>();
  readonly orders: BookOrder[] = [];
  private nextId = FIRST_ORDER_ID;
  private nextActivity = 9_100_000_001;
  private requestCount = 0;

  constructor(
    private readonly market: FakeMarket,
    private readonly now: () => number,
    specs: readonly FakeSchwabAccountSpec[],
  ) {
    for (const spec of specs) {
      const hashValue = createHash('sha256').update(`schwab-fake:${spec.accountNumber}`).digest('hex').toUpperCase();
      this.accounts.set(hashValue, { spec, hashValue, buyingPower: spec.buyingPower, cash: spec.buyingPower, holdings: new Map() });
    }
  }

  /** Called before each request: completes the steps that are due. */
  settle(): void {
    this.requestCount++;
    for (const order of this.orders) {
      const next = order.next;
      if (next === null || next.due > this.requestCount) continue;
      order.next = null;
      if (next.step === 'cancel') this.end(order, 'CANCELED');
      else if (next.step === 'replace' && next.replacement !== null) {
        this.end(order, 'REPLACED');
        order.replacedBy = next.replacement.orderId;
        next.replacement.status = 'WORKING';
        if (this.marketable(next.replacement)) this.fill(next.replacement, next.replacement.request.quantity);
      } else {
        this.fill(order, order.request.quantity - order.filledQuantity);
        if (next.replacement !== null) {
          next.replacement.status = 'REJECTED';
          next.replacement.statusDescription = 'The original order filled before it could be replaced.';
          next.replacement.closeTime = this.now();
        }
      }
    }
  }

  place(account: BookAccount, request: OrderRequest, options: { readonly fillQuantity?: number; readonly rejectReason?: string; readonly marketOpen: boolean }): BookOrder | Refusal {
    const refusal = this.refusal(account, request);
    if (refusal !== null) return refusal;
    const order = this.newOrder(account, request, 'WORKING');
    if (options.rejectReason !== undefined) {
      order.status = 'REJECTED';
      order.statusDescription = options.rejectReason;
      order.closeTime = this.now();
      return order;
    }
    if (options.marketOpen && this.marketable(order)) this.fill(order, Math.min(options.fillQuantity ?? request.quantity, request.quantity));
    return order;
  }

  /** `POST …/previewOrder`: Schwab's figures and its validation, nothing placed; a refusal answers 200 with `rejects`. */
  preview(account: BookAccount, request: OrderRequest): Record<string, unknown> {
    return previewJson({ account, request, refusal: this.refusal(account, request), market: this.market });
  }

  /** Fills `quantity` more spreads of a working order at the legs' marks: one execution activity. */
  fill(order: BookOrder, quantity: number): void {
    if (quantity <= 0 || TERMINAL.has(order.status)) return;
    const at = this.now();
    const legs = order.request.legs.map((leg, index) => {
      const legQuantity = quantity * (leg.quantity / order.request.quantity);
      const price = this.market.mark(leg.contract);
      this.hold(order.account, leg, legQuantity, price);
      return { legId: index + 1, quantity: legQuantity, price };
    });
    order.filledQuantity += quantity;
    order.activities.push({ activityId: this.nextActivity++, quantity, orderRemainingQuantity: order.request.quantity - order.filledQuantity, time: at, legs });
    const share = quantity / order.request.quantity;
    order.account.buyingPower -= buyingPowerRequirement(order.request) * share;
    if (order.filledQuantity >= order.request.quantity) this.end(order, 'FILLED');
  }

  /** `DELETE …/orders/{id}`: `PENDING_CANCEL` now, `CANCELED` from the request after next; 400 once it is not working. */
  cancel(order: BookOrder): Refusal | null {
    if (TERMINAL.has(order.status) || order.status === 'PENDING_CANCEL' || order.status === 'PENDING_REPLACE') {
      return refuse(400, `Order ${String(order.orderId)} cannot be canceled: it is ${order.status}.`);
    }
    order.status = 'PENDING_CANCEL';
    order.next = { step: 'cancel', due: this.requestCount + 2, replacement: null };
    return null;
  }

  /**
   * `PUT …/orders/{id}` with a complete order: the new order (`QUEUED` until the old one is replaced). With
   * `fillInstead` the old order fills before it is replaced, and the new one is rejected.
   */
  replace(order: BookOrder, request: OrderRequest, fillInstead: boolean): BookOrder | Refusal {
    if (order.status !== 'WORKING') return refuse(400, `Order ${String(order.orderId)} cannot be replaced: it is ${order.status}.`);
    const same =
      request.legs.length === order.request.legs.length &&
      request.legs.every((leg, i) => {
        const was = order.request.legs[i];
        return was !== undefined && leg.contract.symbol === was.contract.symbol && leg.instruction === was.instruction;
      });
    if (!same) return refuse(400, 'A validation error occurred while processing the request.', ['A replacement must keep the legs of the order it replaces']);
    const replacement = this.newOrder(order.account, request, 'QUEUED');
    order.status = 'PENDING_REPLACE';
    order.next = { step: fillInstead ? 'fill-instead' : 'replace', due: this.requestCount + 2, replacement };
    return replacement;
  }

  /** The close of the session: working day orders expire. */
  expireDayOrders(): void {
    for (const order of this.orders) {
      if (!TERMINAL.has(order.status) && order.request.duration === 'DAY') {
        order.next = null;
        this.end(order, 'EXPIRED');
      }
    }
  }

  /** An order as Schwab answers it (reference §3 Order). */
  orderJson(order: BookOrder): Record<string, unknown> {
    return orderJson(order, this.orders);
  }

  /** `GET /accounts/{hash}?fields=positions`. */
  accountJson(account: BookAccount, withPositions: boolean): Record<string, unknown> {
    return accountJson(account, this.market, withPositions);
  }

  /** Why Schwab would refuse the order: a cash account opening short options, a close of what is not held, too little buying power. */
  private refusal(account: BookAccount, request: OrderRequest): Refusal | null {
    if (account.spec.type === 'CASH' && request.legs.some((l) => l.instruction === 'SELL_TO_OPEN')) {
      return refuse(400, 'A validation error occurred while processing the request.', ['Your account is not approved for this options strategy.']);
    }
    for (const leg of request.legs.filter((l) => isClose(l.instruction))) {
      const held = account.holdings.get(leg.contract.symbol)?.quantity ?? 0;
      const direction = isBuy(leg.instruction) ? -held : held;
      const reserved = this.orders
        .filter((o) => o.account === account && !TERMINAL.has(o.status))
        .flatMap((o) => o.request.legs.map((l) => ({ l, remaining: (l.quantity / o.request.quantity) * (o.request.quantity - o.filledQuantity) })))
        .filter(({ l }) => l.contract.symbol === leg.contract.symbol && l.instruction === leg.instruction)
        .reduce((sum, { remaining }) => sum + remaining, 0);
      if (Math.max(0, direction) - reserved < leg.quantity) {
        return refuse(400, 'A validation error occurred while processing the request.', [`${leg.instruction} ${String(leg.quantity)} ${leg.contract.symbol}: no position to close.`]);
      }
    }
    const requirement = buyingPowerRequirement(request);
    if (requirement > account.buyingPower) return refuse(400, 'A validation error occurred while processing the request.', ['Insufficient buying power for this order.']);
    return null;
  }

  private marketable(order: BookOrder): boolean {
    const { request } = order;
    const limit = request.orderType === 'NET_CREDIT' ? -request.price : request.price;
    const net = request.legs.reduce((sum, leg) => sum + (isBuy(leg.instruction) ? 1 : -1) * this.market.mark(leg.contract) * (leg.quantity / request.quantity), 0);
    return limit >= net - 1e-9;
  }

  private hold(account: BookAccount, leg: RequestLeg, quantity: number, price: number): void {
    const holding = account.holdings.get(leg.contract.symbol) ?? { quantity: 0, averagePrice: 0 };
    const signed = isBuy(leg.instruction) ? quantity : -quantity;
    const opening = !isClose(leg.instruction);
    if (opening) holding.averagePrice = (Math.abs(holding.quantity) * holding.averagePrice + quantity * price) / (Math.abs(holding.quantity) + quantity);
    holding.quantity += signed;
    account.holdings.set(leg.contract.symbol, holding);
    account.cash += (isBuy(leg.instruction) ? -1 : 1) * quantity * price * 100;
  }

  private end(order: BookOrder, status: SchwabStatus): void {
    order.status = status;
    order.closeTime = this.now();
  }

  private newOrder(account: BookAccount, request: OrderRequest, status: SchwabStatus): BookOrder {
    const order: BookOrder = { orderId: this.nextId++, account, status, statusDescription: null, request, filledQuantity: 0, enteredTime: this.now(), closeTime: null, activities: [], replacedBy: null, next: null };
    this.orders.push(order);
    return order;
  }
}
