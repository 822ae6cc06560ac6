import type { BrokerEnvironment, BrokerName } from '../ports/broker-link-store.js';
import type { TradeFlag } from '../events/trade-flags.js';
import type { ApprovalRecord, ProposalKind } from '../ports/proposal-store.js';

/** One leg as a person reads it. */
export interface TicketLeg {
  readonly symbol: string;
  readonly action: 'buy to open' | 'sell to open' | 'buy to close' | 'sell to close';
  readonly type: 'put' | 'call';
  readonly strike: number;
  readonly expiry: string;
  /** "Sell to open 1 SPY 655 put, expiring Fri 6 Mar 2026". */
  readonly words: string;
}

/** A point of the payoff at expiry: the underlying's price and the profit (+) or loss (−) in dollars for the whole order. */
export interface PayoffPoint {
  readonly price: number;
  readonly pnl: number;
}

/** The payoff at expiry of the condor the order leaves (entry, roll) or closes (exit), as data for a chart. */
export interface PayoffCurve {
  /** From below the long put to above the long call, in price order; straight lines between points are exact. */
  readonly points: readonly PayoffPoint[];
  readonly breakevens: readonly number[];
  /** The underlying's last price, or null when unknown. */
  readonly spot: number | null;
  readonly maxProfit: number;
  /** A positive number of dollars. */
  readonly maxLoss: number;
}

/** The account an order goes to. */
export interface TicketAccount {
  readonly broker: BrokerName;
  readonly environment: BrokerEnvironment;
  /** True when prices come from condor's market simulator, not real quotes. */
  readonly simulatedMarket: boolean;
  /** "Simulated paper account (simulated market)" / "Alpaca live account (real money)". */
  readonly words: string;
}

/** The order's fees and commission, dollars for all contracts. */
export interface TicketCosts {
  readonly open: number | null;
  readonly close: number | null;
  readonly total: number;
  readonly perContract: number;
  /** Per share, entries only. */
  readonly netCreditAfterCosts: number | null;
  /** "Fees and commission: $0.23 to open and $0.23 to close (estimated), $0.46 in all ($0.46 per contract)…". */
  readonly words: string;
}

/** What the position takes from the account's options buying power. */
export interface TicketBuyingPower {
  readonly reduction: number;
  readonly returnOnBuyingPower: number;
  /** "$430.00 of options buying power; the most it can earn is 16% of that." */
  readonly words: string;
}

/** Everything a person needs to approve or reject a proposal, built by `orderTicket` and formatted by renderers. */
export interface OrderTicket {
  readonly proposalId: string;
  readonly kind: ProposalKind;
  readonly ticker: string;
  readonly qty: number;
  /** One line: "Sell 1 SPY 2026-03-06 iron condor 650/655/723/728". */
  readonly headline: string;
  readonly legs: readonly TicketLeg[];
  /** Per share, broker sign: negative = a credit received. */
  readonly limitPrice: number;
  /** "a $0.70 credit per share ($70.00 for 1 contract), or better" / "a debit of at most $0.35 per share ($35.00)". */
  readonly priceWords: string;
  /** Dollars for the whole order; null where it does not apply. */
  readonly maxProfit: number | null;
  readonly maxLoss: number | null;
  readonly breakevens: readonly number[];
  /** Probability of profit at expiry, 0–1, or null when unknown. */
  readonly pop: number | null;
  /** The same with the costs taken off the credit. */
  readonly popAfterCosts: number | null;
  /** Both as a person reads them: "68%", "68.4% (68.0% after costs)", "unknown" (`popWords`). */
  readonly popWords: string;
  /** Null for proposals made before costs were recorded. */
  readonly costs: TicketCosts | null;
  /** Entries only. */
  readonly buyingPower: TicketBuyingPower | null;
  /** Events and calendar days before expiry, and the session the prices come from. */
  readonly flags: readonly TradeFlag[];
  readonly account: TicketAccount;
  readonly status: 'awaiting_approval' | 'expired' | 'placed' | 'rejected' | 'unknown' | 'void';
  /** The status as every renderer shows it (`TICKET_STATUS_WORDS`): "Awaiting your approval", "Expired: nothing was placed", … */
  readonly statusWords: string;
  /** Epoch ms. */
  readonly createdAt: number;
  readonly approvableAt: number;
  readonly expiresAt: number;
  /** Whole seconds until it expires (0 when expired) and until it may be approved (0 once it may). */
  readonly secondsLeft: number;
  readonly secondsUntilApprovable: number;
  /** Null when the order the ticket describes has no payoff to chart. */
  readonly payoff: PayoffCurve | null;
  /** Set once the proposal placed its order. */
  readonly approval: ApprovalRecord | null;
  /** The simulated-market notice, or null for real quotes. */
  readonly marketNotice: string | null;
}
