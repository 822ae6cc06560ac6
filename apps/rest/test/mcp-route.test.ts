import { describe, expect, it } from 'vitest';
import type { McpHttpHandler } from '../src/index.js';
import { expectErrorResult, harness } from './helpers.js';

describe('/mcp', () => {
  it('hands the raw request, the Authorization credential and the request id to the handler and returns its response', async () => {
    const calls: { method: string; body: string; credential: string | null; requestId: string; clientIp: string | null }[] = [];
    const mcp: McpHttpHandler = async (request, auth) => {
      calls.push({ method: request.method, body: await request.text(), ...auth });
      return new Response('event: message\ndata: {}\n\n', {
        status: 202,
        headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 's-1' },
      });
    };
    const h = harness({ mcp });
    const response = await h.app.request('/mcp', {
      method: 'POST',
      headers: { authorization: 'Bearer tok', cookie: '__Host-condor_session=cookie-token', 'x-request-id': 'mcp-1' },
      body: '{"jsonrpc":"2.0"}',
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('mcp-session-id')).toBe('s-1');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-request-id')).toBe('mcp-1');
    expect(await response.text()).toBe('event: message\ndata: {}\n\n');
    expect(calls).toEqual([{ method: 'POST', body: '{"jsonrpc":"2.0"}', credential: 'tok', requestId: 'mcp-1', clientIp: null }]);
  });

  it('never takes the credential from the cookie', async () => {
    let seen: string | null = 'unset';
    const h = harness({
      mcp: (_request, auth) => {
        seen = auth.credential;
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    await h.app.request('/mcp', { method: 'DELETE', headers: { cookie: '__Host-condor_session=cookie-token' } });
    expect(seen).toBeNull();
  });

  it('answers every method at /mcp', async () => {
    const h = harness({ mcp: (request) => Promise.resolve(new Response(request.method)) });
    for (const method of ['GET', 'POST', 'DELETE']) expect(await (await h.app.request('/mcp', { method })).text()).toBe(method);
  });

  it('is not mounted without a handler', async () => {
    await expectErrorResult(await harness().send('POST', '/mcp', {}), 404, 'NOT_FOUND');
  });

  it('answers a POST (its own dispatch step) with the headers a GET (Hono’s chain) gets, and over the body limit as /v1 does', async () => {
    const mcp: McpHttpHandler = () => Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json', connection: 'keep-alive', 'keep-alive': 'timeout=5' } }));
    const h = harness({ mcp, bodyLimitBytes: 64 });
    const headers = { 'x-request-id': 'same-id' };
    const post = await h.app.request('/mcp', { method: 'POST', headers, body: '{}' });
    const get = await h.app.request('/mcp', { method: 'GET', headers });
    const named = (response: Response) => [...response.headers.keys()].filter((name) => name !== 'content-length').sort();
    expect(named(post)).toEqual(named(get));
    expect([post.headers.get('x-request-id'), post.headers.get('connection'), post.headers.get('keep-alive')]).toEqual(['same-id', null, null]);
    const over = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ padding: 'x'.repeat(100) }) };
    const [big, bigOnApi] = [await h.app.request('/mcp', over), await h.app.request('/v1/sessions', over)];
    expect([big.status, big.headers.get('connection')]).toEqual([413, 'close']);
    expect(await big.json()).toEqual(await bigOnApi.json());
  });
});

