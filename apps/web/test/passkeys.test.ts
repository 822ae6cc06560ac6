import { fakeRegistration } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { all, parsePage } from './dom.js';
import { ORIGIN, PASSWORD, pagesHarness } from './pages-harness.js';

async function setUp() {
  const h = pagesHarness();
  const ann = await h.trader('ann@example.com');
  const csrf = h.csrfOf(await h.send('GET', '/passkeys', { cookie: ann.cookie }));
  /** Adds a passkey as the page's script does, with the fake authenticator's answer. */
  const add = async (id: string, name = 'Laptop') => {
    const started = await h.post('/passkeys/register/options', { csrf_token: csrf, password: PASSWORD }, ann.cookie);
    const { options } = JSON.parse(started.body) as { options: { challenge: string } };
    return h.post('/passkeys/register', { csrf_token: csrf, name, challenge: options.challenge, response: JSON.stringify(fakeRegistration(options.challenge, id)) }, ann.cookie);
  };
  return { h, ann, csrf, add };
}

const names = (body: string): string[] => all(parsePage(body), '[data-role="passkey-name"]').map((input) => input.getAttribute('value') ?? '');

describe('the passkeys page', () => {
  it('opens only for a browser session, and its posts only with the session’s CSRF token from this origin', async () => {
    const { h, ann, csrf } = await setUp();
    const withToken = await h.send('GET', '/passkeys', { headers: { authorization: `Bearer ${ann.apiToken}` } });
    expect([withToken.status, withToken.headers.get('location')]).toEqual([303, '/login?next=%2Fpasskeys']);
    expect((await h.post('/passkeys/register/options', { csrf_token: 'forged' }, ann.cookie)).status).toBe(403);
    expect((await h.post('/passkeys/register/options', { csrf_token: csrf }, ann.cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await h.post('/passkeys/register/options', { csrf_token: csrf }, undefined, { origin: ORIGIN, authorization: `Bearer ${ann.apiToken}` })).status).toBe(403);
  });

  it('starts adding a passkey only for the password typed again', async () => {
    const { h, ann, csrf } = await setUp();
    for (const [password, reason] of [[undefined, 'password_needed'], ['', 'password_needed'], ['a guess', 'password_wrong']] as const) {
      const refused = await h.post('/passkeys/register/options', { csrf_token: csrf, ...(password === undefined ? {} : { password }) }, ann.cookie);
      expect([refused.status, (JSON.parse(refused.body) as { reason: string }).reason]).toEqual([403, reason]);
    }
    expect(await h.services.passkeys.list(ann.userId)).toEqual([]);
  });

  it('adds a passkey from the browser’s answer and lists it; a second answer to the same challenge is refused in JSON', async () => {
    const { h, ann, csrf } = await setUp();
    const started = await h.post('/passkeys/register/options', { csrf_token: csrf, password: PASSWORD }, ann.cookie);
    expect([started.status, started.headers.get('content-type')]).toEqual([200, 'application/json']);
    const { options } = JSON.parse(started.body) as { options: { challenge: string; authenticatorSelection: { userVerification: string } } };
    expect(options.authenticatorSelection.userVerification).toBe('required');
    const answer = { csrf_token: csrf, name: 'Phone', challenge: options.challenge, response: JSON.stringify(fakeRegistration(options.challenge, 'cred-1')) };
    const added = await h.post('/passkeys/register', answer, ann.cookie);
    expect([added.status, JSON.parse(added.body)]).toEqual([200, { ok: true, name: 'Phone' }]);
    const again = await h.post('/passkeys/register', answer, ann.cookie);
    expect([again.status, (JSON.parse(again.body) as { reason: string }).reason]).toEqual([409, 'challenge_unknown']);
    expect(names((await h.send('GET', '/passkeys?added=1', { cookie: ann.cookie })).body)).toEqual(['Phone']);
  });

  it('serves the WebAuthn library from this origin and loads it under the page’s nonce, fetching only from itself', async () => {
    const { h, ann } = await setUp();
    const library = await h.send('GET', '/passkeys/webauthn.js');
    expect([library.status, library.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(library.body).toContain('SimpleWebAuthnBrowser');
    const page = await h.send('GET', '/passkeys', { cookie: ann.cookie });
    expect(page.headers.get('content-security-policy')).toMatch(/connect-src 'self'; script-src 'nonce-[^']+'/);
    expect(page.body).toContain('library.src = "/passkeys/webauthn.js"');
    expect(parsePage(page.body).querySelector('[data-role="add-passkey"]')?.getAttribute('hidden')).toBe('');
  });

  it('renames a passkey, and keeps the last one without the password or after a stale login', async () => {
    const { h, ann, csrf, add } = await setUp();
    await add('cred-1');
    const renamed = await h.post('/passkeys/rename', { csrf_token: csrf, id: 'cred-1', name: 'Work laptop' }, ann.cookie);
    expect([renamed.status, renamed.headers.get('location')]).toEqual([303, '/passkeys?renamed=1']);
    const bad = await h.post('/passkeys/rename', { csrf_token: csrf, id: 'cred-1', name: '' }, ann.cookie);
    expect([bad.status, names(bad.body)]).toEqual([400, ['Work laptop']]);

    const bare = await h.post('/passkeys/remove', { csrf_token: csrf, id: 'cred-1' }, ann.cookie);
    expect(bare.status).toBe(403);
    expect(parsePage(bare.body).querySelector('[data-role="passkeys-error"]')?.textContent).toContain('Enter your password');
    h.services.clock.advance(10 * 60 * 1000 + 1);
    const stale = await h.post('/passkeys/remove', { csrf_token: csrf, id: 'cred-1', password: PASSWORD }, ann.cookie);
    expect([stale.status, names(stale.body)]).toEqual([403, ['Work laptop']]);
    expect(parsePage(stale.body).querySelector('[data-role="passkeys-error"]')?.textContent).toContain('fresh login');

    const fresh = await h.browserLogin(ann.email);
    const freshCsrf = h.csrfOf(await h.send('GET', '/passkeys', { cookie: fresh }));
    const removed = await h.post('/passkeys/remove', { csrf_token: freshCsrf, id: 'cred-1', password: PASSWORD }, fresh);
    expect([removed.status, removed.headers.get('location')]).toEqual([303, '/passkeys?removed=1']);
    expect(await h.services.passkeys.list(ann.userId)).toEqual([]);
  });

  it('removes one of two passkeys without the password', async () => {
    const { h, ann, csrf, add } = await setUp();
    await add('cred-1', 'One');
    await add('cred-2', 'Two');
    expect((await h.post('/passkeys/remove', { csrf_token: csrf, id: 'cred-1' }, ann.cookie)).status).toBe(303);
    expect(names((await h.send('GET', '/passkeys', { cookie: ann.cookie })).body)).toEqual(['Two']);
  });
});
