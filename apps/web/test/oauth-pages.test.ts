import { authorizationParams, DOCUMENT_REDIRECT, OAUTH_ISSUER, OAUTH_PERSON, oauthTestServices, pkcePair, type TestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { oauthPages } from '../src/index.js';
import { all, parsePage, text } from './dom.js';

const SESSION = 'browser-session-token-0001';
const COOKIE = `__Host-condor-session=${SESSION}`;

async function pages() {
  const services = await oauthTestServices();
  await services.browserSessions.insert({ digest: services.digest.sha256(SESSION), userId: OAUTH_PERSON.id, createdAt: services.clock.now(), expiresAt: services.clock.now() + 3_600_000, revokedAt: null, userAgent: null });
  const app = oauthPages(services);
  const send = async (method: string, path: string, init: { cookie?: string; form?: Record<string, string>; origin?: string } = {}) => {
    const headers: Record<string, string> = { host: 'condor.example', ...(init.cookie === undefined ? {} : { cookie: init.cookie }) };
    if (init.origin !== undefined) headers.origin = init.origin;
    if (init.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await app.request(`${OAUTH_ISSUER}${path}`, { method, headers, ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() }) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  return { services, send };
}

const query = (params: Record<string, string[]>): string => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, v[0] ?? ''])).toString();

/** The consent form's fields as a browser would post them (hidden fields, ticked boxes but `untick`), with `decision`. */
function consentForm(page: string, decision: 'approve' | 'deny', untick: readonly string[] = []): Record<string, string> {
  const doc = parsePage(page);
  const inputs = all(doc, 'form[action="/oauth/authorize"] input[type="hidden"], form[action="/oauth/authorize"] input[type="checkbox"][checked]');
  const pairs = inputs.map((input): [string, string] => [input.getAttribute('name') ?? '', input.getAttribute('value') ?? '']);
  const fields: Record<string, string> = Object.fromEntries(pairs.filter(([name]) => !untick.includes(name)));
  return { ...fields, decision };
}

