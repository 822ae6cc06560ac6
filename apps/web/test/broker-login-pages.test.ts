import type { BrokerError, BrokerLogin, BrokerLoginFlow, BrokerName } from '@condor/core';
import { FakeBrokers } from '@condor/testkit';
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { parsePage, text } from './dom.js';
import { pagesHarness } from './pages-harness.js';

const SCHWAB_ORIGIN = 'https://api.schwabapi.test';
const REFRESH_TOKEN = 'schwab-refresh-token-never-shown-0123456789';

/** Brokers with Schwab's login page: it remembers the verifier it was given and hands a login back for the code 'good-code'. */
class LoginBrokers extends FakeBrokers {
  verifier: string | null = null;
  readonly loginFlows: Readonly<Partial<Record<BrokerName, BrokerLoginFlow>>> = {
    schwab: {
      origin: SCHWAB_ORIGIN,
      authorizeUrl: ({ state, verifier }) => {
        this.verifier = verifier;
        return `${SCHWAB_ORIGIN}/v1/oauth/authorize?${new URLSearchParams({ state }).toString()}`;
      },
      exchangeCode: ({ code, verifier }): ResultAsync<BrokerLogin, BrokerError> =>
        code === 'good-code' && verifier === this.verifier
          ? okAsync({ refreshToken: REFRESH_TOKEN, loggedInAt: 1_767_600_000_000 })
          : errAsync({ kind: 'auth_failed', loginAt: 'Schwab', message: 'invalid_grant' }),
    },
  };
}

async function setUp(liveTradingEnabled = true) {
  const brokers = new LoginBrokers({ available: ['sim', 'alpaca', 'schwab'] });
  const h = pagesHarness({ brokers, liveTradingEnabled });
  const ann = await h.trader('schwab-pages@example.com');
  brokers.setLoginAccounts(ann.userId, [
    { accountNumber: '11112222', description: 'Schwab account ending 2222', canTrade: true, accountKey: 'HASH-2222' },
    { accountNumber: '33334444', description: 'Schwab account ending 4444', canTrade: true, accountKey: 'HASH-4444' },
  ]);
  const link = await h.call('get_broker_keys_link', {}, ann.apiToken);
  const path = String(link['url']).replace(/^https?:\/\/[^/]+/, '');
  return { h, ann, path, brokers };
}

describe('linking Schwab by logging in there, on the pages', () => {
  it('offers "Log in at Schwab", says it is live only, and lets only that form lead to Schwab’s origin', async () => {
    const { h, ann, path } = await setUp();
    const page = await h.send('GET', path, { cookie: ann.cookie });
    const doc = parsePage(page.body);
    expect(text(doc.querySelector('[data-role="log-in-at-broker"]'))).toBe('Log in at Schwab');
    expect(text(doc.querySelector('[data-role="broker-login"]'))).toContain('live account — real money');
    expect(doc.querySelector('[data-role="broker-login"] form')?.getAttribute('action')).toBe(`${path}/login`);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${SCHWAB_ORIGIN};`);
    const withoutLive = await setUp(false);
    const refused = await withoutLive.h.send('GET', withoutLive.path, { cookie: withoutLive.ann.cookie });
    expect(parsePage(refused.body).querySelector('[data-role="broker-login"]')).toBeNull();
    expect(refused.headers.get('content-security-policy')).toContain("form-action 'self';");
  });

  it('sends the person to Schwab, and links the login they bring back: the accounts to choose, the token never shown', async () => {
    const { h, ann, path, brokers } = await setUp();
    const csrf = h.csrfOf(await h.send('GET', path, { cookie: ann.cookie }));
    const started = await h.post(`${path}/login`, { csrf_token: csrf, broker: 'schwab' }, ann.cookie);
    expect(started.status).toBe(303);
    const authorize = new URL(started.headers.get('location') ?? '');
    expect(authorize.origin).toBe(SCHWAB_ORIGIN);
    const state = authorize.searchParams.get('state') ?? '';
    expect(brokers.verifier).not.toBeNull();
    expect(state).not.toContain(brokers.verifier ?? '-');
    const back = await h.send('GET', `/broker-keys/schwab/callback?${new URLSearchParams({ code: 'good-code', state }).toString()}`, { cookie: ann.cookie });
    expect(back.status).toBe(200);
    const doc = parsePage(back.body);
    expect(text(doc.querySelector('h1'))).toBe('Logged in at Charles Schwab');
    expect(text(doc.querySelector('[data-role="login-ends"]'))).toContain('Your Charles Schwab login');
    expect([...doc.querySelectorAll('input[name="account_number"]')].map((i) => i.getAttribute('value'))).toEqual(['11112222', '33334444']);
    const chosen = await h.post('/broker-account', { csrf_token: csrf, account_number: '33334444' }, ann.cookie);
    expect(chosen.status).toBe(200);
    expect(await h.services.brokerLinks.get(ann.userId)).toMatchObject({ broker: 'schwab', environment: 'live', accountNumber: '33334444', accountKey: 'HASH-4444', loggedInAt: 1_767_600_000_000 });
    const everything = [started, back, chosen].map((a) => `${a.body}${JSON.stringify([...a.headers])}`).join('') + JSON.stringify(h.services.logger.lines);
    expect(everything).not.toContain(REFRESH_TOKEN);
    expect(everything).not.toContain(brokers.verifier ?? '-');
  });

  it('answers a callback without a session with the login page, the code kept out of its address', async () => {
    const { h } = await setUp();
    const answer = await h.send('GET', '/broker-keys/schwab/callback?code=good-code&state=abc');
    expect([answer.status, answer.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent('/broker-keys/schwab/callback')}`]);
  });

  it('refuses a start without the CSRF token and a state from another session, storing nothing', async () => {
    const { h, ann, path } = await setUp();
    expect((await h.post(`${path}/login`, { csrf_token: 'forged', broker: 'schwab' }, ann.cookie)).status).toBe(403);
    const csrf = h.csrfOf(await h.send('GET', path, { cookie: ann.cookie }));
    const started = await h.post(`${path}/login`, { csrf_token: csrf, broker: 'schwab' }, ann.cookie);
    const state = new URL(started.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const other = await h.browserLogin(ann.email);
    const back = await h.send('GET', `/broker-keys/schwab/callback?${new URLSearchParams({ code: 'good-code', state }).toString()}`, { cookie: other });
    expect(back.status).toBe(404);
    expect((await h.services.brokerLinks.get(ann.userId))?.broker).toBe('sim');
  });
});
