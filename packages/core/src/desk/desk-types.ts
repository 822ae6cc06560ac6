import type { AlertViewOutput } from '../positions/alert-view.js';
import type { ApiKeyViewOutput } from '../api-keys/schemas.js';
import type { OrderTicket, PayoffCurve } from '../approval/ticket-types.js';
import type { TradingAccountOutput } from '../brokers/trading-account.js';
import type { NewsView } from '../notifications/recent-news.js';
import type { ConnectedClient } from '../oauth/connected-clients.js';
import type { OrderViewOutput } from '../positions/order-view.js';
import type { PositionViewOutput } from '../positions/position-view.js';
import type { WorkingOrderViewOutput } from '../working-orders/working-order-view.js';

/** One part of the desk: what it lists, or why it could not be read (the rest of the desk still shows). */
export interface DeskSection<T> {
  readonly items: readonly T[];
  /** A sentence for the person when the part could not be read (no broker linked, the broker down); else null. */
  readonly problem: string | null;
}

/** An open (or opening, or closing) position as get_positions shows it, with its payoff at expiry for a small chart. */
export interface DeskPosition {
  readonly view: PositionViewOutput;
  /** The condor held to expiry at its entry credit; null when it has no legs left to chart. */
  readonly payoff: PayoffCurve | null;
}

/** An order condor is working inside an approved band, with what it is for. */
export interface DeskWorkingOrder {
  readonly proposalId: string;
  readonly positionId: string;
  /** "Sell 1 SPY 2026-03-06 iron condor 650/655/723/728", as the proposal's ticket says it. */
  readonly headline: string;
  readonly view: WorkingOrderViewOutput;
}

/**
 * The person's desk (design §16), built from the same views the tools answer with: proposals waiting for their
 * approval (each one's ticket), positions with their alerts, the orders condor is walking, the broker's recent
 * orders and the agents acting for them. Data only: the page formats it.
 */
export interface DeskView {
  /** ISO 8601: when it was read. */
  readonly asOf: string;
  readonly approvals: DeskSection<OrderTicket>;
  readonly positions: DeskSection<DeskPosition>;
  /** Every position's expiry-guardian and orphaned-leg alerts, the critical ones first. */
  readonly alerts: readonly AlertViewOutput[];
  readonly workingOrders: DeskSection<DeskWorkingOrder>;
  readonly recentOrders: DeskSection<OrderViewOutput>;
  /** The agents acting for the person: their API keys that still work, and the OAuth clients they connected. */
  readonly apiKeys: DeskSection<ApiKeyViewOutput>;
  readonly clients: DeskSection<ConnectedClient>;
  /** The linked account in words; null when no broker is linked yet. */
  readonly account: TradingAccountOutput | null;
  /** The simulated-market notice, or null for real quotes. */
  readonly marketNotice: string | null;
  /** Where the desk's prices come from, in words: the person's own market (design §17). */
  readonly marketWords: string;
  /** How the person approves: how many passkeys they have, and whether paper orders ask for one too. */
  readonly approving: { readonly passkeys: number; readonly paperPasskey: boolean };
  /** The latest notifications condor sent the person (or skipped, and why), newest first (design §18). */
  readonly news: DeskSection<NewsView>;
}
