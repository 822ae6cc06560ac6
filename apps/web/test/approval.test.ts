import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from './dom.js';
import { ORIGIN, pagesHarness, type Harness, type TicketWire, type Trader } from './pages-harness.js';

/** The approval page in-process: the fake clock stands in for the 5-second floor and the 60-second TTL. */

async function setUp(): Promise<{ h: Harness; ann: Trader; proposalId: string; path: string; csrf: string; ticket: TicketWire }> {
  const h = pagesHarness();
  const ann = await h.trader('ann@example.com');
  const { proposalId, approvalPath, ticket } = await h.propose(ann);
  const page = await h.send('GET', approvalPath, { cookie: ann.cookie });
  return { h, ann, proposalId, path: approvalPath, csrf: h.csrfOf(page), ticket };
}

const heading = (body: string): string => text(parsePage(body).querySelector('[data-role="message"] h1'));

describe('GET /approve/:token', () => {
  it('sends a browser without a session to the login page, coming back here after', async () => {
    const { h, path } = await setUp();
    const answer = await h.send('GET', path);
    expect([answer.status, answer.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent(path)}`]);
  });

  it('shows the owner the ticket, the chart, and Approve and Reject as two posts carrying the CSRF token', async () => {
    const { h, ann, path, csrf } = await setUp();
    const page = await h.send('GET', path, { cookie: ann.cookie });
    expect(page.status).toBe(200);
    const doc = parsePage(page.body);
    expect(text(doc.querySelector('h1'))).toBe('Sell 1 SPY 2026-02-20 iron condor 540/545/600/605');
    expect(doc.querySelector('figure svg[role="img"] [data-role="breakeven"]')).not.toBeNull();
    const approve = doc.querySelector(`form[action="${path}/approve"]`);
    const reject = doc.querySelector(`form[action="${path}/reject"]`);
    expect([approve?.getAttribute('method'), reject?.getAttribute('method')]).toEqual(['post', 'post']);
    expect(csrf).toMatch(/^[0-9a-f]{8,}$/);
    expect(approve?.querySelector('input[name="csrf_token"]')?.getAttribute('value')).toBe(csrf);
    expect(reject?.querySelector('input[name="csrf_token"]')?.getAttribute('value')).toBe(csrf);
    expect(approve?.querySelector('button')?.getAttribute('data-seconds-until-approvable')).toBe('5');
    expect(text(doc.querySelector('[data-approvable-note]'))).toMatch(/^You can approve in 5 s/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(doc.querySelector('script')?.getAttribute('nonce')).toBe(nonce);
  });

  it('shows the price band beside Approve: the sentence with its worst case, what Approve covers, the walk, both ends side by side and both curves', async () => {
    const { h, ann, path, ticket } = await setUp();
    const band = ticket.band;
    if (band === null) throw new Error('a new entry carries its band');
    expect(band.worst_price).toBeGreaterThan(band.start_price);
    const doc = parsePage((await h.send('GET', path, { cookie: ann.cookie })).body);
    const decision = doc.querySelector('[data-role="decision"]');
    expect(text(decision?.querySelector('[data-role="band-sentence"]'))).toBe(band.words);
    expect(band.words).toMatch(/^You approve a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share: at \$\d+\.\d\d the max loss is /);
    expect(decision?.querySelector('button[data-approve]')?.getAttribute('aria-describedby')).toBe('band-approval');
    expect(text(decision?.querySelector('#band-approval'))).toBe(band.approve_words);
    expect(band.approve_words).toContain('Approve covers every price from');
    expect(text(doc.querySelector('[data-role="band-walk"]'))).toBe(band.walk_words);
    const rows = all(doc, '[data-role="band-effect"] tbody tr').map((tr) => all(tr, 'th, td').map(text));
    expect(rows).toEqual(band.rows.map((r) => [r.label, r.at_start, r.at_worst]));
    expect(rows.find(([label]) => label === 'Max loss')?.[2]).toBe(`$${(band.at_worst?.kind === 'entry' ? band.at_worst.max_loss : NaN).toFixed(2)}`);
    expect(doc.querySelector('figure svg [data-role="curve-worst"]')).not.toBeNull();
    expect(all(doc, 'figure svg [data-role="legend"] text')).toHaveLength(2);
  });

  it('sends a typed or reloaded result address back to the ticket', async () => {
    const { h, ann, path } = await setUp();
    for (const action of ['approve', 'reject']) {
      const answer = await h.send('GET', `${path}/${action}`, { cookie: ann.cookie });
      expect([answer.status, answer.headers.get('location')]).toEqual([303, path]);
    }
  });

  it('answers a failure inside the page with a 500 page, logged, not a JSON body', async () => {
    const { h, ann, path } = await setUp();
    h.services.singleUseLinks.find = () => Promise.reject(new Error('database unreachable'));
    const answer = await h.send('GET', path, { cookie: ann.cookie });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.body).not.toContain('database unreachable');
    expect(h.services.logger.lines).toContainEqual(expect.objectContaining({ level: 'error', event: 'page_failed' }));
  });

  it('answers another user’s browser session with a not-found page, and shows it nothing', async () => {
    const { h, path } = await setUp();
    const bob = await h.trader('bob@example.com');
    const page = await h.send('GET', path, { cookie: bob.cookie });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).not.toContain('iron condor');
  });
});

describe('POST /approve/:token/approve', () => {
  it('before the 5-second floor says too early and in how many seconds, and places nothing', async () => {
    const { h, ann, path, csrf } = await setUp();
    h.services.clock.advance(2_000);
    const answer = await h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie);
    expect(answer.status).toBe(422);
    expect(heading(answer.body)).toBe('Too early');
    expect(text(parsePage(answer.body).querySelector('[data-role="message"] p'))).toContain('You can approve in 3 s');
    expect(parsePage(answer.body).querySelector(`form[action="${path}/approve"]`)).not.toBeNull();
    expect(h.brokerOrders(ann)).toHaveLength(0);
  });

  it('places exactly one order, shows its id and the page evidence with the band approved; a second click is told it is already decided', async () => {
    const { h, ann, proposalId, path, csrf, ticket } = await setUp();
    h.services.clock.advance(5_000);
    const answer = await h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie, { origin: ORIGIN, 'user-agent': 'TestBrowser/1.0' });
    expect(answer.status).toBe(200);
    const doc = parsePage(answer.body);
    expect(heading(answer.body)).toBe('Order placed');
    const orders = h.brokerOrders(ann);
    expect(orders).toHaveLength(1);
    expect(text(doc.querySelector('[data-role="order-id"]'))).toBe(orders[0]?.id);
    expect(doc.querySelector('[data-role="evidence"]')?.getAttribute('data-method')).toBe('page');
    expect(text(doc.querySelector('[data-role="evidence"]'))).toContain('TestBrowser/1.0');
    const shown = await h.call('get_proposal', { proposal_id: proposalId }, ann.apiToken);
    expect(shown['approval']).toMatchObject({ method: 'page', user_id: ann.userId, client: 'TestBrowser/1.0', band: { start_price: ticket.band?.start_price, worst_price: ticket.band?.worst_price } });
    const approvedBand = (shown['approval'] as { band: { words: string } }).band.words;
    expect(approvedBand).toMatch(/^a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share$/);
    expect(text(doc.querySelector('[data-role="evidence"] [data-role="approved-band"]'))).toBe(approvedBand);

    const again = await h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie);
    expect(again.status).toBe(409);
    expect(heading(again.body)).toBe('Already decided');
    expect(parsePage(again.body).querySelector('[data-role="evidence"]')?.getAttribute('data-method')).toBe('page');
    expect(parsePage(again.body).querySelector(`form[action="${path}/approve"]`)).toBeNull();
    expect(h.brokerOrders(ann)).toHaveLength(1);
  });

  it('places one order however many approvals race', async () => {
    const { h, ann, path, csrf } = await setUp();
    h.services.clock.advance(6_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(h.brokerOrders(ann)).toHaveLength(1);
  });

  it('after 60 seconds says the proposal expired, and places nothing', async () => {
    const { h, ann, path, csrf } = await setUp();
    h.services.clock.advance(61_000);
    const page = await h.send('GET', path, { cookie: ann.cookie });
    expect(page.status).toBe(410);
    expect(parsePage(page.body).querySelector('[data-status]')?.getAttribute('data-status')).toBe('expired');
    expect(parsePage(page.body).querySelector(`form[action="${path}/approve"]`)).toBeNull();
    const answer = await h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie);
    expect(answer.status).toBe(410);
    expect(heading(answer.body)).toBe('This proposal has expired');
    expect(h.brokerOrders(ann)).toHaveLength(0);
  });

  it('is not found for another user’s browser session, with that user’s own CSRF token', async () => {
    const { h, ann, path } = await setUp();
    const bob = await h.trader('bob@example.com');
    const bobs = h.csrfOf(await h.send('GET', '/login', { cookie: bob.cookie }));
    h.services.clock.advance(6_000);
    const answer = await h.post(`${path}/approve`, { csrf_token: bobs }, bob.cookie);
    expect(answer.status).toBe(404);
    expect(h.brokerOrders(ann)).toHaveLength(0);
  });
});

describe('POST /approve/:token/reject', () => {
  it('ends the proposal without an order; Approve afterwards is told it is decided', async () => {
    const { h, ann, proposalId, path, csrf } = await setUp();
    const answer = await h.post(`${path}/reject`, { csrf_token: csrf }, ann.cookie);
    expect(answer.status).toBe(200);
    expect(heading(answer.body)).toBe('Proposal rejected');
    h.services.clock.advance(6_000);
    const late = await h.post(`${path}/approve`, { csrf_token: csrf }, ann.cookie);
    expect(late.status).toBe(409);
    expect(h.brokerOrders(ann)).toHaveLength(0);
    expect(await h.call('get_proposal', { proposal_id: proposalId }, ann.apiToken)).toMatchObject({ approval: null, order_id: null });
  });
});

describe('what a post must carry', () => {
  const refusals: [string, (s: Awaited<ReturnType<typeof setUp>>) => { form: Record<string, string>; cookie?: string; headers: Record<string, string> }][] = [
    ['an API Bearer token alone', (s) => ({ form: { csrf_token: s.csrf }, headers: { origin: ORIGIN, authorization: `Bearer ${s.ann.apiToken}` } })],
    ['the API session cookie alone', (s) => ({ form: { csrf_token: s.csrf }, cookie: `__Host-condor_session=${s.ann.apiToken}`, headers: { origin: ORIGIN } })],
    ['a wrong CSRF token', (s) => ({ form: { csrf_token: `${s.csrf.slice(0, -1)}0` }, cookie: s.ann.cookie, headers: { origin: ORIGIN } })],
    ['no CSRF token', (s) => ({ form: {}, cookie: s.ann.cookie, headers: { origin: ORIGIN } })],
    ['another origin', (s) => ({ form: { csrf_token: s.csrf }, cookie: s.ann.cookie, headers: { origin: 'https://evil.example' } })],
    ['Origin null', (s) => ({ form: { csrf_token: s.csrf }, cookie: s.ann.cookie, headers: { origin: 'null' } })],
    ['neither Origin nor Referer', (s) => ({ form: { csrf_token: s.csrf }, cookie: s.ann.cookie, headers: {} })],
    ['a foreign Referer', (s) => ({ form: { csrf_token: s.csrf }, cookie: s.ann.cookie, headers: { referer: 'https://evil.example/page' } })],
  ];

  for (const [name, make] of refusals) {
    it(`refuses ${name} with a 403 page, placing nothing`, async () => {
      const s = await setUp();
      s.h.services.clock.advance(6_000);
      const { form, cookie, headers } = make(s);
      const answer = await s.h.post(`${s.path}/approve`, form, cookie, headers);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(s.h.brokerOrders(s.ann)).toHaveLength(0);
    });
  }

  it('accepts this origin’s Referer when the browser sent no Origin', async () => {
    const s = await setUp();
    s.h.services.clock.advance(6_000);
    const answer = await s.h.post(`${s.path}/approve`, { csrf_token: s.csrf }, s.ann.cookie, { referer: `${ORIGIN}${s.path}` });
    expect(answer.status).toBe(200);
    expect(s.h.brokerOrders(s.ann)).toHaveLength(1);
  });

  it('never takes an API Bearer token for a browser session on the page either', async () => {
    const s = await setUp();
    const answer = await s.h.send('GET', s.path, { headers: { authorization: `Bearer ${s.ann.apiToken}` } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/login\?next=/);
  });
});
