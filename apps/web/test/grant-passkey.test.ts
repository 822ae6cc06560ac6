import { authorizationParams, fakeAssertion, fakeRegistration, OAUTH_ISSUER, OAUTH_PERSON, oauthTestServices, pkcePair } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { oauthPages } from '../src/index.js';
import { all, parsePage } from './dom.js';
import { PASSWORD, pagesHarness } from './pages-harness.js';

const errorOf = (body: string, role: string): string => parsePage(body).querySelector(`[data-role="${role}"]`)?.textContent ?? '';

describe('an API key with the trade scope, for a person with a passkey', () => {
  async function setUp() {
    const h = pagesHarness();
    const ann = await h.trader('grant.keys@example.com');
    const csrf = h.csrfOf(await h.send('GET', '/api-keys', { cookie: ann.cookie }));
    const started = await h.post('/passkeys/register/options', { csrf_token: csrf, password: PASSWORD }, ann.cookie);
    const { options } = JSON.parse(started.body) as { options: { challenge: string } };
    await h.post('/passkeys/register', { csrf_token: csrf, name: 'Laptop', challenge: options.challenge, response: JSON.stringify(fakeRegistration(options.challenge, 'cred-1')) }, ann.cookie);
    return { h, ann, csrf };
  }

  it('is created on the page only with the passkey’s answer for that very key; without trade, no passkey is asked', async () => {
    const { h, ann, csrf } = await setUp();
    const page = parsePage((await h.send('GET', '/api-keys', { cookie: ann.cookie })).body);
    expect(page.querySelector('form[data-step-up]')?.getAttribute('data-options-url')).toBe('/api-keys/passkey');
    expect(page.querySelector('input[name="scope_trade"]')?.getAttribute('data-needs-passkey')).toBe('');

    const form = { csrf_token: csrf, name: 'trading agent', scope_read: 'on', scope_trade: 'on' };
    const bare = await h.post('/api-keys', form, ann.cookie);
    expect([bare.status, errorOf(bare.body, 'keys-error')]).toEqual([403, expect.stringContaining('needs your passkey')]);

    const asked = await h.post('/api-keys/passkey', form, ann.cookie);
    const { options } = JSON.parse(asked.body) as { options: { challenge: string; userVerification: string } };
    expect(options.userVerification).toBe('required');
    const answer = { passkey_challenge: options.challenge, passkey_response: JSON.stringify(fakeAssertion(options.challenge, 'cred-1')) };
    const renamed = await h.post('/api-keys', { ...form, name: 'another name', ...answer }, ann.cookie);
    expect(renamed.status).toBe(403);
    const again = await h.post('/api-keys/passkey', form, ann.cookie);
    const fresh = (JSON.parse(again.body) as { options: { challenge: string } }).options.challenge;
    const created = await h.post('/api-keys', { ...form, passkey_challenge: fresh, passkey_response: JSON.stringify(fakeAssertion(fresh, 'cred-1')) }, ann.cookie);
    expect(created.status).toBe(200);
    expect(parsePage(created.body).querySelector('[data-role="api-key"]')?.getAttribute('value')).toMatch(/^condor_sk_/);

    const reader = await h.post('/api-keys', { csrf_token: csrf, name: 'reader', scope_read: 'on' }, ann.cookie);
    expect(reader.status).toBe(200);
    expect((await h.services.apiKeys.list(ann.userId)).map((key) => key.name).sort()).toEqual(['reader', 'trading agent']);
  });
});

describe('OAuth consent with the trade scope, for a person with a passkey', () => {
  const SESSION = 'browser-session-token-0002';
  const COOKIE = `__Host-condor-session=${SESSION}`;

  async function consent() {
    const services = await oauthTestServices();
    await services.browserSessions.insert({ digest: services.digest.sha256(SESSION), userId: OAUTH_PERSON.id, createdAt: services.clock.now(), expiresAt: services.clock.now() + 3_600_000, revokedAt: null, userAgent: null });
    await services.passkeys.insert({ id: 'cred-1', userId: OAUTH_PERSON.id, publicKey: 'key-of-cred-1', counter: 0, transports: ['internal'], name: 'Laptop', createdAt: services.clock.now(), lastUsedAt: null });
    const app = oauthPages(services);
    const send = async (method: string, path: string, form?: Record<string, string>) => {
      const headers: Record<string, string> = { host: 'condor.example', cookie: COOKIE, ...(form === undefined ? {} : { origin: OAUTH_ISSUER, 'content-type': 'application/x-www-form-urlencoded' }) };
      const response = await app.request(`${OAUTH_ISSUER}${path}`, { method, headers, ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }) });
      return { status: response.status, headers: response.headers, body: await response.text() };
    };
    const page = await send('GET', `/oauth/authorize?${new URLSearchParams(Object.entries(authorizationParams(pkcePair().challenge, { scope: 'read trade' })).map(([k, v]): [string, string] => [k, v[0] ?? ''])).toString()}`);
    const doc = parsePage(page.body);
    const fields = Object.fromEntries(all(doc, 'form[action="/oauth/authorize"] input[type="hidden"], form[action="/oauth/authorize"] input[type="checkbox"][checked]').map((input): [string, string] => [input.getAttribute('name') ?? '', input.getAttribute('value') ?? '']));
    return { services, send, page, doc, fields };
  }

  it('asks for the passkey to allow trade: refused without its answer, granted with one made for this client and scopes', async () => {
    const { send, page, doc, fields } = await consent();
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(doc.querySelector('form[data-step-up]')?.getAttribute('data-options-url')).toBe('/oauth/authorize/passkey');
    expect(doc.querySelector('input[name="grant_trade"]')?.getAttribute('data-needs-passkey')).toBe('');

    const bare = await send('POST', '/oauth/authorize', { ...fields, decision: 'approve' });
    expect([bare.status, errorOf(bare.body, 'consent-error')]).toEqual([403, expect.stringContaining('needs your passkey')]);

    const asked = await send('POST', '/oauth/authorize/passkey', fields);
    const { challenge } = (JSON.parse(asked.body) as { options: { challenge: string } }).options;
    const allowed = await send('POST', '/oauth/authorize', { ...fields, decision: 'approve', passkey_challenge: challenge, passkey_response: JSON.stringify(fakeAssertion(challenge, 'cred-1')) });
    expect(allowed.status).toBe(303);
    expect(new URL(allowed.headers.get('location') ?? '').searchParams.get('code')).toMatch(/.+/);
  });

  it('asks nothing when trade is left unticked, or for Deny', async () => {
    const { send, fields } = await consent();
    const readOnly = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'grant_trade'));
    const read = await send('POST', '/oauth/authorize', { ...readOnly, decision: 'approve' });
    expect([read.status, new URL(read.headers.get('location') ?? '').searchParams.has('code')]).toEqual([303, true]);
    const denied = await send('POST', '/oauth/authorize', { ...fields, decision: 'deny' });
    expect([denied.status, new URL(denied.headers.get('location') ?? '').searchParams.get('error')]).toEqual([303, 'access_denied']);
  });
});
