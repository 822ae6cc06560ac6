import { bandPayoff, bandView, popWords, ticketBand, TICKET_STATUS_WORDS, type HeldLeg, type OrderTicket, type PayoffCurve } from '@condor/core';
import type { TicketWire } from '../src/apps/ticket-wire.js';

const HELD: HeldLeg[] = [
  { type: 'put', strike: 540, side: 'long' },
  { type: 'put', strike: 545, side: 'short' },
  { type: 'call', strike: 600, side: 'short' },
  { type: 'call', strike: 605, side: 'long' },
];

/** The band the fixture's entry is approved with: a $1.20 credit walked down to $1.15, as core's pricing plan steps it. */
const PLAN = { mode: 'normal', startPrice: -1.2, worstPrice: -1.15, steps: [-1.2, -1.19, -1.17, -1.15], dwellMs: 10_000, timeLimitMs: 150_000 } as const;

/** The condor's payoff at $1.20 with the $1.15 one beside it, as core computes them. */
const PAYOFF: PayoffCurve = (() => {
  const curve = bandPayoff({ legs: HELD, credit: 1.2, qty: 1, spot: 570.01 }, PLAN);
  if (curve === null) throw new Error('the fixture condor has a payoff');
  return curve;
})();

/** A 1-lot SPY condor 540/545/600/605 for a $1.20 credit, as core's ticket describes it (hand-written, for pure renderers). */
export const TICKET: OrderTicket = {
  proposalId: '7a1f0000-0000-4000-8000-000000000001',
  kind: 'entry',
  ticker: 'SPY',
  qty: 1,
  headline: 'Sell 1 SPY 2026-12-18 iron condor 540/545/600/605',
  legs: [
    { symbol: 'SPY261218P00540000', action: 'buy to open', type: 'put', strike: 540, expiry: '2026-12-18', words: 'Buy to open 1 SPY 540 put, expiring Fri 18 Dec 2026' },
    { symbol: 'SPY261218P00545000', action: 'sell to open', type: 'put', strike: 545, expiry: '2026-12-18', words: 'Sell to open 1 SPY 545 put, expiring Fri 18 Dec 2026' },
    { symbol: 'SPY261218C00600000', action: 'sell to open', type: 'call', strike: 600, expiry: '2026-12-18', words: 'Sell to open 1 SPY 600 call, expiring Fri 18 Dec 2026' },
    { symbol: 'SPY261218C00605000', action: 'buy to open', type: 'call', strike: 605, expiry: '2026-12-18', words: 'Buy to open 1 SPY 605 call, expiring Fri 18 Dec 2026' },
  ],
  limitPrice: -1.2,
  priceWords: 'a $1.20 credit per share ($120.00 for 1 contract), or better',
  maxProfit: 120,
  maxLoss: 380,
  breakevens: [543.8, 601.2],
  pop: 0.62,
  popAfterCosts: 0.6188,
  popWords: popWords(0.62, 0.6188),
  costs: { open: 0.23, close: 0.23, total: 0.46, perContract: 0.46, netCreditAfterCosts: 1.1954, words: 'Fees and commission: $0.23 to open and $0.23 to close (estimated), $0.46 in all ($0.46 per contract); the credit after costs is $1.1954 per share.' },
  buyingPower: { reduction: 380, returnOnBuyingPower: 0.3158, words: '$380.00 of options buying power (the wider wing less the credit); the most it can earn is 32% of that.' },
  flags: [{ code: 'earnings_before_expiry', date: '2026-12-10', message: 'Earnings are due on 2026-12-10, before expiry: the price can gap past a short strike.' }],
  account: { broker: 'sim', environment: 'paper', simulatedMarket: true, words: 'Simulated paper account (simulated market)' },
  status: 'awaiting_approval',
  statusWords: TICKET_STATUS_WORDS.awaiting_approval,
  createdAt: 0,
  approvableAt: 5_000,
  expiresAt: 60_000,
  secondsLeft: 57,
  secondsUntilApprovable: 2,
  payoff: PAYOFF,
  band: ticketBand({ kind: 'entry', plan: PLAN, qty: 1, payoff: PAYOFF, entryCredit: null, firstOfTwo: false }),
  approval: null,
  working: null,
  marketNotice: 'Prices are simulated.',
  pricedOn: 'the simulated market (synthetic prices, not real quotes)',
};

/** The same ticket as proposal answers carry it. */
export const WIRE: TicketWire = {
  headline: TICKET.headline,
  legs: TICKET.legs.map((leg) => ({ ...leg })),
  price_words: TICKET.priceWords,
  qty: 1,
  max_profit: 120,
  max_loss: 380,
  breakevens: [543.8, 601.2],
  pop: 0.62,
  pop_after_costs: 0.6188,
  pop_words: TICKET.popWords,
  costs: { open: 0.23, close: 0.23, total: 0.46, per_contract: 0.46, net_credit_after_costs: 1.1954, words: TICKET.costs?.words ?? '' },
  buying_power: { reduction: 380, return_on_buying_power: 0.3158, words: TICKET.buyingPower?.words ?? '' },
  flags: TICKET.flags.map((f) => ({ ...f })),
  account: { broker: 'sim', environment: 'paper', simulated_market: true, words: TICKET.account.words },
  status: 'awaiting_approval',
  status_words: TICKET.statusWords,
  approvable_at: '1970-01-01T00:00:05.000Z',
  expires_at: '1970-01-01T00:01:00.000Z',
  seconds_left: 57,
  payoff: {
    points: PAYOFF.points.map((p) => ({ ...p })),
    breakevens: [543.8, 601.2],
    spot: 570.01,
    max_profit: 120,
    max_loss: 380,
    worst: {
      start_price: -1.2,
      worst_price: -1.15,
      points: PAYOFF.worst?.points.map((p) => ({ ...p })) ?? [],
      breakevens: PAYOFF.worst?.breakevens ? [...PAYOFF.worst.breakevens] : [],
      max_profit: 115,
      max_loss: 385,
    },
  },
  band: TICKET.band === null ? null : bandView(TICKET.band),
  approval: null,
  market_notice: TICKET.marketNotice,
  priced_on: TICKET.pricedOn,
};
