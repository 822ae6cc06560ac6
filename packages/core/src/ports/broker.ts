import type { MarketData } from './market-data.js';
import type { ResultAsync } from 'neverthrow';
import type { BrokerEnvironment, BrokerName } from './broker-link-store.js';

/** Why a broker call failed. Adapters map their transport failures onto these. */
export type BrokerError =
  /**
   * The credentials were refused (wrong key, or paper keys against live and the reverse). `loginAt` names the broker
   * of a link made by logging in there (Schwab): the person logs in there again, there are no keys to enter.
   */
  | { readonly kind: 'auth_failed'; readonly message: string; readonly loginAt?: string }
  /** The broker's rate limit; retry after the delay. */
  | { readonly kind: 'rate_limited'; readonly retryAfterSeconds: number }
  /** The broker refused the request itself (buying power, a leg it will not trade…), with its reason. */
  | { readonly kind: 'rejected'; readonly message: string }
  /** No answer or a server error: for a submit the outcome is unknown until looked up by client order id. */
  | { readonly kind: 'unavailable'; readonly message: string };

export interface BrokerAccount {
  readonly accountId: string;
  /** Dollars available to open positions. */
  readonly buyingPower: number;
  /** Whether the account's options approval lets it open multi-leg spreads (at Alpaca, options level 3). */
  readonly spreadsAllowed: boolean;
}

/** One option position at the broker; short legs have a negative `qty`. Prices per share. */
export interface BrokerPosition {
  /** OCC symbol (compact form). */
  readonly symbol: string;
  readonly qty: number;
  readonly avgEntryPrice: number;
  readonly currentPrice: number;
}

export type OrderSide = 'buy' | 'sell';
export type PositionIntent = 'buy_to_open' | 'buy_to_close' | 'sell_to_open' | 'sell_to_close';

export interface OrderLeg {
  readonly symbol: string;
  readonly side: OrderSide;
  readonly intent: PositionIntent;
}

/** A multi-leg limit order (at most its broker's `capabilities.maxLegsPerOrder` legs, 4 at Alpaca; one unit = one of each leg). */
export interface MultiLegOrder {
  /** Our proposal id: the broker refuses a second order with it, so a retry never submits twice. */
  readonly clientOrderId: string;
  readonly qty: number;
  /** Per share, condor's sign: positive pays a debit, negative receives a credit (an adapter converts to its broker's convention). */
  readonly limitPrice: number;
  readonly legs: readonly OrderLeg[];
}

/** `replaced`: ended by a replace (its `replacedBy` is the order that took its place; a fill before that stays on it). */
export type OrderStatus = 'accepted' | 'filled' | 'partially_filled' | 'canceled' | 'rejected' | 'expired' | 'pending_cancel' | 'replaced';

export interface BrokerOrder {
  readonly id: string;
  readonly clientOrderId: string;
  readonly status: OrderStatus;
  readonly qty: number;
  readonly filledQty: number;
  readonly limitPrice: number;
  /** Net price per share of the fill (same sign as `limitPrice`); null until filled. */
  readonly filledAvgPrice: number | null;
  readonly submittedAt: number;
  readonly legs: readonly OrderLeg[];
  /** The id of the order that replaced this one (status `replaced`); absent or null otherwise. */
  readonly replacedBy?: string | null;
  /** The id of the order this one replaced; absent or null for an order submitted afresh. */
  readonly replaces?: string | null;
}

/**
 * A working order's new limit (design §15): the broker cancels the order and puts a new one with a new id in its
 * place, same legs and quantity. A replace is not atomic with fills: the old order may fill before the new one
 * stands, so neither order's fate is known until both are read back.
 */
export interface OrderReplacement {
  /** The broker's id of the working order to replace. */
  readonly orderId: string;
  /** The client order id of the new order (one per step, so a retry after a crash finds it instead of sending twice). */
  readonly clientOrderId: string;
  /** Per share, condor's sign, as `MultiLegOrder.limitPrice`. */
  readonly limitPrice: number;
}

/** What a cancel came to: cancelled, or refused by the broker with its reason (CANCEL_FAILED). */
export type CancelOutcome = { readonly kind: 'canceled' } | { readonly kind: 'refused'; readonly message: string };

