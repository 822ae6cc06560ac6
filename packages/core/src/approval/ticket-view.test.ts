import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { entryProposal } from './approval-fixture.js';
import { orderTicket } from './order-ticket.js';
import { approvalView } from '../positions/approval-view.js';
import { TicketView, ticketView } from './ticket-view.js';

const CREATED = Date.UTC(2026, 0, 5, 14, 30);

const placed = entryProposal({
  id: '22222222-2222-4222-8222-222222222222',
  ownerId: 'owner-1',
  createdAt: CREATED,
  consumedAt: CREATED + 7_000,
  approval: { method: 'page', at: CREATED + 7_000, userId: 'owner-1', client: 'Firefox/140', address: '203.0.113.9' },
  outcome: { status: 'submitted', orderId: 'order-1' },
});

const ticket = orderTicket({
  proposal: placed,
  account: { broker: 'alpaca', environment: 'paper', simulatedMarket: false },
  spot: null,
  now: CREATED + 8_000,
  marketNotice: null,
});

describe('ticketView', () => {
  const view = ticketView(ticket);

  it('renders the ticket in snake_case with ISO times, as its schema describes', () => {
    expect(v.safeParse(TicketView, view).success).toBe(true);
    expect(view).toMatchObject({
      headline: 'Sell 1 SPY 2026-12-18 iron condor 540/545/600/605',
      price_words: 'a credit of at least $1.25 per share ($125.00 for 1 contract)',
      qty: 1,
      max_profit: 125,
      max_loss: 375,
      breakevens: [543.75, 601.25],
      pop: null,
      account: { broker: 'alpaca', environment: 'paper', simulated_market: false, words: 'Alpaca, paper account — no real money; real market quotes.' },
      status: 'placed',
      approvable_at: '2026-01-05T14:30:05.000Z',
      expires_at: '2026-01-05T14:31:00.000Z',
      seconds_left: 52,
      market_notice: null,
    });
    expect(view.legs[0]).toEqual({ symbol: 'SPY261218P00540000', action: 'buy to open', type: 'put', strike: 540, expiry: '2026-12-18', words: 'Buy to open 1 SPY 540 put, expiring Fri 18 Dec 2026' });
  });

  it('renders the payoff with max_profit and max_loss, and the spot as given', () => {
    expect(view.payoff).toMatchObject({ max_profit: 125, max_loss: 375, breakevens: [543.75, 601.25], spot: null });
    expect(view.payoff?.points).toEqual(ticket.payoff?.points);
  });

  it('renders the approval evidence with its time in ISO and the user as user_id', () => {
    expect(view.approval).toEqual({ method: 'page', at: '2026-01-05T14:30:07.000Z', user_id: 'owner-1', client: 'Firefox/140', address: '203.0.113.9', credential_id: null, band: null });
    expect(approvalView({ method: 'elicitation', at: 0, userId: 'u', client: null, address: null })).toEqual({ method: 'elicitation', at: '1970-01-01T00:00:00.000Z', user_id: 'u', client: null, address: null, credential_id: null, band: null });
    expect(approvalView({ method: 'passkey', at: 0, userId: 'u', client: null, address: null, credentialId: 'cred-1' })).toMatchObject({ method: 'passkey', credential_id: 'cred-1' });
    expect(approvalView({ method: 'page', at: 0, userId: 'u', client: null, address: null, band: { startPrice: -1.25, worstPrice: -1.2 } }).band).toEqual({
      start_price: -1.25,
      worst_price: -1.2,
      words: 'a credit of $1.25 down to $1.20 per share',
    });
    expect(approvalView({ method: 'app', at: 0, userId: 'u', client: null, address: null, band: { startPrice: 0.4, worstPrice: 0.4 } }).band?.words).toBe('a debit of $0.40 per share');
  });

  it('leaves no camelCase key in the view', () => {
    const keys = JSON.stringify(view).match(/"[a-z]+[A-Z][A-Za-z]*":/g);
    expect(keys).toBeNull();
  });

  it('renders a ticket without a payoff or an approval as nulls', () => {
    const fresh = ticketView({ ...ticket, payoff: null, approval: null });
    expect(fresh.payoff).toBeNull();
    expect(fresh.approval).toBeNull();
    expect(v.safeParse(TicketView, fresh).success).toBe(true);
  });
});
