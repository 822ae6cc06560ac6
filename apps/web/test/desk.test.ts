import { FakeBrokers } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from './dom.js';
import { OTHER_CANDIDATE, pagesHarness, type Harness, type Trader } from './pages-harness.js';

/**
 * The desk in-process: a person's waiting proposal, an earlier one approved whose order the broker leaves working
 * (so its position is opening and condor walks it), and an agent's key.
 */
async function setUp(): Promise<{ h: Harness; ann: Trader; placedId: string; waitingId: string; blockedId: string; agentKey: string }> {
  const brokers = new FakeBrokers();
  const h = pagesHarness({ brokers });
  const ann = await h.trader('ann@example.com');
  brokers.decideOrders(ann.userId, () => 'work');
  const placed = await h.propose(ann);
  const ticket = await h.send('GET', placed.approvalPath, { cookie: ann.cookie });
  h.services.clock.advance(6_000);
  const waiting = await h.propose(ann, OTHER_CANDIDATE);
  // Proposed before the first one places: once that holds these legs, this one can no longer be placed (issue 42).
  const blocked = await h.propose(ann);
  expect((await h.post(`${placed.approvalPath}/approve`, { csrf_token: h.csrfOf(ticket) }, ann.cookie)).status).toBe(200);
  const created = await h.call('create_api_key', { name: 'laptop agent', scopes: ['read', 'propose'] }, ann.apiToken);
  h.services.clock.advance(2_000);
  return { h, ann, placedId: placed.proposalId, waitingId: waiting.proposalId, blockedId: blocked.proposalId, agentKey: String(created['api_key']) };
}

const desk = async (h: Harness, cookie: string) => {
  const answer = await h.send('GET', '/', { cookie });
  expect(answer.status).toBe(200);
  return { answer, doc: parsePage(answer.body) };
};