/** One user's brokerage account, as the service may act on it. */
export interface Broker {
  /** Checks the credentials and returns the account. */
  verify(): ResultAsync<BrokerAccount, BrokerError>;
  positions(): ResultAsync<readonly BrokerPosition[], BrokerError>;
  /** Orders newest first; `open` only the ones still working. */
  orders(which: 'open' | 'all'): ResultAsync<readonly BrokerOrder[], BrokerError>;
  submit(order: MultiLegOrder): ResultAsync<BrokerOrder, BrokerError>;
  /** The order placed with this client order id, or null when none was. */
  orderByClientId(clientOrderId: string): ResultAsync<BrokerOrder | null, BrokerError>;
  cancel(orderId: string): ResultAsync<CancelOutcome, BrokerError>;
  /**
   * Replaces a working order's limit; the new order (new id, `replaces` the old one). `rejected` when the old order
   * is no longer working (filled, in part or in full, cancelled, expired or already replaced), or a step the broker
   * refuses; `unavailable` when the outcome is unknown (look the new order up by its client order id).
   */
  replace(replacement: OrderReplacement): ResultAsync<BrokerOrder, BrokerError>;
  /** The broker's own fees and buying-power effect of an order, placing nothing; only where its row says `dryRun`. */
  dryRun?(order: MultiLegOrder): ResultAsync<BrokerDryRun, BrokerError>;
}

/**
 * The secrets one broker's adapter signs in with, one variant per broker that takes keys; its row in `BROKERS`
 * builds it from the keys `set_broker_keys` stored (and, where one login holds several accounts, the account the
 * person chose when connecting; null before that).
 */
export type BrokerCredentials =
  | { readonly kind: 'alpaca'; readonly apiKey: string; readonly apiSecret: string }
  | { readonly kind: 'tastytrade'; readonly clientSecret: string; readonly refreshToken: string; readonly accountNumber: string | null }
  /** A login (OAuth authorization code): its refresh token, when it was issued (epoch ms), and the chosen account's hash. */
  | { readonly kind: 'schwab'; readonly refreshToken: string; readonly refreshIssuedAt: number; readonly accountHash: string | null };

/** One account a broker login may trade, for the person to choose when connecting. */
export interface BrokerAccountChoice {
  readonly accountNumber: string;
  /** In words: its nickname and type, e.g. "Individual margin account (Main)". */
  readonly description: string;
  /** False for an account the login may only read, or one that is closed. */
  readonly canTrade: boolean;
  /** The broker's handle trading addresses the account by, where it is not the number (Schwab's hash). */
  readonly accountKey?: string;
}

/** The broker's own figures for one order, from its dry run (design §14): they replace condor's estimate. */
export interface BrokerDryRun {
  /** Dollars, all fees of the order. */
  readonly fees: number;
  /** Dollars of buying power the order uses (positive) or frees (negative). */
  readonly buyingPowerChange: number;
  /** Dollars of buying power left after it. */
  readonly buyingPowerAfter: number;
  /** Why the broker would refuse the order, in its words; empty when it would take it. */
  readonly refusals: readonly string[];
  /** The broker's warnings in words (e.g. "the order works from the next session"). */
  readonly warnings: readonly string[];
}

/** What a broker adapter needs to open a user's account. */
export interface BrokerAccess {
  readonly ownerId: string;
  readonly broker: BrokerName;
  readonly environment: BrokerEnvironment;
  /** Null for a broker that takes no keys (the simulated one), or when none are stored. */
  readonly credentials: BrokerCredentials | null;
}

/** Opens users' broker accounts; each deployment supplies the brokers it offers. */
export interface Brokers {
  /** The brokers a user may link here (e.g. ['sim'], or ['sim', 'alpaca']). */
  readonly available: readonly BrokerName[];
  open(access: BrokerAccess): Broker;
  /** The accounts a login may trade, where its broker's row says `chooseAccount`; the person picks one when connecting. */
  listAccounts?(access: BrokerAccess): ResultAsync<readonly BrokerAccountChoice[], BrokerError>;
  /**
   * The market of a person's own account, read with their credentials, where its broker's row says `market: 'own'`
   * (design §17). One per link: its caches and request budget are that link's alone, never another person's.
   */
  marketData?(access: BrokerAccess): MarketData;
  /** The login pages of the brokers linked by logging in there (their row's `login`), where this deployment has the app registered. */
  readonly loginFlows?: Readonly<Partial<Record<BrokerName, BrokerLoginFlow>>>;
}

/** What a login at the broker gave condor: the refresh token of the grant, and when it was issued (epoch ms). */
export interface BrokerLogin {
  readonly refreshToken: string;
  readonly loggedInAt: number;
}

/** A broker's OAuth authorization-code login, for linking by logging in there (issue 41). */
export interface BrokerLoginFlow {
  /** The origin of the authorize page (`https://api.schwabapi.com`): condor's form that leads there must be allowed to. */
  readonly origin: string;
  /** The broker's authorize page, carrying `state` and the PKCE challenge of `verifier` (S256). */
  authorizeUrl(request: { readonly state: string; readonly verifier: string }): string;
  /** The code the callback received, exchanged for the login (the verifier proves this server asked for it). */
  exchangeCode(request: { readonly code: string; readonly verifier: string; readonly ownerId: string }): ResultAsync<BrokerLogin, BrokerError>;
}
