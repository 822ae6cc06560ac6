import { FakeBrokers } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { parsePage, text } from './dom.js';
import { ORIGIN, pagesHarness } from './pages-harness.js';

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

describe('the broker-keys page for tastytrade', () => {
  const CLIENT_SECRET = 'tt-pages-client-secret-00000000000000abcd';
  const REFRESH_TOKEN = `eyJ${'t'.repeat(1990)}.sig`;
  const ACCOUNTS = [
    { accountNumber: '5WT00001', description: 'Individual margin account (Main)', canTrade: true },
    { accountNumber: '5WT00002', description: 'Roth IRA cash account', canTrade: true },
  ];

  async function tastySetUp() {
    const brokers = new FakeBrokers({ available: ['sim', 'alpaca', 'tastytrade'] });
    const h = pagesHarness({ brokers });
    const ann = await h.trader('tasty@example.com');
    brokers.setLoginAccounts(ann.userId, ACCOUNTS);
    const link = await h.call('get_broker_keys_link', {}, ann.apiToken);
    const path = String(link['url']).replace(/^https?:\/\/[^/]+/, '');
    return { h, ann, path };
  }

  it('offers each broker the server has, and tastytrade’s form posts client_secret and refresh_token with no small maxlength', async () => {
    const { h, ann, path } = await tastySetUp();
    const alpaca = parsePage((await h.send('GET', path, { cookie: ann.cookie })).body);
    expect([...alpaca.querySelectorAll('[data-role="brokers"] a')].map((a) => a.getAttribute('data-broker'))).toEqual(['alpaca', 'tastytrade']);
    expect(alpaca.querySelector('input[name="api_key"]')).not.toBeNull();
    const tasty = parsePage((await h.send('GET', `${path}?broker=tastytrade`, { cookie: ann.cookie })).body);
    expect(tasty.querySelector('input[name="broker"]')?.getAttribute('value')).toBe('tastytrade');
    expect([...tasty.querySelectorAll('form input[type="password"]')].map((i) => [i.getAttribute('name'), i.getAttribute('maxlength')])).toEqual([
      ['client_secret', null],
      ['refresh_token', null],
    ]);
    expect(text(tasty.querySelector('fieldset'))).toContain('Paper = tastytrade’s sandbox');
  });

  it('answers a refused tastytrade form with tastytrade’s empty form again', async () => {
    const { h, ann, path } = await tastySetUp();
    const csrf = h.csrfOf(await h.send('GET', path, { cookie: ann.cookie }));
    const refused = await h.post(path, { csrf_token: csrf, broker: 'tastytrade', client_secret: CLIENT_SECRET, refresh_token: '' }, ann.cookie);
    expect(refused.status).toBe(422);
    const doc = parsePage(refused.body);
    expect(text(doc.querySelector('[data-role="keys-error"]'))).toContain('refresh token');
    expect(doc.querySelector('input[name="refresh_token"]')).not.toBeNull();
    expect(refused.body).not.toContain(CLIENT_SECRET);
  });

  it('lists the accounts after saving, records the one chosen, and re-offers them with the reason for one the login may not trade', async () => {
    const { h, ann, path } = await tastySetUp();
    const csrf = h.csrfOf(await h.send('GET', `${path}?broker=tastytrade`, { cookie: ann.cookie }));
    const saved = await h.post(path, { csrf_token: csrf, broker: 'tastytrade', client_secret: CLIENT_SECRET, refresh_token: REFRESH_TOKEN, environment: 'paper' }, ann.cookie);
    expect(saved.status).toBe(200);
    const offered = parsePage(saved.body).querySelectorAll('form[action="/broker-account"] input[name="account_number"]');
    expect([...offered].map((input) => input.getAttribute('value'))).toEqual(['5WT00001', '5WT00002']);

    const wrong = await h.post('/broker-account', { csrf_token: csrf, account_number: '5WT99999' }, ann.cookie);
    expect(wrong.status).toBe(422);
    expect(parsePage(wrong.body).querySelectorAll('input[name="account_number"]')).toHaveLength(2);
    expect(text(parsePage(wrong.body).querySelector('[data-role="accounts-error"]'))).toContain('5WT99999');

    const chosen = await h.post('/broker-account', { csrf_token: csrf, account_number: '5WT00001' }, ann.cookie);
    expect(chosen.status).toBe(200);
    expect(text(parsePage(chosen.body).querySelector('[data-role="account-number"]'))).toBe('5WT00001');
    expect((await h.services.brokerLinks.get(ann.userId))?.accountNumber).toBe('5WT00001');
    const everything = [saved, wrong, chosen].map((a) => a.body).join('') + JSON.stringify(h.services.logger.lines);
    expect(everything).not.toContain(CLIENT_SECRET);
    expect(everything).not.toContain(REFRESH_TOKEN.slice(0, 40));
  });

  it('records no account for a post without the session’s CSRF token, from another origin, or without the browser session', async () => {
    const { h, ann, path } = await tastySetUp();
    const csrf = h.csrfOf(await h.send('GET', path, { cookie: ann.cookie }));
    expect((await h.post(path, { csrf_token: csrf, broker: 'tastytrade', client_secret: CLIENT_SECRET, refresh_token: REFRESH_TOKEN }, ann.cookie)).status).toBe(200);
    expect((await h.post('/broker-account', { csrf_token: 'forged', account_number: '5WT00002' }, ann.cookie)).status).toBe(403);
    expect((await h.post('/broker-account', { csrf_token: csrf, account_number: '5WT00002' }, ann.cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await h.post('/broker-account', { csrf_token: csrf, account_number: '5WT00002' }, undefined, { origin: ORIGIN, authorization: `Bearer ${ann.apiToken}` })).status,
    ).toBe(403);
    expect((await h.services.brokerLinks.get(ann.userId))?.accountNumber ?? null).toBeNull();
  });
});
