import type { BrokerEnvironment, BrokerName } from '../ports/broker-link-store.js';
import type { JsonObject } from '../ports/json.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { workingOrderView } from '../working-orders/working-order-view.js';
import type { Proposal } from '../ports/proposal-store.js';
import { confirmableAt, expiresAt, isExpired } from '../lifecycle/proposal-timing.js';
import { accountWords } from '../brokers/trading-account.js';
import { parseOcc } from './occ-symbol.js';
import { bandPayoff, payoffCurve, type HeldLeg } from './payoff-curve.js';
import { ticketBand } from './ticket-band.js';
import { numberOf, ticketBuyingPower, ticketCosts, ticketFlags } from './ticket-facts.js';
import type { OrderTicket, TicketAccount, TicketLeg } from './ticket-types.js';
import { moneyUnsigned } from '../words/money.js';
import { popWords, TICKET_STATUS_WORDS } from '../words/ticket.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { pricedOn } from '../market/market-change.js';

/** What the ticket needs besides the proposal. */
export interface TicketInputs {
  readonly proposal: Proposal;
  readonly account: { readonly broker: BrokerName; readonly environment: BrokerEnvironment; readonly simulatedMarket: boolean };
  /** The underlying's last price, or null when unknown. */
  readonly spot: number | null;
  readonly now: number;
  readonly marketNotice: string | null;
  /** The walk of its order, once placed with a band of more than one price. */
  readonly walk?: WorkingOrder | null;
  /** Why the book no longer allows placing it (`refusalReason`), for one not yet decided; null when it may be placed. */
  readonly blocked?: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const contracts = (qty: number): string => `${String(qty)} contract${qty === 1 ? '' : 's'}`;

/** "Fri 6 Mar 2026". */
export function dateWords(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${DAYS[weekday] ?? ''} ${String(d)} ${MONTHS[m - 1] ?? ''} ${String(y)}`;
}

/**
 * Describes a proposal for a person (design §12): legs and price in words, quantity, max profit and loss,
 * breakevens, POP, the account, the time left, the payoff at expiry as data and the price band approved with it
 * (design §15). Pure: renderers (the approval page, the MCP App, an elicitation's text) only format it.
 */
export function orderTicket({ proposal, account, spot, now, marketNotice, walk = null, blocked = null }: TicketInputs): OrderTicket {
  const legs = proposal.legs.map((leg) => ticketLeg(leg.symbol, leg.intent, proposal.qty));
  const held = heldAfter(proposal);
  const plan = pricingOf(proposal);
  const isExit = proposal.kind === 'exit';
  const holding = held === null ? null : { legs: held.legs, credit: held.credit, qty: proposal.qty, spot: spot === null ? null : Math.round(spot * 100) / 100 };
  // An exit's chart is the condor it closes, held to expiry: the price it closes at does not change that curve.
  const curve = holding === null ? null : plan === null || isExit ? payoffCurve(holding.legs, holding.credit, holding.qty, holding.spot) : bandPayoff(holding, plan);
  const band =
    plan === null
      ? null
      : ticketBand({ kind: proposal.kind, plan, qty: proposal.qty, payoff: curve, entryCredit: isExit ? numberIn(proposal.details, 'entry_credit') : null, firstOfTwo: proposal.details['order_plan'] === 'two_orders' });
  const price = priceOf(proposal);
  const pop = isExit ? null : numberIn(proposal.details, 'pop');
  const popAfterCosts = isExit ? null : numberIn(proposal.details, 'pop_after_costs');
  const status = statusOf(proposal, now, blocked);
  return {
    proposalId: proposal.id,
    kind: proposal.kind,
    ticker: proposal.ticker,
    qty: proposal.qty,
    headline: headline(proposal, held),
    legs,
    limitPrice: proposal.limitPrice,
    priceWords: priceWords(price, proposal.qty, proposal.kind === 'roll'),
    maxProfit: isExit ? null : (curve?.maxProfit ?? null),
    maxLoss: isExit ? proposal.maxLoss : (curve?.maxLoss ?? proposal.maxLoss),
    breakevens: isExit ? [] : (curve?.breakevens ?? []),
    pop,
    popAfterCosts,
    popWords: popWords(pop, popAfterCosts),
    costs: ticketCosts(proposal.details),
    buyingPower: ticketBuyingPower(proposal.details),
    flags: ticketFlags(proposal.details),
    account: accountOf(account),
    status,
    statusWords: status === 'blocked' && blocked !== null ? `${TICKET_STATUS_WORDS.blocked}: ${blocked}.` : TICKET_STATUS_WORDS[status],
    createdAt: proposal.createdAt,
    approvableAt: confirmableAt(proposal.createdAt),
    expiresAt: expiresAt(proposal.createdAt),
    secondsLeft: Math.max(0, Math.ceil((expiresAt(proposal.createdAt) - now) / 1000)),
    secondsUntilApprovable: Math.max(0, Math.ceil((confirmableAt(proposal.createdAt) - now) / 1000)),
    payoff: curve,
    band,
    approval: proposal.approval,
    working: walk === null ? null : workingOrderView(walk, now),
    marketNotice,
    pricedOn: pricedOn(proposal.details)?.words ?? null,
  };
}

function ticketLeg(symbol: string, intent: string, qty: number): TicketLeg {
  const occ = parseOcc(symbol);
  const action = intent.replaceAll('_', ' ') as TicketLeg['action'];
  const type = occ?.type ?? 'call';
  const strike = occ?.strike ?? 0;
  const expiry = occ?.expiry ?? '';
  const verb = action.charAt(0).toUpperCase() + action.slice(1);
  return {
    symbol,
    action,
    type,
    strike,
    expiry,
    words: occ === undefined ? `${verb} ${String(qty)} ${symbol}` : `${verb} ${String(qty)} ${occ.root} ${String(strike)} ${type}, expiring ${dateWords(expiry)}`,
  };
}

/** The legs held after the order (entry, roll) or closed by it (exit), with their net credit per share. */
function heldAfter(proposal: Proposal): { legs: HeldLeg[]; credit: number; expiry: string | null } | null {
  const d = proposal.details;
  if (proposal.kind === 'entry') {
    const legs = proposal.legs.flatMap((leg) => {
      const occ = parseOcc(leg.symbol);
      return occ === undefined ? [] : [{ type: occ.type, strike: occ.strike, side: leg.side === 'buy' ? ('long' as const) : ('short' as const) }];
    });
    return { legs, credit: -proposal.limitPrice, expiry: typeof d['expiry'] === 'string' ? d['expiry'] : null };
  }
  const list = proposal.kind === 'roll' ? d['legs_after'] : d['legs'];
  const credit = numberIn(d, proposal.kind === 'roll' ? 'credit_after' : 'entry_credit');
  if (!Array.isArray(list) || credit === null) return null;
  const legs = list.flatMap((item): HeldLeg[] => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return [];
    const { type, strike, side } = item as JsonObject;
    return (type === 'put' || type === 'call') && typeof strike === 'number' && (side === 'long' || side === 'short') ? [{ type, strike, side }] : [];
  });
  const expiry = proposal.kind === 'roll' ? d['expiry_to'] : d['expiry'];
  return { legs, credit, expiry: typeof expiry === 'string' ? expiry : null };
}

function headline(proposal: Proposal, held: { legs: HeldLeg[]; expiry: string | null } | null): string {
  const strikes = held === null ? '' : ` ${[...held.legs].sort((a, b) => a.strike - b.strike).map((l) => String(l.strike)).join('/')}`;
  const expiry = held?.expiry == null ? '' : ` ${held.expiry}`;
  if (proposal.kind === 'entry') return `Sell ${String(proposal.qty)} ${proposal.ticker}${expiry} iron condor${strikes}`;
  if (proposal.kind === 'exit') return `Close ${contracts(proposal.qty)} of the ${proposal.ticker}${expiry} iron condor${strikes}`;
  const from = proposal.details['expiry_from'];
  return `Roll ${contracts(proposal.qty)} of the ${proposal.ticker} iron condor${typeof from === 'string' ? ` from ${from}` : ''} to${expiry}${strikes}`;
}

/** The per-share price of the whole order, broker sign: a two-step roll's net price, else the limit. */
const priceOf = (proposal: Proposal): number => (proposal.kind === 'roll' ? (numberIn(proposal.details, 'net_price') ?? proposal.limitPrice) : proposal.limitPrice);

/** "a credit of at least $0.70 per share ($70.00 for 1 contract)". */
export function priceWords(price: number, qty: number, net: boolean): string {
  const total = `${moneyUnsigned(price * 100 * qty)} for ${contracts(qty)}`;
  const scope = net ? ' in all, across both orders' : '';
  if (price < 0) return `a credit of at least ${moneyUnsigned(price)} per share (${total})${scope}`;
  if (price > 0) return `a debit of at most ${moneyUnsigned(price)} per share (${total})${scope}`;
  return `no credit or debit ($0.00 per share)${scope}`;
}

function accountOf({ broker, environment, simulatedMarket }: TicketInputs['account']): TicketAccount {
  return { broker, environment, simulatedMarket, words: accountWords(broker, environment, simulatedMarket) };
}

function statusOf(proposal: Proposal, now: number, blocked: string | null): OrderTicket['status'] {
  if (proposal.consumedAt === null) return isExpired(proposal.createdAt, now) ? 'expired' : blocked === null ? 'awaiting_approval' : 'blocked';
  const status = proposal.outcome?.status;
  if (status === 'submitted') return 'placed';
  return status === 'rejected' || status === 'void' ? status : 'unknown';
}

const numberIn = (details: JsonObject, key: string): number | null => numberOf(details[key]);
