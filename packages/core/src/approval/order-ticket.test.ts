import { describe, expect, it } from 'vitest';
import type { Proposal } from '../ports/proposal-store.js';
import { CONDOR_CLOSE_LEGS, entryProposal } from './approval-fixture.js';
import { condorCosts } from '../costs/condor-costs.js';
import { costsView } from '../costs/costs-view.js';
import { orderTicket, type TicketInputs } from './order-ticket.js';

const CREATED = Date.UTC(2026, 0, 5, 14, 30);
const SIM_PAPER: TicketInputs['account'] = { broker: 'sim', environment: 'paper', simulatedMarket: true };

/** A 540/545/600/605 SPY condor expiring Fri 18 Dec 2026, 2 contracts, for at least a $1.25 credit. */
const entry = entryProposal({ id: '11111111-1111-4111-8111-111111111111', ownerId: 'owner-1', createdAt: CREATED, qty: 2, maxLoss: 750, details: { expiry: '2026-12-18', pop: 0.72 } });

const ticketAt = (proposal: Proposal, now: number, account = SIM_PAPER) =>
  orderTicket({ proposal, account, spot: 570.5, now, marketNotice: account.simulatedMarket ? 'Simulated market.' : null });

describe('orderTicket for an entry', () => {
  const ticket = ticketAt(entry, CREATED);

  it('says what is sold, for what credit, in one line and in words', () => {
    expect(ticket.headline).toBe('Sell 2 SPY 2026-12-18 iron condor 540/545/600/605');
    expect(ticket.priceWords).toBe('a credit of at least $1.25 per share ($250.00 for 2 contracts)');
    expect(ticket.limitPrice).toBe(-1.25);
    expect(ticket.qty).toBe(2);
  });

  it('spells out every leg with its weekday and date', () => {
    expect(ticket.legs.map((leg) => leg.words)).toEqual([
      'Buy to open 2 SPY 540 put, expiring Fri 18 Dec 2026',
      'Sell to open 2 SPY 545 put, expiring Fri 18 Dec 2026',
      'Sell to open 2 SPY 600 call, expiring Fri 18 Dec 2026',
      'Buy to open 2 SPY 605 call, expiring Fri 18 Dec 2026',
    ]);
    expect(ticket.legs[1]).toMatchObject({ symbol: 'SPY261218P00545000', action: 'sell to open', type: 'put', strike: 545, expiry: '2026-12-18' });
  });

  it('shows the risk of the whole order: max profit 250, max loss 750, breakevens 543.75 and 601.25', () => {
    expect(ticket.maxProfit).toBe(250);
    expect(ticket.maxLoss).toBe(750);
    expect(ticket.breakevens).toEqual([543.75, 601.25]);
    expect(ticket.pop).toBe(0.72);
    expect(ticket.payoff).toMatchObject({ maxProfit: 250, maxLoss: 750, breakevens: [543.75, 601.25], spot: 570.5 });
  });

  it('names the account in words: a simulated paper account and a live Alpaca one', () => {
    expect(ticket.account.words).toBe('Simulated paper broker, paper account — no real money; prices come from condor’s market simulator, not real quotes.');
    expect(ticket.marketNotice).toBe('Simulated market.');
    const live = ticketAt(entry, CREATED, { broker: 'alpaca', environment: 'live', simulatedMarket: false });
    expect(live.account).toEqual({ broker: 'alpaca', environment: 'live', simulatedMarket: false, words: 'Alpaca, LIVE account — real money; real market quotes.' });
    expect(live.marketNotice).toBeNull();
  });
});

