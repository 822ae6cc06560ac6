import type { OrderTicket } from '@condor/core';
import type { TicketWire } from '../src/apps/ticket-wire.js';

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
  account: { broker: 'sim', environment: 'paper', simulatedMarket: true, words: 'Simulated paper account (simulated market)' },
  status: 'awaiting_approval',
  createdAt: 0,
  approvableAt: 5_000,
  expiresAt: 60_000,
  secondsLeft: 57,
  secondsUntilApprovable: 2,
  payoff: {
    points: [
      { price: 530, pnl: -380 },
      { price: 540, pnl: -380 },
      { price: 545, pnl: 120 },
      { price: 600, pnl: 120 },
      { price: 605, pnl: -380 },
      { price: 615, pnl: -380 },
    ],
    breakevens: [543.8, 601.2],
    spot: 570.01,
    maxProfit: 120,
    maxLoss: 380,
  },
  approval: null,
  marketNotice: 'Prices are simulated.',
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
  account: { broker: 'sim', environment: 'paper', simulated_market: true, words: TICKET.account.words },
  status: 'awaiting_approval',
  approvable_at: '1970-01-01T00:00:05.000Z',
  expires_at: '1970-01-01T00:01:00.000Z',
  seconds_left: 57,
  payoff: { points: TICKET.payoff?.points.map((p) => ({ ...p })) ?? [], breakevens: [543.8, 601.2], spot: 570.01, max_profit: 120, max_loss: 380 },
  approval: null,
  market_notice: TICKET.marketNotice,
};
