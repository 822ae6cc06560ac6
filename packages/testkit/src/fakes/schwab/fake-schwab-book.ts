import { createHash } from 'node:crypto';
import type { FakeMarket } from '../tastytrade/fake-tastytrade-market.js';
import { isBuy, isClose, refuse, TERMINAL, type OrderRequest, type Refusal, type RequestLeg, type SchwabStatus } from './fake-schwab-orders.js';

/** One of the fake login's accounts. */
export interface FakeSchwabAccountSpec {
  readonly accountNumber: string;
  readonly type: 'MARGIN' | 'CASH';
  readonly buyingPower: number;
}

export const DEFAULT_SCHWAB_ACCOUNTS: readonly FakeSchwabAccountSpec[] = [
  { accountNumber: '74120355', type: 'MARGIN', buyingPower: 100_000 },
  { accountNumber: '74120388', type: 'CASH', buyingPower: 20_000 },
];

interface Holding {
  /** Positive long, negative short, in contracts. */
  quantity: number;
  averagePrice: number;
}

export interface BookAccount {
  readonly spec: FakeSchwabAccountSpec;
  readonly hashValue: string;
  buyingPower: number;
  cash: number;
  readonly holdings: Map<string, Holding>;
}

interface Activity {
  readonly activityId: number;
  readonly quantity: number;
  readonly orderRemainingQuantity: number;
  readonly time: number;
  readonly legs: readonly { readonly legId: number; readonly quantity: number; readonly price: number }[];
}

export interface BookOrder {
  readonly orderId: number;
  readonly account: BookAccount;
  status: SchwabStatus;
  statusDescription: string | null;
  readonly request: OrderRequest;
  filledQuantity: number;
  readonly enteredTime: number;
  closeTime: number | null;
  readonly activities: Activity[];
  /** The order that replaced this one. */
  replacedBy: number | null;
  /** A step under way: due at a later request (Schwab completes cancels and replaces asynchronously). */
  next: { readonly step: 'cancel' | 'replace' | 'fill-instead'; readonly due: number; readonly replacement: BookOrder | null } | null;
}

