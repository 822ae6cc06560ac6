import { ERROR_RESULT_KEYS, execute } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOOPBACK_HOSTS, type McpHttpHandler } from '../src/index.js';
import { messagesOf, rawRequest } from './mcp-http.js';
import { connectHttp, ERAS, expectToolOk, httpHandlerFor, MCP_URL } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

const auth = { credential: null, requestId: 'req-1', clientIp: '127.0.0.1' };

async function expectErrorResponse(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body.error).toBe(code);
}

const withHeaders = (request: Request, headers: Record<string, string>): Request => {
  const merged = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Request(request, { headers: merged });
};

describe('the Streamable HTTP endpoint', () => {
  let handler: McpHttpHandler;
  let services: TestServices;
  beforeEach(() => {
    services = createTestServices();
    handler = httpHandlerFor(services, { allowedOrigins: ['https://app.example.com'] });
    vi.mocked(execute).mockClear();
  });

  it('answers server/discover for 2026-07-28 clients, naming the version it serves', async () => {
    const response = await handler(rawRequest('modern', 'server/discover', {}), auth);
    const [answer] = await messagesOf(response);
    expect(answer?.result?.supportedVersions).toContain('2026-07-28');
  });

  it.each(ERAS)('serves a %s client with no session: no mcp-session-id, and any request can go to any instance', async (era) => {
    const mcp = await connectHttp(handler, era);
    expectToolOk(await mcp.call('register', { email: 'ann@example.com', password: 'a long password' }));
    const response = await handler(rawRequest(era, 'tools/list', {}), auth);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect((await messagesOf(response))[0]?.result?.tools).toBeDefined();
  });

  it('hands the Bearer credential and request id of each request to execute', async () => {
    await handler(rawRequest('modern', 'tools/call', { name: 'logout', arguments: {} }), { ...auth, credential: 'token-a', requestId: 'req-a' });
    await handler(rawRequest('legacy', 'tools/call', { name: 'logout', arguments: {} }), { ...auth, credential: 'token-b', requestId: 'req-b' });
    const contexts = vi.mocked(execute).mock.calls.map(([, , ctx]) => [ctx.credential, ctx.requestId.split(':')[0], ctx.clientIp]);
    expect(contexts).toEqual([
      ['token-a', 'req-a', '127.0.0.1'],
      ['token-b', 'req-b', '127.0.0.1'],
    ]);
  });

  it('refuses a foreign Origin with 403 and an ErrorResult, and admits the configured ones', async () => {
    const call = rawRequest('modern', 'tools/call', { name: 'logout', arguments: {} });
    await expectErrorResponse(await handler(withHeaders(call.clone(), { origin: 'https://evil.example' }), auth), 403, 'FORBIDDEN');
    expect(execute).not.toHaveBeenCalled();
    expect((await handler(withHeaders(call, { origin: 'https://app.example.com' }), auth)).status).toBe(200);
  });

  it('refuses a Host outside allowedHosts with 403 and an ErrorResult (DNS rebinding)', async () => {
    const strict = httpHandlerFor(services, { allowedHosts: LOOPBACK_HOSTS });
    const call = rawRequest('modern', 'tools/list', {});
    await expectErrorResponse(await strict(withHeaders(call.clone(), { host: 'evil.example' }), auth), 403, 'FORBIDDEN');
    expect((await strict(withHeaders(call, { host: 'localhost:8787' }), auth)).status).toBe(200);
  });

  it('takes POST only: GET (a 2025 stream) and DELETE (a 2025 session end) get 405 naming it', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await handler(new Request(MCP_URL, { method }), auth);
      expect(response.headers.get('allow')).toBe('POST');
      await expectErrorResponse(response, 405, 'BAD_REQUEST');
    }
  });

  it('answers a call that can only have its result as one JSON body in both eras; a call asking for progress as an event stream', async () => {
    for (const era of ERAS) {
      const once = await handler(rawRequest(era, 'tools/call', { name: 'get_subscription', arguments: {} }), auth);
      expect(once.headers.get('content-type')).toContain('application/json');
      expect((await messagesOf(once)).map((message) => message.id)).toEqual([1]);
    }
    const progress = await handler(rawRequest('legacy', 'tools/call', { name: 'get_subscription', arguments: {}, _meta: { progressToken: 'p1' } }), auth);
    expect(progress.headers.get('content-type')).toBe('text/event-stream');
    expect((await messagesOf(progress)).map((message) => message.id)).toEqual([1]);
  });

  it('answers a body that is not JSON with the JSON-RPC parse error, running nothing', async () => {
    const response = await handler(rawRequest('legacy', 'tools/call', {}, '{"jsonrpc":"2.0",'), auth);
    expect((await messagesOf(response))[0]?.error?.code).toBe(-32700);
    expect(execute).not.toHaveBeenCalled();
  });
});