describe('GET /', () => {
  it('shows a visitor without a session what condor is, with log-in and create-account, instead of a redirect', async () => {
    const h = pagesHarness();
    const answer = await h.send('GET', '/');
    expect([answer.status, answer.headers.get('location')]).toEqual([200, null]);
    const doc = parsePage(answer.body);
    expect(text(doc.querySelector('[data-role="welcome"] h1'))).toBe('condor');
    expect(doc.querySelector('[data-role="log-in"]')?.getAttribute('href')).toBe('/login?next=%2F');
    expect(doc.querySelector('[data-role="create-account"]')?.getAttribute('href')).toBe('/create-account');
    expect(doc.querySelector('script')).toBeNull();
  });

  it('shows the person their waiting approval with its countdowns and ticket link, their position with its chart, its working order and their agents', async () => {
    const { h, ann, placedId, waitingId } = await setUp();
    const { doc } = await desk(h, ann.cookie);
    const approval = doc.querySelector(`[data-role="approval"][data-proposal="${waitingId}"]`);
    expect(approval?.querySelector('[data-role="open-ticket"]')?.getAttribute('href')).toBe(`/desk/approvals/${waitingId}`);
    expect(all(approval ?? doc, '[data-seconds-left]').map((el) => el.getAttribute('data-seconds-left'))).toEqual(['58', '3']);
    expect(text(approval?.querySelector('[data-role="countdown"]'))).toBe('Expires in 58 s. You can approve in 3 s.');
    const position = doc.querySelector('[data-role="position"]');
    expect(position?.getAttribute('data-status')).toBe('opening');
    expect(text(position?.querySelector('h3'))).toBe('SPY 2026-02-20 540/545/600/605');
    expect(position?.querySelector('[data-role="position-chart"] svg[role="img"] [data-role="curve"]')).not.toBeNull();
    expect(text(position?.querySelector('[data-role="position-max-loss"]'))).toMatch(/^\$\d+\.\d\d$/);
    expect(text(position?.querySelector('[data-role="dte"]'))).toMatch(/^\d+ days$/);
    expect(all(doc, '[data-role="order"]')).toHaveLength(1);
    expect(all(doc, '[data-role="desk-key"] strong').map(text)).toEqual(['laptop agent']);
    expect(text(doc.querySelector('[data-role="desk-alerts"] [data-role="empty"]'))).toContain('No alerts');
    const walk = doc.querySelector(`[data-role="working-order"][data-proposal="${placedId}"]`);
    expect(all(walk ?? doc, '[data-role="step"]')).toHaveLength(1);
    expect(text(walk?.querySelector('[data-role="current-limit"]'))).toMatch(/^(Standing|Sent) at a credit of \$\d+\.\d\d per share.*; you approved a credit of \$\d+\.\d\d down to \$\d+\.\d\d per share \(normal\)\.$/);
  });

  it('shows a waiting proposal whose legs came to be held since as one that can no longer be placed, with nothing to approve (issue 42)', async () => {
    const { h, ann, blockedId } = await setUp();
    const { doc } = await desk(h, ann.cookie);
    const blocked = doc.querySelector(`[data-role="approval"][data-proposal="${blockedId}"]`);
    expect(blocked?.querySelector('[data-role="open-ticket"]')).toBeNull();
    expect(text(blocked?.querySelector('[data-role="blocked"]'))).toMatch(/^Can no longer be placed, so it cannot be approved; nothing was placed: since this proposal was made, position \S+ came to hold SPY260220P00540000, SPY260220P00545000, SPY260220C00600000, SPY260220C00605000, which this order would open too\.$/);
    const opened = await h.send('GET', `/desk/approvals/${blockedId}`, { cookie: ann.cookie });
    const page = await h.send('GET', opened.headers.get('location') ?? '', { cookie: ann.cookie });
    const ticket = parsePage(page.body);
    expect(ticket.querySelector('form[action$="/approve"]')).toBeNull();
    expect(text(ticket.querySelector('[data-role="decided"]'))).toContain('Can no longer be placed, so it cannot be approved');
  });

  it('never shows an agent’s key, only its hint', async () => {
    const { h, ann, agentKey } = await setUp();
    const { answer, doc } = await desk(h, ann.cookie);
    expect(answer.body).not.toContain(agentKey);
    expect(text(doc.querySelector('[data-role="desk-key"] code'))).toBe(`condor_sk_…${agentKey.slice(-4)}`);
  });

  it('runs only its own nonce’s script, and may fetch from this origin alone', async () => {
    const { h, ann } = await setUp();
    const { answer, doc } = await desk(h, ann.cookie);
    const policy = answer.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(doc.querySelector('script')?.getAttribute('nonce')).toBe(/script-src 'nonce-([^']+)'/.exec(policy)?.[1]);
    expect(doc.querySelector('#desk')?.getAttribute('data-refresh')).toBe('/desk/parts');
    const keys = await h.send('GET', '/api-keys', { cookie: ann.cookie });
    expect(keys.headers.get('content-security-policy')).not.toContain('connect-src');
  });

  it('links to the person’s other pages, and every signed-in page links back to it', async () => {
    const { h, ann } = await setUp();
    const { doc } = await desk(h, ann.cookie);
    expect(doc.querySelector('[data-role="desk-agents"] a[href="/api-keys"]')).not.toBeNull();
    expect(doc.querySelector('[data-role="desk-agents"] a[href="/oauth/connections"]')).not.toBeNull();
    expect(doc.querySelector('[data-role="desk-account"] a[href="/settings"]')).not.toBeNull();
    expect(doc.querySelector('[data-role="desk-account"] a[href="/passkeys"]')).not.toBeNull();
    expect(doc.querySelector('[data-role="approving"]')?.textContent).toContain('no passkey');
    for (const path of ['/api-keys', '/settings', '/passkeys']) {
      const page = parsePage((await h.send('GET', path, { cookie: ann.cookie })).body);
      expect(all(page, '[data-role="site-nav"] a').map((a) => a.getAttribute('href'))).toEqual(['/', '/api-keys', '/oauth/connections', '/passkeys', '/settings']);
      expect(page.querySelector('header.site a.home')?.getAttribute('href')).toBe('/');
    }
  });
});

