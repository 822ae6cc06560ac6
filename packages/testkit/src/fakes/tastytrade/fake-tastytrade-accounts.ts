import { decimalText } from './fake-tastytrade-costs.js';
import { newYorkDate, type Contract, type FakeMarket } from './fake-tastytrade-market.js';
import { isBuy } from './fake-tastytrade-orders.js';
import type { Fill, Leg } from './fake-tastytrade-placed-order.js';

/** An account the fake's login holds. */
export interface FakeAccountSpec {
  readonly accountNumber: string;
  readonly nickname?: string;
  readonly accountType?: string;
  readonly marginOrCash?: 'Margin' | 'Cash';
  readonly authority?: 'owner' | 'trade-only' | 'read-only';
  /** `No Restrictions`, `Defined Risk Spreads`, `Covered And Secured`, `No Trading`. */
  readonly optionsLevel?: string;
  readonly buyingPower?: number;
  readonly closed?: boolean;
}

/** A contract an account holds. */
export interface Holding {
  /** Signed: short negative (tastytrade sends it unsigned with `quantity-direction`). */
  quantity: number;
  averageOpenPrice: number;
  contract: Contract;
}

/** An account of the fake's login: what it was opened with, and its balances and holdings now. */
export interface BookAccount {
  readonly spec: Required<FakeAccountSpec>;
  buyingPower: number;
  cash: number;
  readonly holdings: Map<string, Holding>;
}

/** An account opened from its spec, the defaults filling in what the spec leaves out. */
export function openAccount(spec: FakeAccountSpec): BookAccount {
  const full: Required<FakeAccountSpec> = {
    nickname: 'Individual',
    accountType: 'Individual',
    marginOrCash: 'Margin',
    authority: 'owner',
    optionsLevel: 'No Restrictions',
    buyingPower: 100_000,
    closed: false,
    ...spec,
  };
  return { spec: full, buyingPower: full.buyingPower, cash: full.buyingPower, holdings: new Map() };
}

/** `GET …/balances/USD`: cash, net liquidating value and buying power as tastytrade lists them. */
export function balancesJson(account: BookAccount, market: FakeMarket, now: () => number): Record<string, unknown> {
  const accountNumber = account.spec.accountNumber;
  const marks = [...account.holdings.values()].reduce((sum, h) => sum + h.quantity * market.mark(h.contract) * 100, 0);
  const used = account.spec.buyingPower - account.buyingPower;
  return {
    'account-number': accountNumber,
    currency: 'USD',
    'cash-balance': decimalText(account.cash),
    'net-liquidating-value': decimalText(account.cash + marks),
    'derivative-buying-power': decimalText(account.buyingPower),
    'equity-buying-power': decimalText(account.spec.marginOrCash === 'Margin' ? account.buyingPower * 2 : account.buyingPower),
    'day-trading-buying-power': '0.0',
    'used-derivative-buying-power': decimalText(Math.max(0, used)),
    'available-trading-funds': decimalText(account.buyingPower),
    'maintenance-requirement': decimalText(Math.max(0, used)),
    'maintenance-excess': decimalText(account.buyingPower),
    'margin-equity': decimalText(account.cash + marks),
    'reg-t-margin-requirement': decimalText(Math.max(0, used)),
    'cash-available-to-withdraw': decimalText(Math.max(0, Math.min(account.cash, account.buyingPower))),
    'pending-cash': '0.0',
    'pending-cash-effect': 'None',
    'snapshot-date': newYorkDate(now()),
    'updated-at': new Date(now()).toISOString(),
  };
}

/** `GET …/trading-status`: the options level, never closing-only or frozen. */
export function tradingStatusJson(account: BookAccount, now: () => number): Record<string, unknown> {
  const accountNumber = account.spec.accountNumber;
  return {
    'account-number': accountNumber,
    'options-level': account.spec.optionsLevel,
    'is-closing-only': false,
    'is-frozen': false,
    'is-in-margin-call': false,
    'is-pattern-day-trader': false,
    'day-trade-count': 0,
    'short-calls-enabled': account.spec.optionsLevel === 'No Restrictions',
    'updated-at': new Date(now()).toISOString(),
  };
}

/** `GET …/positions`: each holding unsigned with its `quantity-direction`, with marks when asked for. */
export function positionsJson(account: BookAccount, market: FakeMarket, includeMarks: boolean): Record<string, unknown>[] {
  const accountNumber = account.spec.accountNumber;
  return [...account.holdings.entries()].map(([symbol, h]) => ({
    'account-number': accountNumber,
    symbol,
    'instrument-type': 'Equity Option',
    'underlying-symbol': h.contract.root,
    quantity: String(Math.abs(h.quantity)),
    'quantity-direction': h.quantity < 0 ? 'Short' : 'Long',
    'average-open-price': decimalText(h.averageOpenPrice),
    'close-price': decimalText(market.mark(h.contract)),
    multiplier: 100,
    'cost-effect': h.quantity < 0 ? 'Credit' : 'Debit',
    'realized-day-gain': '0.0',
    'realized-day-gain-effect': 'None',
    'is-frozen': false,
    'expires-at': `${h.contract.expiration}T20:15:00.000+00:00`,
    ...(includeMarks ? { mark: decimalText(market.mark(h.contract)), 'mark-price': decimalText(market.mark(h.contract)) } : {}),
  }));
}

/** A leg's fill into the account's holdings: the average open price of a growing holding, reset by one that crosses zero. */
export function holdFill(account: BookAccount, leg: Leg, fill: Fill): void {
  const signed = (isBuy(leg.action) ? 1 : -1) * fill.quantity;
  const held = account.holdings.get(leg.contract.symbol) ?? { quantity: 0, averageOpenPrice: 0, contract: leg.contract };
  const quantity = held.quantity + signed;
  const adding = held.quantity === 0 || Math.sign(held.quantity) === Math.sign(signed);
  const crossed = quantity !== 0 && held.quantity !== 0 && Math.sign(quantity) !== Math.sign(held.quantity);
  const averageOpenPrice = crossed ? fill.price : adding ? (Math.abs(held.quantity) * held.averageOpenPrice + fill.quantity * fill.price) / Math.abs(quantity) : held.averageOpenPrice;
  if (quantity === 0) account.holdings.delete(leg.contract.symbol);
  else account.holdings.set(leg.contract.symbol, { quantity, averageOpenPrice, contract: leg.contract });
}