describe('the authorization page', () => {
  it('sends a person without a browser session to the login page and back to the same request', async () => {
    const { send } = await pages();
    const path = `/oauth/authorize?${query(authorizationParams(pkcePair().challenge))}`;
    const answer = await send('GET', path);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  it('shows the consent page: the client, its site, the scopes, where the browser goes; its form may lead to the client’s origin only', async () => {
    const { send } = await pages();
    const answer = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge, { scope: 'read trade' }))}`, { cookie: COOKIE });
    expect(answer.status).toBe(200);
    const doc = parsePage(answer.body);
    expect(text(doc.querySelector('[data-role="client-name"]'))).toBe('Example Agent');
    expect(text(doc.querySelector('[data-role="client-identity"]'))).toContain('client.example');
    expect(all(doc, '[data-scope]').map((li) => li.getAttribute('data-scope'))).toEqual(['read', 'trade']);
    expect(text(doc.querySelector('[data-role="returns-to"]'))).toBe('client.example');
    expect(answer.headers.get('content-security-policy')).toContain("form-action 'self' https://client.example;");
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('redirects with a single-use code, the state and the issuer when the person allows, and stores the code’s digest only', async () => {
    const { services, send } = await pages();
    const consent = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge))}`, { cookie: COOKIE });
    const answer = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: consentForm(consent.body, 'approve') });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(DOCUMENT_REDIRECT);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(OAUTH_ISSUER);
    const code = location.searchParams.get('code') ?? '';
    expect(await services.oauth.codes.find(services.digest.sha256(code))).toMatchObject({ userId: OAUTH_PERSON.id, scope: 'read propose', usedAt: null });
    expect(JSON.stringify(services.oauth.codes)).not.toContain(code);
  });

  it('grants only the scopes the person left ticked, and none is no approval', async () => {
    const { services, send } = await pages();
    const path = `/oauth/authorize?${query(authorizationParams(pkcePair().challenge, { scope: 'read propose trade' }))}`;
    const consent = await send('GET', path, { cookie: COOKIE });
    const fewer = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: consentForm(consent.body, 'approve', ['grant_trade']) });
    const code = new URL(fewer.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await services.oauth.codes.find(services.digest.sha256(code)))?.scope).toBe('read propose');
    const none = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: consentForm(consent.body, 'approve', ['grant_read', 'grant_propose', 'grant_trade']) });
    expect([none.status, none.headers.get('location')]).toEqual([422, null]);
    expect(none.body).toContain('at least one scope');
    // A box for a scope the client did not ask for grants nothing more.
    const narrow = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge, { scope: 'read' }))}`, { cookie: COOKIE });
    const wider = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: { ...consentForm(narrow.body, 'approve'), grant_trade: 'yes' } });
    const narrowCode = new URL(wider.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await services.oauth.codes.find(services.digest.sha256(narrowCode)))?.scope).toBe('read');
  });

  it('redirects access_denied when the person denies, and issues no code', async () => {
    const { send } = await pages();
    const consent = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge))}`, { cookie: COOKIE });
    const answer = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: consentForm(consent.body, 'deny') });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ error: 'access_denied', state: 'state-123', iss: OAUTH_ISSUER });
    expect(location.searchParams.has('code')).toBe(false);
  });

  it.each([
    ['without the CSRF token', (form: Record<string, string>) => ({ ...form, csrf_token: 'wrong' }), OAUTH_ISSUER, COOKIE],
    ['from another origin', (form: Record<string, string>) => form, 'https://evil.example', COOKIE],
    ['without the browser session', (form: Record<string, string>) => form, OAUTH_ISSUER, undefined],
  ])('refuses an approval %s and issues no code', async (_what, change, origin, cookie) => {
    const { services, send } = await pages();
    const consent = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge))}`, { cookie: COOKIE });
    const answer = await send('POST', '/oauth/authorize', { origin, form: change(consentForm(consent.body, 'approve')), ...(cookie === undefined ? {} : { cookie }) });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('location')).toBeNull();
    expect(JSON.stringify(services.oauth.codes)).toBe(JSON.stringify(new (services.oauth.codes.constructor as new () => unknown)()));
  });

  it('checks a tampered approval again: another redirect URI is refused on a page, never followed', async () => {
    const { send } = await pages();
    const consent = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge))}`, { cookie: COOKIE });
    const answer = await send('POST', '/oauth/authorize', { cookie: COOKIE, origin: OAUTH_ISSUER, form: { ...consentForm(consent.body, 'approve'), redirect_uri: 'https://evil.example/cb' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });

  it('explains an untrusted client on a page and redirects nowhere; sends other errors back to the client', async () => {
    const { send } = await pages();
    const unknown = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge, { redirect_uri: 'https://evil.example/cb' }))}`, { cookie: COOKIE });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('not one the client registered');
    const plain = await send('GET', `/oauth/authorize?${query(authorizationParams(pkcePair().challenge, { code_challenge_method: 'plain' }))}`, { cookie: COOKIE });
    expect(plain.status).toBe(303);
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });
});

describe('the connected clients page', () => {
  async function connected(services: TestServices) {
    await services.sessions.createFamily({ id: 'fam-1', userId: OAUTH_PERSON.id, createdAt: 0, revokedAt: null });
    await services.oauth.grants.insert({ familyId: 'fam-1', userId: OAUTH_PERSON.id, clientId: 'https://client.example/oauth/client.json', clientName: 'Example <Agent>', scope: 'read propose', resource: `${OAUTH_ISSUER}/mcp`, createdAt: 0, lastUsedAt: null });
  }

  it('lists the person’s connected clients, escaped, and disconnects one with a checked post', async () => {
    const { services, send } = await pages();
    await connected(services);
    const list = await send('GET', '/oauth/connections', { cookie: COOKIE });
    expect(list.body).toContain('Example &lt;Agent&gt;');
    const doc = parsePage(list.body);
    expect(text(doc.querySelector('[data-connection="fam-1"] [data-role="scopes"]'))).toBe('read, propose');
    const csrf = doc.querySelector('input[name="csrf_token"]')?.getAttribute('value') ?? '';
    expect((await send('POST', '/oauth/connections/revoke', { cookie: COOKIE, origin: 'https://evil.example', form: { csrf_token: csrf, connection_id: 'fam-1' } })).status).toBe(403);
    expect((await services.sessions.findFamily('fam-1'))?.revokedAt).toBeNull();
    const revoked = await send('POST', '/oauth/connections/revoke', { cookie: COOKIE, origin: OAUTH_ISSUER, form: { csrf_token: csrf, connection_id: 'fam-1' } });
    expect([revoked.status, revoked.headers.get('location')]).toEqual([303, '/oauth/connections?disconnected=1']);
    expect((await services.sessions.findFamily('fam-1'))?.revokedAt).not.toBeNull();
    expect(parsePage((await send('GET', '/oauth/connections?disconnected=1', { cookie: COOKIE })).body).querySelector('[data-role="empty"]')).not.toBeNull();
  });

  it('sends a person without a browser session to the login page', async () => {
    const { send } = await pages();
    const answer = await send('GET', '/oauth/connections');
    expect([answer.status, answer.headers.get('location')]).toEqual([303, '/login?next=%2Foauth%2Fconnections']);
  });
});
