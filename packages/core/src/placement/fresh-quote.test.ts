import { createTestServices, FakeBrokers, FixtureMarketData, type FixtureSymbol, type TestServices } from '@condor/testkit';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserLogin, onboardedUser } from '../approval/approval-fixture.js';
import { approvalTicket, rejectByLink } from '../approval/approval-page.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { mintLink } from '../browser/links.js';
import { madeBy } from '../lifecycle/proposal-maker.js';
import { execute } from '../operations/execute.js';
import { priceOption } from '../options/index.js';
import type { OptionContract, OptionType } from '../ports/market-data.js';
import type { Proposal } from '../ports/proposal-store.js';
import { proposalView } from '../proposals/proposal-view.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { approveByLink } from './approve-by-link.js';
import { freshQuote } from './fresh-quote.js';

/**
 * "Get a fresh quote": a new proposal made by the person through the expired one's own propose tool (an entry, an
 * exit or a roll of the same position).
 *
 * A person and their agent on a fixture SPY market at 600 (a Black–Scholes chain with a put skew, 2 % either side of
 * the model price) for the fresh-quote tests: the agent proposes over the API, the person acts in their browser, and
 * `later` moves the clock on with every quote taken again then, `move` priced in.
 */

const PASSWORD = 'fresh quote password 1';
const EVIDENCE = { client: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', address: '198.51.100.7' };
const SPOT = 600;
const [NEAR, FAR] = ['2026-02-20', '2026-03-20'] as const;
const DTE: Readonly<Record<string, number>> = { [NEAR]: 46, [FAR]: 74 };

const occ = (expiry: string, type: OptionType, strike: number): string =>
  `SPY${expiry.slice(2).replaceAll('-', '')}${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`;

/** Every strike from 450 to 750 of `expiry`, quoted at `quoteTime`, each price `move` times the model's. */
function chain(expiry: string, quoteTime: number, move: number): OptionContract[] {
  const years = (DTE[expiry] ?? 30) / 365;
  const contracts: OptionContract[] = [];
  for (let strike = 450; strike <= 750; strike += 5) {
    for (const type of ['call', 'put'] as const) {
      const volatility = 0.2 - 0.3 * Math.log(strike / SPOT);
      const model = priceOption({ type, spot: SPOT, strike, years, rate: 0.04, dividendYield: 0.01, volatility });
      const price = model.price * move;
      const half = Math.max(0.01, 0.02 * price);
      const bid = Math.max(0, Math.round((price - half) * 100) / 100);
      const ask = Math.max(bid + 0.01, Math.round((price + half) * 100) / 100);
      const greeks = { delta: model.delta, gamma: model.gamma, theta: model.theta, vega: model.vega };
      contracts.push({ symbol: occ(expiry, type, strike), type, strike, expiry, bid, ask, volatility, greeks, openInterest: 1_000, volume: 10, quoteTime });
    }
  }
  return contracts;
}

const spy = (quoteTime: number, move: number): FixtureSymbol => ({
  quote: { symbol: 'SPY', bid: SPOT - 0.1, ask: SPOT + 0.1, last: SPOT, time: quoteTime },
  chains: { [NEAR]: chain(NEAR, quoteTime, move), [FAR]: chain(FAR, quoteTime, move) },
});

const strike = (value: number) => ({ strike: value });
/** The NEAR 550/560/640/650 condor as find_iron_condors would return it. */
const CANDIDATE = { ticker: 'SPY', expiry: NEAR, net_credit: 2.86, legs: { long_put: strike(550), short_put: strike(560), short_call: strike(640), long_call: strike(650) } };

type World = Awaited<ReturnType<typeof freshQuoteWorld>>;

async function freshQuoteWorld() {
  const symbols: Record<string, FixtureSymbol> = {};
  const brokers = new FakeBrokers();
  const services: TestServices = createTestServices({ brokers, market: new FixtureMarketData(symbols) });
  symbols['SPY'] = spy(services.clock.now(), 1);
  const owner = await onboardedUser(services, 'owner@example.com', PASSWORD);
  const browser: BrowserCaller = await browserLogin(services, 'owner@example.com', PASSWORD);
  await onboardedUser(services, 'stranger@example.com', PASSWORD);
  const stranger: BrowserCaller = await browserLogin(services, 'stranger@example.com', PASSWORD);

  /** The agent's call over the API (its own batch): the answer, or the error code. */
  const agent = async (tool: string, input: unknown): Promise<Record<string, unknown>> => {
    const result = await execute(tool, input, { services, credential: owner.accessToken, requestId: 'agent', batchKey: `agent-${String(services.clock.now())}`, clientIp: '203.0.113.5', client: 'agent/1.0' });
    if (result.isErr()) throw new Error(`${tool}: ${JSON.stringify(result.error.body)}`);
    return result.value.value as Record<string, unknown>;
  };

  return {
    services,
    brokers,
    owner: { userId: owner.userId, browser },
    stranger,
    agent,
    /** An approval link to the owner's proposal, expiring with it. */
    link: async (proposal: Proposal): Promise<string> => mintLink(services, 'approve_proposal', owner.userId, proposal.id, proposal.createdAt + 60_000),
    proposal: async (id: string): Promise<Proposal> => {
      const found = await services.proposals.get(owner.userId, id);
      if (found === undefined) throw new Error(`no proposal ${id}`);
      return found;
    },
    /** `ms` later, with every quote taken again then and each price `move` times the model's. */
    later: (ms: number, move = 1): void => {
      services.clock.advance(ms);
      symbols['SPY'] = spy(services.clock.now(), move);
    },
  };
}

/** The agent's entry proposal (2 contracts, walked fast) and an approval link to it. */
async function proposed(w: World) {
  const answer = await w.agent('propose_entry', { candidate: CANDIDATE, qty: 2, pricing: { mode: 'fast' } });
  const proposal = await w.proposal(String(answer['proposal_id']));
  return { proposal, link: await w.link(proposal) };
}

const codeOf = async (w: World, link: string, browser = w.owner.browser): Promise<string> =>
  (await freshQuote(w.services, browser, link, EVIDENCE)).match(() => 'made', (error) => error.code);

const waiting = async (w: World): Promise<number> => (await w.services.proposals.listWaiting(w.owner.userId, 0)).length;

describe('freshQuote', () => {
  it('makes a new proposal of the same legs, quantity and pricing mode, priced now and made by the person; the expired one stays expired', async () => {
    const w = await freshQuoteWorld();
    const { proposal: old, link } = await proposed(w);
    w.later(61_000, 1.05);
    const fresh = (await freshQuote(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrap();
    const made = await w.proposal(fresh.proposalId);

    expect(made.id).not.toBe(old.id);
    expect([made.kind, made.ticker, made.qty, made.legs]).toEqual(['entry', 'SPY', 2, old.legs]);
    expect([pricingOf(made)?.mode, pricingOf(old)?.mode]).toEqual(['fast', 'fast']);
    // Every price 5 % up: the credit is the market's now, not the expired proposal's.
    expect(made.createdAt).toBe(w.services.clock.now());
    expect(made.limitPrice).toBeLessThan(old.limitPrice - 0.1);
    expect(pricingOf(made)?.startPrice).toBe(made.limitPrice);
    expect(madeBy(made)).toEqual({ by: 'person', credential: 'browser_session', client: EVIDENCE.client, address: EVIDENCE.address, freshQuoteOf: old.id });
    expect(madeBy(old)).toEqual({ by: 'agent', credential: 'session', client: 'agent/1.0', address: '203.0.113.5', freshQuoteOf: null });

    const after = await w.proposal(old.id);
    expect(after).toEqual(old);
    expect(proposalView(after, w.services.clock.now()).status).toBe('expired');
    // The person is told of the agent's proposal, not of the fresh quote they asked for (they are taken to it).
    const told = await w.services.news.claimUntold('test', w.services.clock.now(), 1_000, 10);
    expect(told.map((news) => [news.kind, news.path])).toEqual([['proposal_waiting', `/desk/approvals/${old.id}`]]);
  });

  it('gives a link to the new ticket with its own 5 s floor and 60 s life, where the person approves it and an order is placed', async () => {
    const w = await freshQuoteWorld();
    const { proposal: old, link } = await proposed(w);
    w.later(90_000);
    const fresh = (await freshQuote(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrap();
    const { ticket, linkUsed, freshQuoteOf } = (await approvalTicket(w.services, w.owner.browser, fresh.token))._unsafeUnwrap();
    expect([ticket.proposalId, ticket.status, ticket.secondsLeft, ticket.secondsUntilApprovable, linkUsed, freshQuoteOf]).toEqual([fresh.proposalId, 'awaiting_approval', 60, 5, false, old.id]);

    expect((await approveByLink(w.services, w.owner.browser, fresh.token, EVIDENCE))._unsafeUnwrapErr().code).toBe('CONFIRM_TOO_FAST');
    w.later(5_000);
    const placed = (await approveByLink(w.services, w.owner.browser, fresh.token, EVIDENCE))._unsafeUnwrap();
    expect(w.brokers.allOrders(w.owner.userId).map((order) => order.id)).toEqual([placed.orderId]);
    expect((await w.proposal(fresh.proposalId)).approval).toMatchObject({ method: 'page', userId: w.owner.userId });
    expect(await w.proposal(old.id)).toEqual(old);
    // The expired one is never approved for it: its own link still answers "expired".
    expect((await approveByLink(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrapErr().code).toBe('PROPOSAL_EXPIRED');

    w.later(61_000);
    expect((await approvalTicket(w.services, w.owner.browser, fresh.token))._unsafeUnwrap().ticket.status).toBe('placed');
  });

  it('runs the entry gate on the price now: a market that moved too far is refused in words, and nothing is proposed', async () => {
    const w = await freshQuoteWorld();
    const { proposal: old, link } = await proposed(w);
    w.later(61_000, 1.5);
    const refused = (await freshQuote(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrapErr();
    expect(refused.code).toBe('ENTRY_REJECTED');
    expect(refused.message).toMatch(/^The risk gate rejected the candidate\. The credit is \$\d+\.\d\d now against \$\d+\.\d\d in the candidate: it moved by more than/);
    expect(await waiting(w)).toBe(1);
    expect(await w.proposal(old.id)).toEqual(old);
  });

  it('passes the propose tool’s gates as any call does: without a connected broker it is BROKER_NOT_CONNECTED', async () => {
    const w = await freshQuoteWorld();
    const { link } = await proposed(w);
    w.later(61_000);
    await w.agent('disconnect_broker', {});
    expect(await codeOf(w, link)).toBe('BROKER_NOT_CONNECTED');
    expect(await waiting(w)).toBe(1);
  });

  it('refuses a proposal still open (CONFLICT), one rejected or placed (PROPOSAL_ALREADY_CONSUMED), and another person’s link (NOT_FOUND)', async () => {
    const w = await freshQuoteWorld();
    const open = await proposed(w);
    const refused = (await freshQuote(w.services, w.owner.browser, open.link, EVIDENCE))._unsafeUnwrapErr();
    expect([refused.code, refused.message]).toEqual(['CONFLICT', 'This proposal is still open for 60 s: approve or reject it. A fresh quote is for a proposal that has expired.']);
    expect(await codeOf(w, open.link, w.stranger)).toBe('NOT_FOUND');

    w.later(6_000);
    (await rejectByLink(w.services, w.owner.browser, open.link))._unsafeUnwrap();
    const placed = await proposed(w);
    w.later(6_000);
    (await approveByLink(w.services, w.owner.browser, placed.link, EVIDENCE))._unsafeUnwrap();
    w.later(61_000);
    expect(await codeOf(w, open.link)).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(await codeOf(w, placed.link)).toBe('PROPOSAL_ALREADY_CONSUMED');
    expect(await codeOf(w, placed.link, w.stranger)).toBe('NOT_FOUND');
    expect(await waiting(w)).toBe(0);
    expect(w.brokers.allOrders(w.owner.userId)).toHaveLength(1);
  });

  it('is made exactly when the proposal expired undecided, whatever happened before, and never changes the old one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('none', 'approved', 'rejected'), fc.integer({ min: 0, max: 120_000 }), async (decision, wait) => {
        const w = await freshQuoteWorld();
        const { proposal, link } = await proposed(w);
        if (decision !== 'none') {
          w.later(6_000);
          const decided = decision === 'approved' ? approveByLink(w.services, w.owner.browser, link, EVIDENCE) : rejectByLink(w.services, w.owner.browser, link);
          (await decided)._unsafeUnwrap();
        }
        w.later(wait);
        const before = await w.proposal(proposal.id);
        const elapsed = w.services.clock.now() - proposal.createdAt;
        const expected = decision !== 'none' ? 'PROPOSAL_ALREADY_CONSUMED' : elapsed >= 60_000 ? 'made' : 'CONFLICT';
        const waitingBefore = await waiting(w);
        expect(await codeOf(w, link)).toBe(expected);
        expect(await w.proposal(proposal.id)).toEqual(before);
        expect(await waiting(w)).toBe(waitingBefore + (expected === 'made' ? 1 : 0));
      }),
      { numRuns: 30 },
    );
  });
});


/** The person's open position of 2 NEAR condors, opened by the agent's proposal and the person's approval. */
async function opened(w: World): Promise<string> {
  const entry = await w.proposal(String((await w.agent('propose_entry', { candidate: CANDIDATE, qty: 2 }))['proposal_id']));
  w.later(6_000);
  (await approveByLink(w.services, w.owner.browser, await w.link(entry), EVIDENCE))._unsafeUnwrap();
  expect((await w.services.positions.get(w.owner.userId, entry.positionId))?.status).toBe('open');
  return entry.positionId;
}

/** The agent's proposal made with `tool` and `input`, and an approval link to it. */
async function proposedWith(w: World, tool: string, input: Record<string, unknown>): Promise<{ proposal: Proposal; link: string }> {
  const proposal = await w.proposal(String((await w.agent(tool, input))['proposal_id']));
  return { proposal, link: await w.link(proposal) };
}

const freshOf = async (w: World, link: string): Promise<Proposal> => w.proposal((await freshQuote(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrap().proposalId);

describe('freshQuote of an exit or a roll', () => {
  it('re-proposes the same exit and the same roll for the same position, each made by the person', async () => {
    const w = await freshQuoteWorld();
    const positionId = await opened(w);
    const roll = await proposedWith(w, 'propose_roll', { position_id: positionId, side: 'both', target_dte: 74 });
    const exit = await proposedWith(w, 'propose_exit', { position_id: positionId, pricing: { mode: 'single' } });
    w.later(61_000);

    const rolled = await freshOf(w, roll.link);
    expect([rolled.kind, rolled.positionId, rolled.qty, rolled.legs]).toEqual(['roll', positionId, 2, roll.proposal.legs]);
    expect([rolled.details['side'], rolled.details['target_dte'], rolled.details['short_deltas']]).toEqual(['both', 74, roll.proposal.details['short_deltas']]);
    const opens = rolled.details['opens'] as { expiry: string }[];
    expect(opens).toEqual(roll.proposal.details['opens']);
    expect(opens.map((leg) => leg.expiry)).toEqual([FAR, FAR, FAR, FAR]);
    expect(madeBy(rolled)).toMatchObject({ by: 'person', freshQuoteOf: roll.proposal.id });

    const closing = await freshOf(w, exit.link);
    expect([closing.kind, closing.positionId, closing.qty, closing.legs]).toEqual(['exit', positionId, 2, exit.proposal.legs]);
    expect(pricingOf(closing)?.mode).toBe('single');
    expect(madeBy(closing)).toMatchObject({ by: 'person', freshQuoteOf: exit.proposal.id });
    for (const old of [roll.proposal, exit.proposal]) expect(await w.proposal(old.id)).toEqual(old);
  });

  it('says why, in words, when the position no longer qualifies; a close of what was left closes what is left again', async () => {
    const w = await freshQuoteWorld();
    const positionId = await opened(w);
    const roll = await proposedWith(w, 'propose_roll', { position_id: positionId, side: 'put', target_dte: 74 });
    const exit = await proposedWith(w, 'propose_exit', { position_id: positionId });
    const gone = occ(NEAR, 'put', 550);
    w.brokers.closeLegOutside(w.owner.userId, gone);
    const rest = await proposedWith(w, 'propose_exit', { position_id: positionId, remaining_only: true });
    w.later(61_000);

    for (const { link } of [exit, roll]) {
      const refused = (await freshQuote(w.services, w.owner.browser, link, EVIDENCE))._unsafeUnwrapErr();
      expect(refused.code).toBe('ENTRY_REJECTED');
      expect(refused.message).toContain('The broker account no longer holds this position as recorded.');
      expect(refused.message).toContain(gone);
    }
    const closingRest = await freshOf(w, rest.link);
    expect(closingRest.legs).toEqual(rest.proposal.legs);
    expect(closingRest.legs.map((leg) => leg.symbol)).not.toContain(gone);
    expect(closingRest.legs).toHaveLength(3);
  });
});
