import { describe, expect, it } from 'vitest';
import { all, parsePage, text } from './dom.js';
import { PASSWORD, pagesHarness } from './pages-harness.js';

describe('the HTML login', () => {
  it('shows a form with email, password and the next page, under a strict CSP', async () => {
    const h = pagesHarness();
    const page = await h.send('GET', '/login?next=%2Fapprove%2Fabc');
    expect(page.status).toBe(200);
    const doc = parsePage(page.body);
    const form = doc.querySelector('form[action="/login"]');
    expect(form?.getAttribute('method')).toBe('post');
    expect(all(doc, 'form[action="/login"] input').map((input) => input.getAttribute('name'))).toEqual(['next', 'email', 'password']);
    expect(doc.querySelector('input[name="next"]')?.getAttribute('value')).toBe('/approve/abc');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(doc.querySelector('style')?.getAttribute('nonce')).toBe(nonce);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('sets a __Host- cookie (Secure, HttpOnly, SameSite=Strict, Path=/, no Domain) and redirects to next with 303', async () => {
    const h = pagesHarness();
    await h.call('register', { email: 'ann@example.com', password: PASSWORD }, null);
    const answer = await h.post('/login', { email: 'ann@example.com', password: PASSWORD, next: '/approve/abc' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/approve/abc');
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-condor-session=[A-Za-z0-9_-]+;/);
    const attributes = cookie.split(';').slice(1).map((a) => a.trim().split('=')[0]?.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['max-age', 'path', 'httponly', 'secure', 'samesite']));
    expect(attributes).not.toContain('domain');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
  });

  it('never redirects off this origin, whatever next says', async () => {
    const h = pagesHarness();
    await h.call('register', { email: 'ann@example.com', password: PASSWORD }, null);
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const answer = await h.post('/login', { email: 'ann@example.com', password: PASSWORD, next });
      expect([answer.status, answer.headers.get('location')]).toEqual([303, '/login']);
    }
  });

  it('answers a wrong password with the page again, 401 and a message, the email kept and the password not', async () => {
    const h = pagesHarness();
    await h.call('register', { email: 'ann@example.com', password: PASSWORD }, null);
    const answer = await h.post('/login', { email: 'ann@example.com', password: 'not the password', next: '/approve/abc' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('set-cookie')).toBeNull();
    const doc = parsePage(answer.body);
    expect(text(doc.querySelector('[data-role="login-error"]'))).toBe('Wrong email or password.');
    expect(doc.querySelector('input[name="email"]')?.getAttribute('value')).toBe('ann@example.com');
    expect(doc.querySelector('input[name="next"]')?.getAttribute('value')).toBe('/approve/abc');
    expect(answer.body).not.toContain('not the password');
  });

  it('answers a throttled login with a 429 page and Retry-After', async () => {
    const h = pagesHarness();
    await h.call('register', { email: 'ann@example.com', password: PASSWORD }, null);
    let answer = await h.post('/login', { email: 'ann@example.com', password: 'wrong 1', next: '/login' });
    for (let i = 0; i < 30 && answer.status === 401; i++) answer = await h.post('/login', { email: 'ann@example.com', password: `wrong ${String(i)}`, next: '/login' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(text(parsePage(answer.body).querySelector('h1'))).toBe('Too many attempts');
  });

  it('refuses a login posted from another origin (login CSRF)', async () => {
    const h = pagesHarness();
    await h.call('register', { email: 'ann@example.com', password: PASSWORD }, null);
    const answer = await h.post('/login', { email: 'ann@example.com', password: PASSWORD, next: '/login' }, undefined, { origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const h = pagesHarness();
    const ann = await h.trader('ann@example.com');
    const home = await h.send('GET', '/login', { cookie: ann.cookie });
    expect(text(parsePage(home.body).querySelector('h1'))).toBe('You are logged in');
    const out = await h.post('/logout', { csrf_token: h.csrfOf(home) }, ann.cookie);
    expect([out.status, out.headers.get('location')]).toEqual([303, '/login']);
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-condor-session=;.*Max-Age=0/);
    const after = await h.send('GET', '/login', { cookie: ann.cookie });
    expect(text(parsePage(after.body).querySelector('h1'))).toBe('Log in to condor');
  });

  it('sends a logged-in browser straight on to next, and hops once through this origin when a link came from another site', async () => {
    const h = pagesHarness();
    const ann = await h.trader('ann@example.com');
    const onward = await h.send('GET', '/login?next=%2Fapprove%2Fabc', { cookie: ann.cookie });
    expect([onward.status, onward.headers.get('location')]).toEqual([303, '/approve/abc']);
    const hop = await h.send('GET', '/login?next=%2Fapprove%2Fabc', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(parsePage(hop.body).querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/login?next=%2Fapprove%2Fabc');
    const same = await h.send('GET', '/login?next=%2Fapprove%2Fabc', { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(parsePage(same.body).querySelector('meta[http-equiv="refresh"]')).toBeNull();
  });
});
