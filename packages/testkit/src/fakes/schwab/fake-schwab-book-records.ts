import type { OrderRequest, SchwabStatus } from './fake-schwab-orders.js';

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

export interface Holding {
  /** Positive long, negative short, in contracts. */
  quantity: number;
  averagePrice: number;
}

/** An account the book keeps: its balances and its holdings by padded OCC symbol. */
export interface BookAccount {
  readonly spec: FakeSchwabAccountSpec;
  readonly hashValue: string;
  buyingPower: number;
  cash: number;
  readonly holdings: Map<string, Holding>;
}

export interface Activity {
  readonly activityId: number;
  readonly quantity: number;
  readonly orderRemainingQuantity: number;
  readonly time: number;
  readonly legs: readonly { readonly legId: number; readonly quantity: number; readonly price: number }[];
}

/** An order the book keeps, as it stands now. */
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
