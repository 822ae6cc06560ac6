import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from './dom.js';
import { ORIGIN, pagesHarness } from './pages-harness.js';

async function setUp() {
  const h = pagesHarness();
  const ann = await h.trader('ann@example.com');
  const created = await h.call('create_api_key', { name: 'agent key', scopes: ['read', 'propose', 'trade'] }, ann.apiToken);
  return { h, ann, agentKey: String(created['api_key']) };
}

const keyOf = (page: string): string => parsePage(page).querySelector('[data-role="api-key"]')?.getAttribute('value') ?? '';

describe('the API keys page', () => {
  it('opens only for a browser session: an API key, an access token or nothing in Authorization leads to the login page', async () => {
    const { h, ann, agentKey } = await setUp();
    for (const headers of [{}, { authorization: `Bearer ${agentKey}` }, { authorization: `Bearer ${ann.apiToken}` }]) {
      const answer = await h.send('GET', '/api-keys', { headers });
      expect([answer.status, answer.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent('/api-keys')}`]);
    }
    const list = parsePage((await h.send('GET', '/api-keys', { cookie: ann.cookie })).body);
    expect(all(list, '[data-role="key-name"]').map(text)).toEqual(['agent key']);
  });

  it('refuses a post made with an API key or without the session’s CSRF token: 403, no key created', async () => {
    const { h, ann, agentKey } = await setUp();
    const csrf = h.csrfOf(await h.send('GET', '/api-keys', { cookie: ann.cookie }));
    const form = { name: 'sneaky', scope_trade: 'on' };
    expect((await h.post('/api-keys', { ...form, csrf_token: csrf }, undefined, { origin: ORIGIN, authorization: `Bearer ${agentKey}` })).status).toBe(403);
    expect((await h.post('/api-keys', { ...form, csrf_token: 'forged' }, ann.cookie)).status).toBe(403);
    expect((await h.post('/api-keys', { ...form, csrf_token: csrf }, ann.cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await h.services.apiKeys.list(ann.userId)).toHaveLength(1);
  });

  it('creates a key with the scopes ticked and an expiry day, shows it once, then lists only its hint', async () => {
    const { h, ann } = await setUp();
    const csrf = h.csrfOf(await h.send('GET', '/api-keys', { cookie: ann.cookie }));
    const created = await h.post('/api-keys', { csrf_token: csrf, name: 'laptop', scope_read: 'on', scope_propose: 'on', expires_on: '2027-01-01' }, ann.cookie);
    expect(created.status).toBe(200);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const key = keyOf(created.body);
    expect(key).toMatch(/^condor_sk_/);
    // Both keys were made at one instant of the test clock, so the list's order between them is the ids' (random).
    const listed = (await h.call('list_api_keys', {}, key)) as { api_keys: unknown[] };
    expect(listed.api_keys).toHaveLength(2);
    expect(listed.api_keys).toContainEqual(expect.objectContaining({ name: 'laptop', scopes: ['read', 'propose'], expires_at: '2027-01-01T00:00:00.000Z', current: true }));
    const list = await h.send('GET', '/api-keys', { cookie: ann.cookie });
    expect(list.body).not.toContain(key);
    expect(all(parsePage(list.body), '[data-role="key-hint"]').map(text)).toContain(`condor_sk_…${key.slice(-4)}`);
    expect(JSON.stringify(h.services.logger.lines)).not.toContain(key);
  });

  it('answers a form core refuses with the page and the reason, creating nothing', async () => {
    const { h, ann } = await setUp();
    const csrf = h.csrfOf(await h.send('GET', '/api-keys', { cookie: ann.cookie }));
    for (const form of [{ name: 'no scopes' }, { name: '', scope_read: 'on' }, { name: 'old', scope_read: 'on', expires_on: '2020-01-01' }, { name: 'odd', scope_read: 'on', expires_on: 'soon' }]) {
      const refused = await h.post('/api-keys', { csrf_token: csrf, ...form }, ann.cookie);
      expect([form.name, refused.status]).toEqual([form.name, 422]);
      expect(text(parsePage(refused.body).querySelector('[data-role="keys-error"]'))).not.toBe('');
      expect(keyOf(refused.body)).toBe('');
    }
    expect(await h.services.apiKeys.list(ann.userId)).toHaveLength(1);
  });

  it('revokes a key: the next request with it is refused', async () => {
    const { h, ann, agentKey } = await setUp();
    expect(await h.call('get_onboarding_status', {}, agentKey)).toMatchObject({ complete: true });
    const shown = await h.send('GET', '/api-keys', { cookie: ann.cookie });
    const id = parsePage(shown.body).querySelector('[data-key]')?.getAttribute('data-key') ?? '';
    const revoked = await h.post('/api-keys/revoke', { csrf_token: h.csrfOf(shown), api_key_id: id }, ann.cookie);
    expect([revoked.status, revoked.headers.get('location')]).toEqual([303, '/api-keys?revoked=1']);
    await expect(h.call('get_onboarding_status', {}, agentKey)).rejects.toThrow(/SESSION_INVALID/);
    const after = parsePage((await h.send('GET', '/api-keys?revoked=1', { cookie: ann.cookie })).body);
    expect([text(after.querySelector('[data-role="notice"]')) !== '', after.querySelector(`[data-key="${id}"]`)?.getAttribute('data-state')]).toEqual([true, 'revoked']);
  });
});

describe('the approval page with an API key', () => {
  it('never opens for a key of every scope, nor takes its post', async () => {
    const { h, ann, agentKey } = await setUp();
    const { approvalPath } = await h.propose(ann);
    const shown = await h.send('GET', approvalPath, { headers: { authorization: `Bearer ${agentKey}` } });
    expect([shown.status, shown.headers.get('location')?.startsWith('/login?next=')]).toEqual([303, true]);
    h.services.clock.advance(6_000);
    const posted = await h.post(`${approvalPath}/approve`, {}, undefined, { origin: ORIGIN, authorization: `Bearer ${agentKey}` });
    expect(posted.status).toBe(403);
    expect(h.brokerOrders(ann)).toHaveLength(0);
  });
});
