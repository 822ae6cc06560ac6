import { DEFAULT_CORE_CONFIG } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { EMAIL, expectErrorResult, harness, loggedIn, type Harness } from './helpers.js';

const HOST = 'condor.example';

/** The victim's active subscription, read from the store (not through the request under test). */
async function activeSubscription(h: Harness): Promise<unknown> {
  const user = await h.services.users.findByEmail(EMAIL);
  return user === undefined ? undefined : h.services.subscriptions.active(user.id);
}

describe('cross-site writes with the session cookie', () => {
  it.each<[string, Record<string, string>]>([
    ['no Origin but Sec-Fetch-Site: cross-site (the reported attack)', { 'sec-fetch-site': 'cross-site' }],
    ['only a foreign Referer', { referer: 'https://evil.example/win-a-prize' }],
    ['a same-origin Origin but Sec-Fetch-Site: same-site', { origin: `https://${HOST}`, 'sec-fetch-site': 'same-site' }],
    ['none of Sec-Fetch-Site, Origin or Referer', {}],
  ])('refuses a cookie POST to subscribe with %s: 403 FORBIDDEN and nothing changes', async (_name, headers) => {
    const h = harness();
    const { cookie } = await loggedIn(h);
    const response = await h.send('POST', '/v1/subscription', {}, { cookie, host: HOST, ...headers });
    const body = await expectErrorResult(response, 403, 'FORBIDDEN');
    expect(body.message).toMatch(/cross-origin/i);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await activeSubscription(h)).toBeUndefined();
  });

  it('lets the same cookie subscribe from this origin, and a Bearer token from anywhere', async () => {
    const h = harness();
    const { cookie, access } = await loggedIn(h);
    const sameOrigin = await h.send('POST', '/v1/subscription', {}, { cookie, host: HOST, 'sec-fetch-site': 'same-origin', origin: `https://${HOST}` });
    expect(sameOrigin.status).toBe(200);
    expect(await activeSubscription(h)).toMatchObject({ plan: 'premium' });
    const bearer = await h.send('DELETE', '/v1/subscription', undefined, {
      authorization: `Bearer ${access}`,
      cookie,
      host: HOST,
      'sec-fetch-site': 'cross-site',
    });
    expect(bearer.status).toBe(200);
    expect(await activeSubscription(h)).toBeUndefined();
  });

  it('still answers cookie reads from another site (a read changes nothing)', async () => {
    const h = harness();
    const { cookie } = await loggedIn(h);
    const read = await h.send('GET', '/v1/subscription', undefined, { cookie, host: HOST, 'sec-fetch-site': 'cross-site' });
    expect(read.status).toBe(200);
  });

  it('behind a proxy that rewrites Host, lets the cookie write from the public URL through and still refuses others', async () => {
    const publicUrl = 'https://condor.example:8443';
    const h = harness({}, createTestServices({ config: { ...DEFAULT_CORE_CONFIG, publicUrl } }));
    const { cookie } = await loggedIn(h);
    // nginx's `proxy_set_header Host $host` drops the port the browser's Origin names.
    const proxied = { cookie, host: HOST, 'sec-fetch-site': 'same-origin' };
    const foreign = await h.send('POST', '/v1/subscription', {}, { ...proxied, origin: 'https://condor.example:9443' });
    await expectErrorResult(foreign, 403, 'FORBIDDEN');
    expect(await activeSubscription(h)).toBeUndefined();
    const fromPublic = await h.send('POST', '/v1/subscription', {}, { ...proxied, origin: publicUrl });
    expect(fromPublic.status).toBe(200);
    expect(await activeSubscription(h)).toMatchObject({ plan: 'premium' });
  });
});
