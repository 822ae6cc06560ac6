import { csrfTokenFor } from '@condor/core';
import { OAUTH_ISSUER, OAUTH_PERSON, oauthTestServices } from '@condor/testkit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { pageGuard } from './page-guard.js';
import type { WebEnv } from './web-env.js';

const SESSION = 'browser-session-token-0002';

async function guarded() {
  const services = await oauthTestServices();
  const now = services.clock.now();
  await services.browserSessions.insert({ digest: services.digest.sha256(SESSION), userId: OAUTH_PERSON.id, createdAt: now, expiresAt: now + 60_000, revokedAt: null, userAgent: null });
  const app = new Hono<WebEnv>();
  app.get('/page', pageGuard(services), (c) => c.json(c.get('session')));
  app.get('/request', pageGuard(services, { keepQuery: true }), (c) => c.text('shown'));
  const send = (path: string, headers: Record<string, string> = {}) => app.request(`${OAUTH_ISSUER}${path}`, { headers });
  return { services, send };
}

describe('pageGuard', () => {
  it('opens the page for a live browser session, with its person, token and CSRF token', async () => {
    const { services, send } = await guarded();
    const answer = await send('/page', { cookie: `__Host-condor-session=${SESSION}` });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ sessionToken: SESSION, caller: { userId: OAUTH_PERSON.id }, signedIn: { email: OAUTH_PERSON.email, csrf: csrfTokenFor(services, SESSION) } });
  });

  it('sends anyone else to the login page and back to the path, without its query unless asked to keep it', async () => {
    const { services, send } = await guarded();
    const login = (answer: Response) => [answer.status, answer.headers.get('location')];
    expect(login(await send('/page?revoked=1'))).toEqual([303, '/login?next=%2Fpage']);
    expect(login(await send('/request?client_id=x&state=y'))).toEqual([303, `/login?next=${encodeURIComponent('/request?client_id=x&state=y')}`]);
    expect(login(await send('/page', { cookie: '__Host-condor-session=browser-session-token-0003' }))).toEqual([303, '/login?next=%2Fpage']);
    expect(login(await send('/page', { authorization: `Bearer ${SESSION}`, cookie: `__Host-condor_session=${SESSION}` }))).toEqual([303, '/login?next=%2Fpage']);
    services.clock.advance(60_000);
    expect(login(await send('/page', { cookie: `__Host-condor-session=${SESSION}` }))).toEqual([303, '/login?next=%2Fpage']);
  });
});
