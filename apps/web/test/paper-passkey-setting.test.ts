import { fakeRegistration } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { parsePage } from './dom.js';
import { PASSWORD, pagesHarness } from './pages-harness.js';

async function setUp() {
  const h = pagesHarness();
  const ann = await h.trader('paper.passkey@example.com');
  const csrf = h.csrfOf(await h.send('GET', '/settings', { cookie: ann.cookie }));
  const addPasskey = async () => {
    const started = await h.post('/passkeys/register/options', { csrf_token: csrf, password: PASSWORD }, ann.cookie);
    const { options } = JSON.parse(started.body) as { options: { challenge: string } };
    await h.post('/passkeys/register', { csrf_token: csrf, name: 'Laptop', challenge: options.challenge, response: JSON.stringify(fakeRegistration(options.challenge, 'cred-1')) }, ann.cookie);
  };
  return { h, ann, csrf, addPasskey };
}

const section = (body: string) => parsePage(body).querySelector('[data-role="paper-passkey"]');

describe('the paper passkey setting', () => {
  it('offers no switch before the person has a passkey, only the way to add one; a forged post turns nothing on', async () => {
    const { h, ann, csrf } = await setUp();
    const page = await h.send('GET', '/settings', { cookie: ann.cookie });
    expect(section(page.body)?.getAttribute('data-on')).toBe('no');
    expect(section(page.body)?.querySelector('a[href="/passkeys"]')).not.toBeNull();
    expect(section(page.body)?.querySelector('button')).toBeNull();
    const refused = await h.post('/settings/passkey', { csrf_token: csrf, on: 'yes' }, ann.cookie);
    expect([refused.status, parsePage(refused.body).querySelector('[data-role="settings-error"]')?.textContent]).toEqual([409, expect.stringContaining('no passkey')]);
    expect(await h.services.userSettings.paperPasskeyApprovals(ann.userId)).toBe(false);
  });

  it('turns on with a passkey, and off only with the password from a fresh login', async () => {
    const { h, ann, csrf, addPasskey } = await setUp();
    await addPasskey();
    const on = await h.post('/settings/passkey', { csrf_token: csrf, on: 'yes' }, ann.cookie);
    expect([on.status, on.headers.get('location')]).toEqual([303, '/settings?passkey_on=1']);
    expect(section((await h.send('GET', '/settings?passkey_on=1', { cookie: ann.cookie })).body)?.getAttribute('data-on')).toBe('yes');

    const bare = await h.post('/settings/passkey', { csrf_token: csrf, on: 'no' }, ann.cookie);
    expect(bare.status).toBe(403);
    const wrong = await h.post('/settings/passkey', { csrf_token: csrf, on: 'no', password: 'not it' }, ann.cookie);
    expect(wrong.status).toBe(403);
    h.services.clock.advance(10 * 60 * 1000 + 1);
    const stale = await h.post('/settings/passkey', { csrf_token: csrf, on: 'no', password: PASSWORD }, ann.cookie);
    expect([stale.status, parsePage(stale.body).querySelector('[data-role="settings-error"]')?.textContent]).toEqual([403, expect.stringContaining('fresh login')]);
    expect(await h.services.userSettings.paperPasskeyApprovals(ann.userId)).toBe(true);

    const fresh = await h.browserLogin(ann.email);
    const freshCsrf = h.csrfOf(await h.send('GET', '/settings', { cookie: fresh }));
    const off = await h.post('/settings/passkey', { csrf_token: freshCsrf, on: 'no', password: PASSWORD }, fresh);
    expect([off.status, off.headers.get('location')]).toEqual([303, '/settings?passkey_off=1']);
    expect(await h.services.userSettings.paperPasskeyApprovals(ann.userId)).toBe(false);
  });
});