describe('orderTicket: costs, buying power and flags, as the proposal recorded them', () => {
  const costs = condorCosts({ longPut: 0.5, shortPut: 1.2, shortCall: 1.1, longCall: 0.45 }, 2, 0);
  const recorded = entryProposal({
    id: '22222222-2222-4222-8222-222222222222',
    ownerId: 'owner-1',
    createdAt: CREATED,
    qty: 2,
    maxLoss: 750,
    details: {
      expiry: '2026-12-18',
      pop: 0.72,
      pop_after_costs: 0.7188,
      costs: costsView(costs, 1.25, 0),
      buying_power: { reduction: 750, return_on_buying_power: 0.3333 },
      flags: [
        { code: 'earnings_before_expiry', date: '2026-12-10', message: 'Earnings are due on 2026-12-10, before expiry: the price can gap past a short strike.' },
        { code: 'not_a_flag', date: null, message: 'ignored' },
      ],
    },
  });
  const ticket = ticketAt(recorded, CREATED);

  it('shows the fees to open and to close, per contract, and the credit after them', () => {
    expect(ticket.costs).toEqual({
      // 8 contracts: ORF 0.2148 → 0.22, OCC 0.16, TAF 0.01116 → 0.02, SEC on $460 → 0.02 (on $190 when closing → 0.01), CAT 0.0368 → 0.04.
      open: 0.46,
      close: 0.45,
      total: 0.91,
      perContract: 0.455,
      netCreditAfterCosts: 1.24545,
      words: 'Fees and commission: $0.46 to open and $0.45 to close (estimated), $0.91 in all ($0.46 per contract); the credit after costs is $1.2454 per share.',
    });
    expect(ticket.popAfterCosts).toBe(0.7188);
  });

  it('shows the buying power the order takes and the return on it', () => {
    expect(ticket.buyingPower).toEqual({
      reduction: 750,
      returnOnBuyingPower: 0.3333,
      words: '$750.00 of options buying power (the wider wing less the credit); the most it can earn is 33% of that.',
    });
  });

  it('lists the known flags only', () => {
    expect(ticket.flags).toEqual([{ code: 'earnings_before_expiry', date: '2026-12-10', message: 'Earnings are due on 2026-12-10, before expiry: the price can gap past a short strike.' }]);
  });

  it('a proposal made before costs were recorded shows none rather than failing', () => {
    expect(ticketAt(entry, CREATED)).toMatchObject({ costs: null, buyingPower: null, flags: [], popAfterCosts: null });
  });
});

describe('orderTicket timing', () => {
  it('may be approved from 5 s and expires at exactly 60 s', () => {
    expect(ticketAt(entry, CREATED)).toMatchObject({ approvableAt: CREATED + 5_000, expiresAt: CREATED + 60_000, secondsUntilApprovable: 5, secondsLeft: 60 });
    expect(ticketAt(entry, CREATED + 4_001).secondsUntilApprovable).toBe(1);
    expect(ticketAt(entry, CREATED + 5_000).secondsUntilApprovable).toBe(0);
    const last = ticketAt(entry, CREATED + 59_999);
    expect(last).toMatchObject({ status: 'awaiting_approval', secondsLeft: 1 });
    expect(ticketAt(entry, CREATED + 60_000)).toMatchObject({ status: 'expired', secondsLeft: 0, secondsUntilApprovable: 0 });
  });

  it('tells a placed, a rejected and an undecided consumed proposal apart, whatever the time', () => {
    const consumed = { ...entry, consumedAt: CREATED + 6_000 };
    expect(ticketAt({ ...consumed, outcome: { status: 'submitted', orderId: 'o-1' } }, CREATED + 120_000).status).toBe('placed');
    expect(ticketAt({ ...consumed, outcome: { status: 'rejected', detail: 'no' } }, CREATED + 7_000).status).toBe('rejected');
    expect(ticketAt(consumed, CREATED + 7_000).status).toBe('unknown');
  });

  it('carries its status and its POP in the words every renderer shows', () => {
    const consumed = { ...entry, consumedAt: CREATED + 6_000 };
    expect(ticketAt(entry, CREATED)).toMatchObject({ status: 'awaiting_approval', statusWords: 'Awaiting your approval', popWords: '72%' });
    expect(ticketAt(entry, CREATED + 60_000).statusWords).toBe('Expired: nothing was placed');
    expect(ticketAt({ ...consumed, outcome: { status: 'submitted', orderId: 'o-1' } }, CREATED + 7_000).statusWords).toBe('Placed');
    expect(ticketAt({ ...consumed, outcome: { status: 'rejected', detail: 'no' } }, CREATED + 7_000).statusWords).toBe('Rejected: nothing was placed');
    expect(ticketAt({ ...consumed, outcome: { status: 'void', detail: 'rival' } }, CREATED + 7_000).statusWords).toBe(
      'Void: another order of this position was approved first; nothing was placed',
    );
    expect(ticketAt(consumed, CREATED + 7_000).statusWords).toBe('Sent to the broker; its answer is not known yet');
    const costed = { ...entry, details: { ...entry.details, pop: 0.6843, pop_after_costs: 0.6801 } };
    expect(ticketAt(costed, CREATED).popWords).toBe('68.4% (68.0% after costs)');
    expect(ticketAt({ ...entry, details: { expiry: '2026-12-18' } }, CREATED)).toMatchObject({ pop: null, popWords: 'unknown' });
  });
});

