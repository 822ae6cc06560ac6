import type { TicketStatus } from '../words/ticket.js';
import type { WorkingOrderViewOutput } from '../working-orders/working-order-view.js';
import type { BrokerEnvironment, BrokerName } from '../ports/broker-link-store.js';
import type { TradeFlag } from '../events/trade-flags.js';
import type { ApprovalRecord, ProposalKind } from '../ports/proposal-store.js';
import type { WalkMode } from '../working-orders/walk-modes.js';

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
  /** The same payoff filled at the band's worst price, where the order may fill worse than its start price; else null. */
  readonly worst: WorstPayoff | null;
}

/** The payoff at expiry if the order fills at the band's worst price instead of its start price. */
export interface WorstPayoff {
  /** Per share, condor's sign (negative = a credit received). */
  readonly startPrice: number;
  readonly worstPrice: number;
  readonly points: readonly PayoffPoint[];
  readonly breakevens: readonly number[];
  readonly maxProfit: number;
  readonly maxLoss: number;
}

/** What a fill at one price of the band means for an entry: dollars for the whole order. */
export interface EntryBandEffect {
  readonly kind: 'entry';
  /** Per share, condor's sign. */
  readonly price: number;
  readonly credit: number;
  readonly maxProfit: number;
  /** A positive number of dollars. */
  readonly maxLoss: number;
  readonly breakevens: readonly number[];
  /** Max profit over max loss; null when nothing can be lost. */
  readonly returnOnRisk: number | null;
}

/** What a fill at one price of the band means for an exit: dollars for the whole order. */
export interface ExitBandEffect {
  readonly kind: 'exit';
  /** Per share, condor's sign. */
  readonly price: number;
  /** Paid to close (negative: received). */
  readonly debit: number;
  /** What the position made from open to close: the credit it opened for less the debit (negative: a loss). */
  readonly result: number;
  /** The credit the position was opened for. */
  readonly entryCredit: number;
}

export type BandEffect = EntryBandEffect | ExitBandEffect;

/** One line of the band's comparison in words: a figure filled at the start price and at the worst price. */
export interface BandRow {
  readonly label: string;
  readonly atStart: string;
  readonly atWorst: string;
}

/** The price band the person approves (design §15) and what it means, from the proposal's pricing plan. */
export interface TicketBand {
  readonly mode: WalkMode;
  /** Per share, condor's sign: a worse price for the trader is a higher number. */
  readonly startPrice: number;
  readonly worstPrice: number;
  readonly steps: readonly number[];
  readonly stepSeconds: number;
  readonly timeLimitSeconds: number;
  /** A fill at the start and at the worst price; null where the ticket cannot tell (a roll, an exit without its entry credit). */
  readonly atStart: BandEffect | null;
  readonly atWorst: BandEffect | null;
  /** The two side by side, in words; empty for a one-price band (the ticket's own figures are its effect) or an unknown effect. */
  readonly rows: readonly BandRow[];
  /** "You approve a credit of $1.25 down to $1.20 per share: at $1.20 the max loss is $380.00, breakevens 543.80 and 601.20, return 31.6%." */
  readonly words: string;
  /** "The order walks through 4 prices ($1.25, $1.24, $1.22, $1.20), moving every 10 s, and rests 2 min at the worst price; …" */
  readonly walkWords: string;
  /** What Approve covers: "Approve covers every price from a credit of $1.25 down to $1.20 per share, and nothing worse." */
  readonly approveWords: string;
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
  /** `blocked`: not decided, but the book no longer allows placing it (its legs came to be held since); never offered for approval. */
  readonly status: TicketStatus;
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
  /** The price band approved with the order; null for a proposal made before bands existed. */
  readonly band: TicketBand | null;
  /** Set once the proposal placed its order. */
  readonly approval: ApprovalRecord | null;
  /** How condor works the placed order inside the band: its steps so far, filled, time left; null when not walked. */
  readonly working: WorkingOrderViewOutput | null;
  /** The simulated-market notice, or null for real quotes. */
  readonly marketNotice: string | null;
  /** The market its prices come from, in words ("your tastytrade account's market (live)…"); null for a proposal made before markets were named. */
  readonly pricedOn: string | null;
}
