import { describe, expect, it } from 'vitest';
import { isApiPath } from '../src/api-paths.js';
import { SECURITY_HEADERS } from '../src/security-headers.js';
import { expectErrorResult, harness } from './helpers.js';

/** A page answer: HTML under the pages' policy, its heading, and never an ErrorResult. */
async function expectPage(response: Response, status: number, heading: string): Promise<string> {
  const body = await response.text();
  expect([response.status, response.headers.get('content-type')]).toEqual([status, 'text/html; charset=UTF-8']);
  expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-/);
  expect(response.headers.get('x-request-id')).toBeTruthy();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  expect(body).toMatch(/^<!doctype html>/);
  expect(body).toContain(`<h1>${heading}</h1>`);
  expect(body).toContain('<a href="/" data-role="home">Your desk</a>');
  expect(() => JSON.parse(body) as unknown).toThrow();
  return body;
}

describe('pages fail as pages; the API keeps its ErrorResults', () => {
  it('404: an unknown page address answers a page; an unknown API address an ErrorResult', async () => {
    const h = harness();
    for (const path of ['/nowhere', '/approve', '/desk/nothing', '/v10', '/mcpx']) await expectPage(await h.send('GET', path), 404, 'Page not found');
    for (const path of ['/v1/nothing-here', '/v1', '/mcp/extra', '/.well-known/nothing']) await expectErrorResult(await h.send('GET', path), 404, 'NOT_FOUND');
  });

  it('405: a page address called with another method answers a page with Allow; an API address an ErrorResult', async () => {
    const h = harness();
    const put = await h.send('PUT', '/api-keys');
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectPage(put, 405, 'Not a way to open this page');
    const deleted = await h.send('DELETE', '/');
    expect(deleted.headers.get('allow')).toBe('GET, HEAD');
    await expectPage(deleted, 405, 'Not a way to open this page');
    const api = await h.send('PUT', '/v1/sessions');
    expect(api.headers.get('allow')).toBe('POST');
    await expectErrorResult(api, 405, 'BAD_REQUEST');
    await expectErrorResult(await h.send('PUT', '/oauth/token'), 405, 'BAD_REQUEST');
  });

  it('413: a form over the limit on a page address answers a page and closes the connection; the API an ErrorResult', async () => {
    const h = harness({ bodyLimitBytes: 64 });
    const form = new URLSearchParams({ email: 'ann@example.com', password: 'x'.repeat(200) }).toString();
    const page = await h.app.request('/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' }, body: form });
    expect(page.headers.get('connection')).toBe('close');
    await expectPage(page, 413, 'Too much was sent');
    const api = await h.send('POST', '/v1/users', { email: 'ann@example.com', password: 'x'.repeat(200) });
    expect(api.headers.get('connection')).toBe('close');
    await expectErrorResult(api, 413, 'BAD_REQUEST');
  });
});

describe('isApiPath', () => {
  it('takes the API’s prefixes whole and its exact addresses; everything else is a page', () => {
    for (const path of ['/v1', '/v1/users', '/mcp', '/mcp/x', '/.well-known/oauth-authorization-server', '/oauth/token', '/oauth/register', '/oauth/revoke', '/healthz', '/readyz', '/openapi.json']) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of ['/', '/v10', '/v1x', '/mcpx', '/login', '/oauth/authorize', '/oauth/connections', '/docs', '/healthz/x', '/approve/abc']) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});