describe('orderTicket for an exit', () => {
  const held = [
    { symbol: 'SPY261218P00540000', type: 'put', strike: 540, expiry: '2026-12-18', side: 'long' },
    { symbol: 'SPY261218P00545000', type: 'put', strike: 545, expiry: '2026-12-18', side: 'short' },
    { symbol: 'SPY261218C00600000', type: 'call', strike: 600, expiry: '2026-12-18', side: 'short' },
    { symbol: 'SPY261218C00605000', type: 'call', strike: 605, expiry: '2026-12-18', side: 'long' },
  ];
  const exit: Proposal = {
    ...entry,
    kind: 'exit',
    legs: CONDOR_CLOSE_LEGS,
    limitPrice: 0.4,
    maxLoss: 80,
    details: { expiry: '2026-12-18', legs: held, entry_credit: 1.25, pop: 0.9 },
  };
  const ticket = ticketAt(exit, CREATED);

  it('closes the condor for at most a debit, with the proposal’s max loss and no profit, breakevens or POP', () => {
    expect(ticket.headline).toBe('Close 2 contracts of the SPY 2026-12-18 iron condor 540/545/600/605');
    expect(ticket.priceWords).toBe('a debit of at most $0.40 per share ($80.00 for 2 contracts)');
    expect(ticket.maxProfit).toBeNull();
    expect(ticket.maxLoss).toBe(80);
    expect(ticket.breakevens).toEqual([]);
    expect(ticket.pop).toBeNull();
    expect(ticket.legs[1]?.words).toBe('Buy to close 2 SPY 545 put, expiring Fri 18 Dec 2026');
  });

  it('charts the payoff of the condor held, at its entry credit', () => {
    expect(ticket.payoff).toMatchObject({ maxProfit: 250, maxLoss: 750, breakevens: [543.75, 601.25] });
  });

  it('has no payoff without the entry credit, and still the proposal’s max loss', () => {
    const bare = ticketAt({ ...exit, details: { expiry: '2026-12-18', legs: held } }, CREATED);
    expect(bare.payoff).toBeNull();
    expect(bare.maxLoss).toBe(80);
  });
});

describe('orderTicket for a roll', () => {
  const after = [
    { symbol: 'SPY270115P00530000', type: 'put', strike: 530, expiry: '2027-01-15', side: 'long' },
    { symbol: 'SPY270115P00535000', type: 'put', strike: 535, expiry: '2027-01-15', side: 'short' },
    { symbol: 'SPY270115C00610000', type: 'call', strike: 610, expiry: '2027-01-15', side: 'short' },
    { symbol: 'SPY270115C00615000', type: 'call', strike: 615, expiry: '2027-01-15', side: 'long' },
  ];
  const roll: Proposal = {
    ...entry,
    kind: 'roll',
    legs: CONDOR_CLOSE_LEGS,
    limitPrice: 0.45,
    maxLoss: 590,
    details: { expiry_from: '2026-12-18', expiry_to: '2027-01-15', legs_after: after, credit_after: 2.05, net_price: -0.8 },
  };
  const ticket = ticketAt(roll, CREATED);

  it('states the net price across both orders, not the first order’s limit', () => {
    expect(ticket.headline).toBe('Roll 2 contracts of the SPY iron condor from 2026-12-18 to 2027-01-15 530/535/610/615');
    expect(ticket.priceWords).toBe('a credit of at least $0.80 per share ($160.00 for 2 contracts) in all, across both orders');
    expect(ticket.limitPrice).toBe(0.45);
  });

  it('shows the risk of the condor held after the roll, at the credit after it', () => {
    expect(ticket.maxProfit).toBe(410);
    expect(ticket.maxLoss).toBe(590);
    expect(ticket.breakevens).toEqual([532.95, 612.05]);
  });

  it('falls back to the limit when the roll has no net price', () => {
    const details = Object.fromEntries(Object.entries(roll.details).filter(([key]) => key !== 'net_price'));
    expect(ticketAt({ ...roll, details }, CREATED).priceWords).toBe('a debit of at most $0.45 per share ($90.00 for 2 contracts) in all, across both orders');
  });
});

describe('priceWords edge', () => {
  it('says one contract in the singular and a zero price plainly', () => {
    expect(ticketAt({ ...entry, qty: 1, limitPrice: -0.7 }, CREATED).priceWords).toBe('a credit of at least $0.70 per share ($70.00 for 1 contract)');
    expect(ticketAt({ ...entry, limitPrice: 0 }, CREATED).priceWords).toBe('no credit or debit ($0.00 per share)');
  });
});
