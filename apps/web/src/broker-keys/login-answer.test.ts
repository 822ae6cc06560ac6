import { OAUTH_ISSUER, OAUTH_PERSON, oauthTestServices } from '@condor/testkit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pageGuard } from '../shared/page-guard.js';
import type { WebEnv } from '../shared/web-env.js';
import { keepAnswerAcrossLogin, LOGIN_CALLBACK_PATH, takeLoginAnswer } from './login-answer.js';

const SESSION = 'browser-session-token-0041';
const CODE = 'C0.code-from-the-broker.xyz@';

async function callbackPage() {
  const services = await oauthTestServices();
  const now = services.clock.now();
  await services.browserSessions.insert({ digest: services.digest.sha256(SESSION), userId: OAUTH_PERSON.id, createdAt: now, expiresAt: now + 60_000, revokedAt: null, userAgent: null });
  const app = new Hono<WebEnv>();
  app.get(LOGIN_CALLBACK_PATH, keepAnswerAcrossLogin(services), pageGuard(services), (c) => c.json(takeLoginAnswer(c)));
  return (path: string, cookie?: string) => app.request(`${OAUTH_ISSUER}${path}`, { headers: cookie === undefined ? {} : { cookie } });
}

describe('the broker login callback', () => {
  it('without a browser session keeps the answer in a cookie of its own and sends the person to log in with the bare path', async () => {
    const send = await callbackPage();
    const answer = await send(`${LOGIN_CALLBACK_PATH}?code=${encodeURIComponent(CODE)}&session=s1&state=st8`);
    expect([answer.status, answer.headers.get('location')]).toEqual([303, `/login?next=${encodeURIComponent(LOGIN_CALLBACK_PATH)}`]);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-condor-broker-login=/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);

    const back = await send(LOGIN_CALLBACK_PATH, `__Host-condor-session=${SESSION}; ${cookie.split(';')[0] ?? ''}`);
    expect(await back.json()).toEqual({ state: 'st8', code: CODE });
    expect(back.headers.get('set-cookie')).toMatch(/^__Host-condor-broker-login=;.*Max-Age=0/);
  });

  it('with a live session reads the query and clears an answer kept from a login left before', async () => {
    const send = await callbackPage();
    const answer = await send(`${LOGIN_CALLBACK_PATH}?error=access_denied&state=st9`, `__Host-condor-session=${SESSION}; __Host-condor-broker-login=code%3Dold%26state%3Dold`);
    expect(await answer.json()).toEqual({ state: 'st9', error: 'access_denied' });
    expect(answer.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });
});