describe('GET /desk/parts', () => {
  it('answers the desk’s parts alone for its script, and sends a browser without a session to log in', async () => {
    const { h, ann, waitingId } = await setUp();
    const parts = await h.send('GET', '/desk/parts', { cookie: ann.cookie });
    expect([parts.status, parts.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(parts.body).not.toContain('<html');
    expect(parsePage(`<div>${parts.body}</div>`).querySelector(`[data-role="approval"][data-proposal="${waitingId}"]`)).not.toBeNull();
    const anonymous = await h.send('GET', '/desk/parts');
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/login?next=%2Fdesk%2Fparts']);
  });
});

describe('GET /desk/approvals/:proposal_id', () => {
  it('opens a waiting proposal’s ticket through a fresh approval link of its own', async () => {
    const { h, ann, waitingId } = await setUp();
    const answer = await h.send('GET', `/desk/approvals/${waitingId}`, { cookie: ann.cookie });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(/^\/approve\/[A-Za-z0-9_-]{20,}$/);
    const ticket = await h.send('GET', location, { cookie: ann.cookie });
    expect(ticket.status).toBe(200);
    expect(parsePage(ticket.body).querySelector(`form[action="${location}/approve"]`)).not.toBeNull();
  });

  it('mints nothing for another person’s proposal: a 404 page', async () => {
    const { h, waitingId } = await setUp();
    const bob = await h.trader('bob@example.com');
    const answer = await h.send('GET', `/desk/approvals/${waitingId}`, { cookie: bob.cookie });
    expect([answer.status, answer.headers.get('location')]).toEqual([404, null]);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('POST /desk/broker-keys', () => {
  it('gives the person a broker-keys page of their own; a post without the CSRF token gets nothing', async () => {
    const { h, ann } = await setUp();
    const { answer } = await desk(h, ann.cookie);
    const minted = await h.post('/desk/broker-keys', { csrf_token: h.csrfOf(answer) }, ann.cookie);
    expect(minted.status).toBe(303);
    const location = minted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/broker-keys\/[A-Za-z0-9_-]{20,}$/);
    expect((await h.send('GET', location, { cookie: ann.cookie })).status).toBe(200);
    const forged = await h.post('/desk/broker-keys', { csrf_token: 'forged' }, ann.cookie);
    expect([forged.status, forged.headers.get('location')]).toEqual([403, null]);
  });
});

describe('/create-account', () => {
  it('creates the account, logs this browser in and opens its desk', async () => {
    const h = pagesHarness();
    expect((await h.send('GET', '/create-account')).status).toBe(200);
    const created = await h.post('/create-account', { email: 'new@example.com', password: 'a long enough password' });
    expect([created.status, created.headers.get('location')]).toEqual([303, '/']);
    const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^__Host-condor-session=/);
    const { doc } = await desk(h, cookie);
    expect(text(doc.querySelector('[data-role="desk-positions"] [data-role="problem"]'))).toBe('No active broker account is linked.');
    expect((await h.send('GET', '/create-account', { cookie })).headers.get('location')).toBe('/');
  });

  it('refuses a short password, a taken email and another site’s post with the reason, creating no account and no session', async () => {
    const h = pagesHarness();
    await h.trader('ann@example.com');
    const short = await h.post('/create-account', { email: 'new@example.com', password: 'short' });
    expect(short.status).toBe(422);
    expect(text(parsePage(short.body).querySelector('[data-role="create-account-error"]'))).toContain('12 characters');
    expect(short.body).not.toContain('value="short"');
    const taken = await h.post('/create-account', { email: 'ann@example.com', password: 'a long enough password' });
    expect(taken.status).toBe(409);
    expect(text(parsePage(taken.body).querySelector('[data-role="create-account-error"]'))).toBe('An account with this email already exists.');
    const foreign = await h.post('/create-account', { email: 'new@example.com', password: 'a long enough password' }, undefined, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    for (const answer of [short, taken, foreign]) expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await h.services.users.findByEmail('new@example.com')).toBeUndefined();
  });
});