const FIRST_ORDER_ID = 1_004_207_001;
const COMMISSION_PER_CONTRACT = 0.65;
const OPT_REG_FEE_PER_CONTRACT = 0.02;

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
    const refusal = this.refusal(account, request);
    const requirement = this.requirement(request);
    const contracts = request.legs.reduce((sum, leg) => sum + leg.quantity, 0);
    const commission = round2(contracts * COMMISSION_PER_CONTRACT);
    const regFee = round2(contracts * OPT_REG_FEE_PER_CONTRACT);
    const rejects = refusal === null ? [] : [{ validationRuleName: 'OrderValidation', message: refusal.errors[0] ?? refusal.message, activityMessage: refusal.errors[0] ?? refusal.message, originalSeverity: 'REJECT' }];
    return {
      orderId: 0,
      orderStrategy: {
        accountNumber: account.spec.accountNumber,
        advancedOrderType: 'NONE',
        orderBalance: {
          orderValue: round2(request.price * request.quantity * 100),
          projectedAvailableFund: round2(account.cash - requirement),
          projectedBuyingPower: round2(account.buyingPower - requirement),
          projectedCommission: round2(commission + regFee),
        },
        orderStrategyType: 'SINGLE',
        orderVersion: 1,
        session: request.session,
        status: refusal === null ? 'ACCEPTED' : 'REJECTED',
        duration: request.duration,
        orderType: request.orderType,
        price: request.price,
        quantity: request.quantity,
        strategy: request.complexOrderStrategyType,
        orderLegs: request.legs.map((leg, index) => {
          const mark = this.market.mark(leg.contract);
          return {
            askPrice: round2(mark + 0.03),
            bidPrice: round2(Math.max(0, mark - 0.03)),
            lastPrice: mark,
            markPrice: mark,
            projectedCommission: round2(leg.quantity * COMMISSION_PER_CONTRACT),
            finalSymbol: leg.contract.symbol,
            legId: index + 1,
            assetType: 'OPTION',
            instruction: leg.instruction,
            quantity: leg.quantity,
          };
        }),
      },
      orderValidationResult: { rejects, warns: [], alerts: [], reviews: [], accepts: [] },
      commissionAndFee: {
        commission: { commissionLegs: request.legs.map((leg) => ({ commissionValues: [{ value: round2(leg.quantity * COMMISSION_PER_CONTRACT), type: 'COMMISSION' }] })) },
        fee: {
          feeLegs: request.legs.map((leg) => ({
            feeValues: [
              { value: round2(leg.quantity * OPT_REG_FEE_PER_CONTRACT), type: 'OPT_REG_FEE' },
              { value: 0, type: 'SEC_FEE' },
              { value: 0, type: 'TAF_FEE' },
            ],
          })),
        },
        trueCommission: { commissionLegs: [] },
      },
    };
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
    order.account.buyingPower -= this.requirement(order.request) * share;
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
    const { request } = order;
    return {
      session: request.session,
      duration: request.duration,
      orderType: request.orderType,
      complexOrderStrategyType: request.complexOrderStrategyType,
      quantity: request.quantity,
      filledQuantity: order.filledQuantity,
      remainingQuantity: request.quantity - order.filledQuantity,
      requestedDestination: 'AUTO',
      destinationLinkName: 'AutoRoute',
      price: request.price,
      orderLegCollection: request.legs.map((leg, index) => ({
        orderLegType: 'OPTION',
        legId: index + 1,
        instrument: {
          assetType: 'OPTION',
          cusip: `0${leg.contract.root}.${leg.contract.symbol.slice(6, 12)}${leg.contract.type}`,
          symbol: leg.contract.symbol,
          description: `${leg.contract.root} ${leg.contract.expiration} ${String(leg.contract.strike)} ${leg.contract.type === 'C' ? 'Call' : 'Put'}`,
          putCall: leg.contract.type === 'C' ? 'CALL' : 'PUT',
          underlyingSymbol: leg.contract.root,
          instrumentId: instrumentId(leg.contract.symbol),
        },
        instruction: leg.instruction,
        positionEffect: isClose(leg.instruction) ? 'CLOSING' : 'OPENING',
        quantity: leg.quantity,
      })),
      orderStrategyType: 'SINGLE',
      orderId: order.orderId,
      cancelable: !TERMINAL.has(order.status),
      editable: order.status === 'WORKING',
      status: order.status,
      ...(order.statusDescription === null ? {} : { statusDescription: order.statusDescription }),
      enteredTime: schwabTime(order.enteredTime),
      ...(order.closeTime === null ? {} : { closeTime: schwabTime(order.closeTime) }),
      accountNumber: Number(order.account.spec.accountNumber),
      ...(order.activities.length === 0
        ? {}
        : {
            orderActivityCollection: order.activities.map((activity) => ({
              activityType: 'EXECUTION',
              activityId: activity.activityId,
              executionType: 'FILL',
              quantity: activity.quantity,
              orderRemainingQuantity: activity.orderRemainingQuantity,
              executionLegs: activity.legs.map((leg) => ({
                legId: leg.legId,
                quantity: leg.quantity,
                mismarkedQuantity: 0,
                price: leg.price,
                time: schwabTime(activity.time),
                instrumentId: instrumentId(request.legs[leg.legId - 1]?.contract.symbol ?? ''),
              })),
            })),
          }),
      ...(order.replacedBy === null ? {} : { replacingOrderCollection: this.orders.filter((o) => o.orderId === order.replacedBy).map((o) => this.orderJson(o)) }),
    };
  }

  /** `GET /accounts/{hash}?fields=positions`. */
  accountJson(account: BookAccount, withPositions: boolean): Record<string, unknown> {
    const positions = [...account.holdings.entries()]
      .filter(([, holding]) => holding.quantity !== 0)
      .map(([symbol, holding]) => {
        const mark = this.market.mark(parseContract(symbol));
        return {
          shortQuantity: holding.quantity < 0 ? -holding.quantity : 0,
          longQuantity: holding.quantity > 0 ? holding.quantity : 0,
          averagePrice: holding.averagePrice,
          ...(holding.quantity > 0 ? { averageLongPrice: holding.averagePrice } : { averageShortPrice: holding.averagePrice }),
          marketValue: round2(holding.quantity * mark * 100),
          instrument: { assetType: 'OPTION', cusip: '0', symbol, underlyingSymbol: symbol.slice(0, 6).trimEnd(), putCall: symbol.charAt(12) === 'C' ? 'CALL' : 'PUT' },
        };
      });
    const balances = { cashBalance: round2(account.cash), buyingPower: round2(account.buyingPower), availableFunds: round2(account.buyingPower), optionBuyingPower: round2(account.buyingPower), cashAvailableForTrading: round2(account.cash) };
    return {
      securitiesAccount: {
        type: account.spec.type,
        accountNumber: account.spec.accountNumber,
        roundTrips: 0,
        isDayTrader: false,
        isClosingOnlyRestricted: false,
        pfcbFlag: false,
        ...(withPositions ? { positions } : {}),
        initialBalances: balances,
        currentBalances: balances,
        projectedBalances: balances,
      },
      aggregatedBalance: { currentLiquidationValue: round2(account.cash), liquidationValue: round2(account.cash) },
    };
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
    const requirement = this.requirement(request);
    if (requirement > account.buyingPower) return refuse(400, 'A validation error occurred while processing the request.', ['Insufficient buying power for this order.']);
    return null;
  }

  /** Buying power an opening order uses: the widest spread less the credit, or the debit paid; a close uses none. */
  private requirement(request: OrderRequest): number {
    if (request.legs.every((l) => isClose(l.instruction))) return 0;
    const widths = (['P', 'C'] as const).map((type) => {
      const strikes = request.legs.filter((l) => l.contract.type === type).map((l) => l.contract.strike);
      return strikes.length < 2 ? 0 : Math.max(...strikes) - Math.min(...strikes);
    });
    const credit = request.orderType === 'NET_CREDIT' ? request.price : -request.price;
    return Math.max(0, (Math.max(...widths) - credit) * 100 * request.quantity);
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

/** Schwab's order times: `2024-10-18T15:23:51+0000`. */
export const schwabTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}+0000`;

const round2 = (value: number): number => Math.round(value * 100) / 100;

const instrumentId = (symbol: string): number => Number.parseInt(createHash('sha256').update(symbol).digest('hex').slice(0, 8), 16);

function parseContract(symbol: string): { symbol: string; root: string; expiration: string; type: 'C' | 'P'; strike: number } {
  return { symbol, root: symbol.slice(0, 6).trimEnd(), expiration: `20${symbol.slice(6, 8)}-${symbol.slice(8, 10)}-${symbol.slice(10, 12)}`, type: symbol.charAt(12) === 'C' ? 'C' : 'P', strike: Number(symbol.slice(13)) / 1000 };
}
