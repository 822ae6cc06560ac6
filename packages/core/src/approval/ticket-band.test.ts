import * as fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Proposal } from '../ports/proposal-store.js';
import { pricingPlan, singlePricePlan, type PricingPlan } from '../working-orders/pricing-plan.js';
import { pricingDetails } from '../working-orders/proposal-pricing.js';
import { CONDOR_CLOSE_LEGS, entryProposal } from './approval-fixture.js';
import { orderTicket } from './order-ticket.js';
import { pnlPerShare, type HeldLeg } from './payoff-curve.js';
import { TicketView, ticketView } from './ticket-view.js';

const CREATED = Date.UTC(2026, 0, 5, 14, 30);
/** The fixture's 540/545/600/605 condor as held after the entry: two 5-dollar wings. */
const LEGS: HeldLeg[] = [
  { type: 'put', strike: 540, side: 'long' },
  { type: 'put', strike: 545, side: 'short' },
  { type: 'call', strike: 600, side: 'short' },
  { type: 'call', strike: 605, side: 'long' },
];
const HELD_JSON = LEGS.map((l) => ({ ...l, expiry: '2026-12-18', symbol: `SPY261218${l.type === 'put' ? 'P' : 'C'}00${String(l.strike)}000` }));

const planOf = (mid: number, natural: number, mode: PricingPlan['mode'] = 'normal'): PricingPlan => {
  const planned = pricingPlan({ mid, natural }, { mode, worstFromMid: 0.05 });
  if (!planned.ok) throw new Error('no plan');
  return planned.plan;
};

const ticketOf = (proposal: Proposal) =>
  orderTicket({ proposal, account: { broker: 'sim', environment: 'paper', simulatedMarket: true }, spot: 570.5, now: CREATED, marketNotice: null });

/** An entry of `qty` condors priced by `plan`: its limit is the start price. */
const entryWith = (plan: PricingPlan, qty = 1): Proposal =>
  entryProposal({
    id: '11111111-1111-4111-8111-111111111111',
    ownerId: 'owner-1',
    createdAt: CREATED,
    qty,
    limitPrice: plan.startPrice,
    details: { expiry: '2026-12-18', pricing: pricingDetails(plan) },
  });

/** The payoff math, per share, at a credit: the worst loss over every strike and beyond (a condor's extremes lie there). */
const worstLossPerShare = (credit: number): number => -Math.min(...[500, 540, 545, 600, 605, 700].map((price) => pnlPerShare(LEGS, credit, price)));

