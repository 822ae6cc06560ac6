import { describe, expect, it } from 'vitest';
import { parsePage, text } from './dom.js';
import { pagesHarness, type Harness, type Trader } from './pages-harness.js';

/** "Get a fresh quote" on the approval page in-process: the fake clock stands in for the 60-second TTL. */

/** The fixture market quoted afresh at every read (its quotes are otherwise as old as the clock's start). */
function quotedNow(h: Harness): void {
  const { market } = h.services;
  const chainOf = market.optionChain.bind(market);
  market.optionChain = (symbol, expiry) => chainOf(symbol, expiry).map((chain) => chain.map((contract) => ({ ...contract, quoteTime: h.services.clock.now() })));
}

async function setUp(): Promise<{ h: Harness; ann: Trader; proposalId: string; path: string; csrf: string }> {
  const h = pagesHarness();
  const ann = await h.trader('ann@example.com');
  const { proposalId, approvalPath } = await h.propose(ann);
  const page = await h.send('GET', approvalPath, { cookie: ann.cookie });
  return { h, ann, proposalId, path: approvalPath, csrf: h.csrfOf(page) };
}

const heading = (body: string): string => text(parsePage(body).querySelector('[data-role="message"] h1'));

describe('Get a fresh quote', () => {
  it('is offered on the expired ticket only: a POST form with the CSRF token, waiting hidden on an open one', async () => {
    const { h, ann, path, csrf } = await setUp();
    const open = parsePage((await h.send('GET', path, { cookie: ann.cookie })).body);
    expect(open.querySelector('[data-role="fresh-quote"]')?.getAttribute('hidden')).not.toBeNull();

    h.services.clock.advance(61_000);
    const page = await h.send('GET', path, { cookie: ann.cookie });
    expect(page.status).toBe(410);
    const doc = parsePage(page.body);
    const section = doc.querySelector('[data-role="fresh-quote"]');
    expect(section?.getAttribute('hidden')).toBeNull();
    expect(text(section?.querySelector('h2'))).toBe('Still want this trade?');
    expect(text(section)).toContain('the same legs, quantity and pricing mode, priced at the market now');
    const form = section?.querySelector(`form[action="${path}/fresh-quote"]`);
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.querySelector('input[name="csrf_token"]')?.getAttribute('value')).toBe(csrf);
    expect(text(form?.querySelector('button'))).toBe('Get a fresh quote');
  });

  it('makes a new proposal and sends the person to its ticket, which says what it replaces; the old one stays expired', async () => {
    const { h, ann, proposalId, path, csrf } = await setUp();
    h.services.clock.advance(61_000);
    quotedNow(h);
    const answer = await h.post(`${path}/fresh-quote`, { csrf_token: csrf }, ann.cookie);
    expect(answer.status).toBe(303);
    const next = answer.headers.get('location') ?? '';
    expect(next).toMatch(/^\/approve\/[^/]+$/);
    expect(next).not.toBe(path);

    const page = await h.send('GET', next, { cookie: ann.cookie });
    expect(page.status).toBe(200);
    const doc = parsePage(page.body);
    const freshId = doc.querySelector('[data-proposal-id]')?.getAttribute('data-proposal-id') ?? '';
    expect(freshId).not.toBe(proposalId);
    expect(doc.querySelector('[data-status]')?.getAttribute('data-status')).toBe('awaiting_approval');
    expect(doc.querySelector('[data-role="fresh-quote-made"]')?.getAttribute('data-fresh-quote-of')).toBe(proposalId);
    expect(text(doc.querySelector('[data-role="fresh-quote-made"]'))).toContain('Here is your fresh quote, priced just now');
    expect(doc.querySelector(`form[action="${next}/approve"] button`)?.getAttribute('data-seconds-until-approvable')).toBe('5');

    expect(await h.call('get_proposal', { proposal_id: freshId }, ann.apiToken)).toMatchObject({ status: 'awaiting_confirmation', details: { made_by: { by: 'person', credential: 'browser_session', fresh_quote_of: proposalId } } });
    expect(await h.call('get_proposal', { proposal_id: proposalId }, ann.apiToken)).toMatchObject({ status: 'expired', approval: null, details: { made_by: { by: 'agent' } } });
    h.services.clock.advance(5_000);
    const approved = await h.post(`${next}/approve`, { csrf_token: csrf }, ann.cookie);
    expect([approved.status, heading(approved.body)]).toEqual([200, 'Order placed']);
    expect(h.brokerOrders(ann)).toHaveLength(1);
  });

  it('shows the expired ticket with the button when opened through the desk’s link to the proposal', async () => {
    const { h, ann, proposalId } = await setUp();
    h.services.clock.advance(61_000);
    const desk = await h.send('GET', `/desk/approvals/${proposalId}`, { cookie: ann.cookie });
    expect(desk.status).toBe(303);
    const token = desk.headers.get('location') ?? '';
    const page = await h.send('GET', token, { cookie: ann.cookie });
    expect(page.status).toBe(410);
    expect(parsePage(page.body).querySelector(`[data-role="fresh-quote"] form[action="${token}/fresh-quote"]`)).not.toBeNull();
  });

  it('says why in words when the quote cannot be made, with the ticket and its button again, and proposes nothing', async () => {
    const { h, ann, path, csrf } = await setUp();
    h.services.clock.advance(61_000);
    const answer = await h.post(`${path}/fresh-quote`, { csrf_token: csrf }, ann.cookie);
    expect(answer.status).toBe(422);
    const doc = parsePage(answer.body);
    expect(heading(answer.body)).toBe('No fresh quote this time');
    expect(text(doc.querySelector('[data-role="message"][data-code="ENTRY_REJECTED"] p'))).toMatch(/The quote of SPY\S+ is 61 s old; quotes older than 60 s are not used\..* Nothing was proposed or placed\.$/);
    expect(doc.querySelector(`form[action="${path}/fresh-quote"]`)).not.toBeNull();
    expect(await h.services.proposals.listWaiting(ann.userId, 0)).toHaveLength(1);
  });

  it('refuses an open proposal (409), a decided one (409), another person (404) and a post without the CSRF token (403)', async () => {
    const { h, ann, path, csrf } = await setUp();
    const early = await h.post(`${path}/fresh-quote`, { csrf_token: csrf }, ann.cookie);
    expect([early.status, heading(early.body)]).toEqual([409, 'Not expired yet']);

    const bob = await h.trader('bob@example.com');
    const bobs = h.csrfOf(await h.send('GET', '/login', { cookie: bob.cookie }));
    h.services.clock.advance(61_000);
    quotedNow(h);
    expect((await h.post(`${path}/fresh-quote`, { csrf_token: bobs }, bob.cookie)).status).toBe(404);
    expect((await h.post(`${path}/fresh-quote`, {}, ann.cookie)).status).toBe(403);
    expect(await h.services.proposals.listWaiting(ann.userId, 0)).toHaveLength(1);

    const rejected = await h.propose(ann);
    const rejectedCsrf = h.csrfOf(await h.send('GET', rejected.approvalPath, { cookie: ann.cookie }));
    expect((await h.post(`${rejected.approvalPath}/reject`, { csrf_token: rejectedCsrf }, ann.cookie)).status).toBe(200);
    h.services.clock.advance(61_000);
    const decided = await h.post(`${rejected.approvalPath}/fresh-quote`, { csrf_token: rejectedCsrf }, ann.cookie);
    expect([decided.status, heading(decided.body)]).toEqual([409, 'Already decided']);
    expect(parsePage(decided.body).querySelector('[data-role="fresh-quote"]')).toBeNull();
  });

  it('sends a reloaded or typed fresh-quote address back to the ticket', async () => {
    const { h, ann, path } = await setUp();
    const answer = await h.send('GET', `${path}/fresh-quote`, { cookie: ann.cookie });
    expect([answer.status, answer.headers.get('location')]).toEqual([303, path]);
  });
});
