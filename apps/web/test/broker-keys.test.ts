import { describe, expect, it } from 'vitest';
import { parsePage, text } from './dom.js';
import { pagesHarness } from './pages-harness.js';

const API_KEY = 'PKPAGESKEY1234567890';
const API_SECRET = 'pages-secret-0a1b2c3d4e5f6789';

async function setUp(options: { liveTradingEnabled?: boolean } = {}) {
  const h = pagesHarness(options);
  const ann = await h.trader('ann@example.com');
  const link = await h.call('get_broker_keys_link', {}, ann.apiToken);
  const path = String(link['url']).replace(/^https?:\/\/[^/]+/, '');
  return { h, ann, path };
}

describe('the broker-keys page', () => {
  it('needs the browser session: without it, the login page', async () => {
    const { h, ann, path } = await setUp();
    const answer = await h.send('GET', path, { headers: { authorization: `Bearer ${ann.apiToken}` } });
    expect([answer.status, answer.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent(path)}`]);
  });

  it('offers paper only unless the server accepts live keys', async () => {
    const paperOnly = await setUp();
    const form = parsePage((await paperOnly.h.send('GET', paperOnly.path, { cookie: paperOnly.ann.cookie })).body);
    expect(form.querySelector('input[name="api_key"]')?.getAttribute('value')).toBeNull();
    expect(form.querySelector('input[name="api_secret"]')?.getAttribute('type')).toBe('password');
    expect(form.querySelector('input[value="live"]')).toBeNull();
    const live = await setUp({ liveTradingEnabled: true });
    expect(parsePage((await live.h.send('GET', live.path, { cookie: live.ann.cookie })).body).querySelector('input[value="live"]')).not.toBeNull();
  });

  it('stores the pair and shows only its hint; neither value is in any answer or log line; the link is then used up', async () => {
    const { h, ann, path } = await setUp();
    const form = await h.send('GET', path, { cookie: ann.cookie });
    const saved = await h.post(path, { csrf_token: h.csrfOf(form), api_key: API_KEY, api_secret: API_SECRET, environment: 'paper' }, ann.cookie);
    expect(saved.status).toBe(200);
    expect(text(parsePage(saved.body).querySelector('[data-role="key-hint"]'))).toBe('…7890');
    const stored = await h.services.brokerLinks.get(ann.userId);
    expect(stored?.keyHint).toBe('7890');
    const again = await h.send('GET', path, { cookie: ann.cookie });
    expect(again.status).toBe(404);
    const everything = [saved, again].map((a) => `${a.body}${JSON.stringify([...a.headers])}`).join('') + JSON.stringify(h.services.logger.lines) + JSON.stringify(stored);
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(API_SECRET);
  });

  it('answers a refused pair with the empty form and the reason, never the values typed', async () => {
    const { h, ann, path } = await setUp();
    const csrf = h.csrfOf(await h.send('GET', path, { cookie: ann.cookie }));
    const refused = await h.post(path, { csrf_token: csrf, api_key: API_KEY, api_secret: '', environment: 'paper' }, ann.cookie);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const doc = parsePage(refused.body);
    expect(text(doc.querySelector('[data-role="keys-error"]'))).not.toBe('');
    expect(doc.querySelector('input[name="api_key"]')?.getAttribute('value')).toBeNull();
    expect(refused.body).not.toContain(API_KEY);
    const retried = await h.post(path, { csrf_token: csrf, api_key: API_KEY, api_secret: API_SECRET }, ann.cookie);
    expect(retried.status).toBe(200);
  });

  it('refuses a post without the session’s CSRF token, storing nothing', async () => {
    const { h, ann, path } = await setUp();
    const refused = await h.post(path, { csrf_token: 'forged', api_key: API_KEY, api_secret: API_SECRET }, ann.cookie);
    expect(refused.status).toBe(403);
    const form = await h.send('GET', path, { cookie: ann.cookie });
    expect(form.status).toBe(200);
  });
});