describe('the band of an entry walking from $1.25 down to $1.20', () => {
  const plan = planOf(-1.25, -1.05);
  const ticket = ticketOf(entryWith(plan));
  const band = ticket.band!;

  it('carries the plan: start, worst, the steps between, their dwell and the time limit', () => {
    expect(band).toMatchObject({ mode: 'normal', startPrice: -1.25, worstPrice: -1.2, steps: [-1.25, -1.24, -1.22, -1.2], stepSeconds: 10, timeLimitSeconds: 150 });
  });

  it('works out a fill at the worst price by the payoff math: less credit, a larger max loss, breakevens moved in, a lower return', () => {
    const atWorst = band.atWorst;
    if (atWorst?.kind !== 'entry') throw new Error('an entry effect');
    expect(atWorst.credit).toBeCloseTo(1.2 * 100, 6);
    expect(atWorst.maxLoss).toBeCloseTo(worstLossPerShare(1.2) * 100, 6);
    expect(atWorst.maxProfit).toBeCloseTo(pnlPerShare(LEGS, 1.2, 570) * 100, 6);
    expect(atWorst.breakevens).toHaveLength(2);
    for (const breakeven of atWorst.breakevens) expect(pnlPerShare(LEGS, 1.2, breakeven)).toBeCloseTo(0, 6);
    expect(atWorst.returnOnRisk).toBeCloseTo(pnlPerShare(LEGS, 1.2, 570) / worstLossPerShare(1.2), 6);
  });

  it('puts the start price’s figures beside them: the ticket’s own', () => {
    const atStart = band.atStart;
    if (atStart?.kind !== 'entry') throw new Error('an entry effect');
    expect(atStart.maxLoss).toBeCloseTo(worstLossPerShare(1.25) * 100, 6);
    expect([atStart.maxLoss, atStart.maxProfit, atStart.breakevens]).toEqual([ticket.maxLoss, ticket.maxProfit, ticket.breakevens]);
  });

  it('says the band and its worst case in one sentence, the walk in another, and what Approve covers', () => {
    expect(band.words).toBe('You approve a credit of $1.25 down to $1.20 per share: at $1.20 the max loss is $380.00, breakevens 543.80 and 601.20, return on risk 31.6%.');
    expect(band.walkWords).toBe(
      'The order walks through 4 prices ($1.25, $1.24, $1.22, $1.20), moving every 10 s, and rests 2 min at the worst price; unfilled then, it is cancelled: 2 min 30 s in all.',
    );
    expect(band.approveWords).toBe('Approve covers every price from a credit of $1.25 down to $1.20 per share, and nothing worse.');
  });

  it('lays the start and the worst side by side, line by line', () => {
    expect(band.rows).toEqual([
      { label: 'Price', atStart: 'a credit of $1.25 per share', atWorst: 'a credit of $1.20 per share' },
      { label: 'Credit, all contracts', atStart: '$125.00', atWorst: '$120.00' },
      { label: 'Max loss', atStart: '$375.00', atWorst: '$380.00' },
      { label: 'Breakevens', atStart: '543.75 and 601.25', atWorst: '543.80 and 601.20' },
      { label: 'Return on risk', atStart: '33.3%', atWorst: '31.6%' },
    ]);
  });

  it('gives the chart the worst price’s curve beside the start’s', () => {
    expect(ticket.payoff?.worst).toMatchObject({ startPrice: -1.25, worstPrice: -1.2, breakevens: band.atWorst?.kind === 'entry' ? band.atWorst.breakevens : [] });
    for (const point of ticket.payoff?.worst?.points ?? []) expect(point.pnl).toBeCloseTo(pnlPerShare(LEGS, 1.2, point.price) * 100, 6);
  });

  it('reaches the view in snake_case, valid by its schema', () => {
    const view = ticketView(ticket);
    expect(v.safeParse(TicketView, view).success).toBe(true);
    expect(view.band).toMatchObject({ start_price: -1.25, worst_price: -1.2, step_seconds: 10, time_limit_seconds: 150, words: band.words, walk_words: band.walkWords, approve_words: band.approveWords });
    expect(view.band?.at_worst).toMatchObject({ kind: 'entry', credit: 120, max_loss: 380, breakevens: [543.8, 601.2] });
    expect(view.band?.rows[2]).toEqual({ label: 'Max loss', at_start: '$375.00', at_worst: '$380.00' });
    expect(view.payoff?.worst).toMatchObject({ start_price: -1.25, worst_price: -1.2, max_loss: 380, breakevens: [543.8, 601.2] });
  });
});

describe('the band of any entry', () => {
  it('at its worst price loses the wing less the worst credit, breaks even that credit from the short strikes and returns credit over risk', () => {
    const bands = fc.record({ startCents: fc.integer({ min: 30, max: 480 }), worseCents: fc.integer({ min: 1, max: 25 }), qty: fc.integer({ min: 1, max: 20 }) });
    fc.assert(
      fc.property(bands, ({ startCents, worseCents, qty }) => {
        const [start, worst] = [-startCents / 100, (worseCents - startCents) / 100];
        const plan = planOf(start, worst);
        const band = ticketOf(entryWith({ ...plan, startPrice: start, worstPrice: worst }, qty)).band!;
        const atWorst = band.atWorst;
        if (atWorst?.kind !== 'entry') throw new Error('an entry effect');
        const credit = -worst;
        expect(atWorst.maxLoss).toBeCloseTo(worstLossPerShare(credit) * 100 * qty, 6);
        expect(atWorst.maxLoss).toBeCloseTo((5 - credit) * 100 * qty, 6);
        expect(atWorst.breakevens[0]).toBeCloseTo(545 - credit, 6);
        expect(atWorst.breakevens[1]).toBeCloseTo(600 + credit, 6);
        expect(atWorst.returnOnRisk).toBeCloseTo(credit / (5 - credit), 6);
        expect(band.words).toContain(`max loss is $${((5 - credit) * 100 * qty).toFixed(2)}`);
      }),
    );
  });
});

