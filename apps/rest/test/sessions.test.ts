import { describe, expect, it } from 'vitest';
import { EMAIL, expectErrorResult, harness, loggedIn, PASSWORD } from './helpers.js';

describe('sessions over REST', () => {
  it('register -> login sets the session cookie -> logout with Bearer ends the session', async () => {
    const h = harness();
    const { response, access } = await loggedIn(h);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-condor_session=fake\.[^;]+;/);
    expect(cookie).toMatch(/; Max-Age=900(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const logout = await h.send('DELETE', '/v1/sessions/current', undefined, { authorization: `Bearer ${access}` });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ logged_out: true });
    expect(logout.headers.get('set-cookie')).toMatch(/^__Host-condor_session=; Max-Age=0; .*Path=\/.*HttpOnly.*Secure.*SameSite=Lax/);

    const again = await h.send('DELETE', '/v1/sessions/current', undefined, { authorization: `Bearer ${access}` });
    await expectErrorResult(again, 401, 'SESSION_INVALID');
  });

  it('accepts the session cookie as the credential and clears it on logout', async () => {
    const h = harness();
    const { cookie } = await loggedIn(h);
    const logout = await h.send('DELETE', '/v1/sessions/current', undefined, { cookie, 'sec-fetch-site': 'same-origin' });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/__Host-condor_session=; Max-Age=0/);
    await expectErrorResult(await h.send('DELETE', '/v1/sessions/current', undefined, { cookie, 'sec-fetch-site': 'same-origin' }), 401, 'SESSION_INVALID');
  });

  it('renews the cookie on refresh_session', async () => {
    const h = harness();
    const { refresh } = await loggedIn(h);
    const refreshed = await h.send('POST', '/v1/sessions/refresh', { refresh_token: refresh });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get('set-cookie')).toMatch(/^__Host-condor_session=fake\..+; Max-Age=900/);
  });

  it('prefers the Authorization header over the cookie', async () => {
    const h = harness();
    const { cookie } = await loggedIn(h);
    const response = await h.send('DELETE', '/v1/sessions/current', undefined, { cookie, authorization: 'Bearer fake.tampered.x' });
    await expectErrorResult(response, 401, 'SESSION_INVALID');
  });

  it('tells missing credentials (UNAUTHORIZED) from unusable ones (SESSION_INVALID)', async () => {
    const h = harness();
    const { access } = await loggedIn(h);
    const logout = (headers: Record<string, string>) => h.send('DELETE', '/v1/sessions/current', undefined, headers);
    await expectErrorResult(await logout({}), 401, 'UNAUTHORIZED');
    await expectErrorResult(await logout({ authorization: '' }), 401, 'UNAUTHORIZED');
    await expectErrorResult(await logout({ authorization: 'Basic YW5uOnB3' }), 401, 'SESSION_INVALID');
    await expectErrorResult(await logout({ authorization: 'Bearer' }), 401, 'SESSION_INVALID');
    const [prefix, claims, check] = access.split('.');
    const tampered = `${prefix ?? ''}.${claims ?? ''}x.${check ?? ''}`;
    await expectErrorResult(await logout({ authorization: `Bearer ${tampered}` }), 401, 'SESSION_INVALID');
    await expectErrorResult(await logout({ cookie: `__Host-condor_session=${tampered}`, 'sec-fetch-site': 'same-origin' }), 401, 'SESSION_INVALID');
  });

  it('refuses a cookie-authenticated write from another origin, but not a Bearer one or a same-origin one', async () => {
    const h = harness();
    const { cookie, access } = await loggedIn(h);
    const foreign = await h.send('DELETE', '/v1/sessions/current', undefined, { cookie, origin: 'https://evil.example' });
    const body = await expectErrorResult(foreign, 403, 'FORBIDDEN');
    expect(body.message).toMatch(/cross-origin/i);
    await expectErrorResult(
      await h.send('DELETE', '/v1/sessions/current', undefined, { cookie, origin: 'null' }),
      403,
      'FORBIDDEN',
    );
    const bearer = await h.send('DELETE', '/v1/sessions/current', undefined, {
      authorization: `Bearer ${access}`,
      cookie,
      origin: 'https://evil.example',
    });
    expect(bearer.status).toBe(200);
    const login = await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD });
    const second = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const sameOrigin = await h.send('DELETE', '/v1/sessions/current', undefined, {
      cookie: second,
      origin: 'https://condor.example',
      host: 'condor.example:443',
    });
    expect(sameOrigin.status).toBe(200);
  });

  it('answers INVALID_CREDENTIALS for a wrong password without setting a cookie', async () => {
    const h = harness();
    await loggedIn(h);
    const wrong = await h.send('POST', '/v1/sessions', { email: EMAIL, password: 'not the password' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    await expectErrorResult(wrong, 401, 'INVALID_CREDENTIALS');
  });
});