describe('a one-price band', () => {
  it('an entry at a fixed limit: one price, no walk, no comparison; the effect is the ticket’s own', () => {
    const ticket = ticketOf(entryWith(singlePricePlan(-1.25)));
    const band = ticket.band!;
    expect(band.words).toBe('You approve one price, a credit of $1.25 per share.');
    expect(band.walkWords).toBe('The order is not walked: it rests 2 min at that price and is then cancelled if unfilled.');
    expect(band.approveWords).toBe('Approve covers one price, a credit of $1.25 per share, and nothing worse.');
    expect(band.rows).toEqual([]);
    expect(band.atWorst).toEqual(band.atStart);
    expect(band.atStart).toMatchObject({ kind: 'entry', maxLoss: ticket.maxLoss, breakevens: ticket.breakevens });
    expect(ticket.payoff?.worst).toBeNull();
  });

  it('a roll in two orders: the first order’s one price, its effect left to the ticket', () => {
    const roll: Proposal = {
      ...entryWith(singlePricePlan(0.35)),
      kind: 'roll',
      legs: CONDOR_CLOSE_LEGS,
      limitPrice: 0.35,
      details: { order_plan: 'two_orders', legs_after: HELD_JSON, credit_after: 0.9, net_price: -0.8, pricing: pricingDetails(singlePricePlan(0.35)) },
    };
    const ticket = ticketOf(roll);
    expect(ticket.band).toMatchObject({ atStart: null, atWorst: null, rows: [], mode: 'single' });
    expect(ticket.band?.words).toBe('You approve one price, a debit of $0.35 per share, for the first of the two orders.');
    expect(ticket.payoff?.worst).toBeNull();
  });
});

describe('the band of an exit', () => {
  /** Closing the condor opened for `entryCredit`, `plan` its band. */
  const exitWith = (plan: PricingPlan, entryCredit: number): Proposal => ({
    ...entryWith(plan),
    kind: 'exit',
    legs: CONDOR_CLOSE_LEGS,
    limitPrice: plan.startPrice,
    details: { expiry: '2026-12-18', legs: HELD_JSON, entry_credit: entryCredit, pricing: pricingDetails(plan) },
  });

  it('a debit from $0.35 up to $0.40: what closing costs and keeps of the entry credit at each end', () => {
    const plan = planOf(0.35, 0.55);
    const ticket = ticketOf(exitWith(plan, 1.2));
    const band = ticket.band!;
    expect([band.startPrice, band.worstPrice]).toEqual([0.35, 0.4]);
    expect(band.atWorst).toEqual({ kind: 'exit', price: 0.4, debit: 40, result: (1.2 - 0.4) * 100, entryCredit: 120 });
    expect(band.atStart).toMatchObject({ debit: 35, result: 85 });
    expect(band.words).toBe('You approve a debit of $0.35 up to $0.40 per share: at $0.40 closing costs $40.00, keeping $80.00 of the $120.00 credit it was opened for.');
    expect(band.rows).toEqual([
      { label: 'Price', atStart: 'a debit of $0.35 per share', atWorst: 'a debit of $0.40 per share' },
      { label: 'To close, all contracts', atStart: 'costs $35.00', atWorst: 'costs $40.00' },
      { label: 'Result on the $120.00 opening credit', atStart: '$85.00 kept', atWorst: '$80.00 kept' },
    ]);
    // The chart stays the condor held to expiry: the closing price does not change it.
    expect(ticket.payoff).toMatchObject({ maxLoss: 380, worst: null });
  });

  it('says a loss when the worst debit is more than the entry credit, and money in when it closes for a credit', () => {
    expect(ticketOf(exitWith(planOf(0.35, 0.55), 0.3)).band?.words).toBe(
      'You approve a debit of $0.35 up to $0.40 per share: at $0.40 closing costs $40.00, a loss of $10.00 after the $30.00 credit it was opened for.',
    );
    const forCredit = { ...planOf(-0.05, 0), worstPrice: -0.01, steps: [-0.05, -0.01] };
    expect(ticketOf(exitWith(forCredit, 1.2)).band?.words).toBe(
      'You approve a credit of $0.05 down to $0.01 per share: at $0.01 closing brings in $1.00, $121.00 in all with the $120.00 credit it was opened for.',
    );
  });

  it('names the band without its effect when the entry credit is unknown', () => {
    const plan = planOf(0.35, 0.55);
    const bare = exitWith(plan, 1.2);
    const ticket = ticketOf({ ...bare, details: { expiry: '2026-12-18', legs: HELD_JSON, pricing: pricingDetails(plan) } });
    expect(ticket.band).toMatchObject({ atStart: null, atWorst: null, rows: [], words: 'You approve a debit of $0.35 up to $0.40 per share.' });
  });
});

describe('a proposal made before bands existed', () => {
  it('shows no band, and its chart no worst-price curve', () => {
    const ticket = ticketOf(entryProposal({ id: '11111111-1111-4111-8111-111111111111', ownerId: 'owner-1', createdAt: CREATED, details: { expiry: '2026-12-18' } }));
    expect(ticket.band).toBeNull();
    expect(ticket.payoff?.worst).toBeNull();
    expect(ticketView(ticket).band).toBeNull();
  });
});
