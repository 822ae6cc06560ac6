import { ERROR_RESULT_KEYS, execute } from '@condor/core';
import { createTestServices, MemoryMcpSessionStore, type TestServices } from '@condor/testkit';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMcpHttpHandler, LOOPBACK_HOSTS, type McpHttpHandler } from '../src/index.js';
import { initializeMessage, MCP_URL, mcpRequest, messagesOf, sessionHeaders, toolCall, type RpcResponse } from './mcp-http.js';
import { PASSWORD } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

interface Exchange {
  readonly handler: McpHttpHandler;
  readonly sessionId: string;
  readonly credential: string | null;
}

async function openSession(handler: McpHttpHandler, credential: string | null = null): Promise<Exchange> {
  const init = await handler(
    mcpRequest(initializeMessage()),
    { credential, requestId: 'req-init' },
  );
  expect(init.status).toBe(200);
  const sessionId = init.headers.get('mcp-session-id');
  expect(sessionId).toBeTruthy();
  expect((await messagesOf(init))[0]?.result).toBeDefined();
  const exchange = { handler, sessionId: sessionId ?? '', credential };
  const initialized = await handler(mcpRequest({ jsonrpc: '2.0', method: 'notifications/initialized' }, sessionHeaders(exchange.sessionId)), {
    credential,
    requestId: 'req-initialized',
  });
  expect(initialized.status).toBe(202);
  return exchange;
}

async function call(exchange: Exchange, name: string, args: Record<string, unknown> = {}): Promise<RpcResponse['result']> {
  const response = await exchange.handler(mcpRequest(toolCall(1, name, args), sessionHeaders(exchange.sessionId)), {
    credential: exchange.credential,
    requestId: `req-${name}`,
  });
  expect(response.status).toBe(200);
  const [message] = await messagesOf(response);
  return message?.result;
}

async function expectErrorResponse(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(body.error).toBe(code);
}

describe('the Streamable HTTP handler', () => {
  let handler: McpHttpHandler;
  let services: TestServices;
  beforeEach(() => {
    services = createTestServices();
    handler = createMcpHttpHandler(services, { sessions: new MemoryMcpSessionStore(), allowedOrigins: ['https://app.example.com'] });
    vi.mocked(execute).mockClear();
  });

  async function loginToken(): Promise<string> {
    const session = await openSession(handler);
    await call(session, 'register', { email: 'ann@example.com', password: PASSWORD });
    const tokens = await call(session, 'login', { email: 'ann@example.com', password: PASSWORD });
    return tokens?.structuredContent?.access_token as string;
  }

  it('hands the Bearer credential of each request to execute', async () => {
    const token = await loginToken();

    const anonymous = await openSession(handler);
    expect((await call(anonymous, 'logout'))?.structuredContent?.error).toBe('UNAUTHORIZED');
    const withBearer = await openSession(handler, token);
    expect(await call(withBearer, 'logout')).toMatchObject({ structuredContent: { logged_out: true } });
    expect(await call(withBearer, 'logout')).toMatchObject({ isError: true, structuredContent: { error: 'SESSION_INVALID' } });
  });

  it('binds an HTTP session to the user who logged in on it', async () => {
    const session = await openSession(handler);
    await call(session, 'register', { email: 'ann@example.com', password: PASSWORD });
    await call(session, 'login', { email: 'ann@example.com', password: PASSWORD });

    expect(await call(session, 'logout')).toMatchObject({ structuredContent: { logged_out: true } });
    expect(await call(await openSession(handler), 'logout')).toMatchObject({ structuredContent: { error: 'UNAUTHORIZED' } });
  });

  it('ends a session bound by login when that login ends elsewhere (logout over REST)', async () => {
    const session = await openSession(handler);
    await call(session, 'register', { email: 'ann@example.com', password: PASSWORD });
    const tokens = await call(session, 'login', { email: 'ann@example.com', password: PASSWORD });
    expect((await call(session, 'get_onboarding_status'))?.isError).not.toBe(true);

    const token = tokens?.structuredContent?.access_token as string;
    const elsewhere = await execute('logout', {}, { services, credential: token, requestId: 'rest-logout', batchKey: null });
    expect(elsewhere.isOk()).toBe(true);

    const refused = await call(session, 'get_onboarding_status');
    expect(refused).toMatchObject({ isError: true, structuredContent: { error: 'SESSION_INVALID' } });
    expect(Object.keys(refused?.structuredContent ?? {}).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
    expect(String(refused?.structuredContent?.message)).toContain('has ended with it');
    const after = await handler(mcpRequest(toolCall(2, 'get_onboarding_status'), sessionHeaders(session.sessionId)), {
      credential: null,
      requestId: 'req-after',
    });
    await expectErrorResponse(after, 404, 'NOT_FOUND');
  });

  it('gives every message of one JSON-RPC batch the same batch key, and each POST its own', async () => {
    const session = await openSession(handler);
    const batch = await handler(mcpRequest([toolCall(1, 'logout'), toolCall(2, 'nope')], sessionHeaders(session.sessionId)), {
      credential: null,
      requestId: 'req-batch',
    });
    const replies = await messagesOf(batch);
    expect(replies.map((r) => r.id).sort()).toEqual([1, 2]);
    expect(replies.every((r) => r.result?.isError === true)).toBe(true);
    // Beyond the session's 1 s batch window, the next POST starts its own batch.
    services.clock.advance(1_000);
    await call(session, 'logout');

    const contexts = vi.mocked(execute).mock.calls.map(([, , ctx]) => ctx);
    expect(contexts).toHaveLength(3);
    const [first, second, third] = contexts;
    expect(first?.batchKey).toEqual(expect.any(String));
    expect(second?.batchKey).toBe(first?.batchKey);
    expect(third?.batchKey).not.toBe(first?.batchKey);
    expect(contexts.map((ctx) => ctx.requestId).sort()).toEqual(['req-batch:1', 'req-batch:2', 'req-logout:1']);
  });

  it('refuses a foreign Origin with 403 and an ErrorResult', async () => {
    const session = await openSession(handler);
    const response = await handler(mcpRequest(toolCall(1, 'logout'), { ...sessionHeaders(session.sessionId), origin: 'https://evil.example' }), {
      credential: null,
      requestId: 'req-evil',
    });

    await expectErrorResponse(response, 403, 'FORBIDDEN');
    expect(execute).not.toHaveBeenCalled();
  });

  it('admits the configured origins', async () => {
    const session = await openSession(handler);
    const response = await handler(mcpRequest(toolCall(1, 'logout'), { ...sessionHeaders(session.sessionId), origin: 'https://app.example.com' }), {
      credential: null,
      requestId: 'req-app',
    });

    expect(response.status).toBe(200);
  });

  it('answers an unknown session with 404 and an ErrorResult, also after DELETE ended it', async () => {
    await expectErrorResponse(
      await handler(mcpRequest(toolCall(1, 'logout'), { 'mcp-session-id': 'no-such-session' }), { credential: null, requestId: 'r' }),
      404,
      'NOT_FOUND',
    );

    const session = await openSession(handler);
    const deleted = await handler(new Request(MCP_URL, { method: 'DELETE', headers: sessionHeaders(session.sessionId) }), {
      credential: null,
      requestId: 'req-delete',
    });
    expect(deleted.status).toBe(200);
    await expectErrorResponse(
      await handler(mcpRequest(toolCall(1, 'logout'), sessionHeaders(session.sessionId)), { credential: null, requestId: 'r' }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a request outside a session that is not initialize, with 400 and an ErrorResult', async () => {
    await expectErrorResponse(await handler(mcpRequest(toolCall(1, 'logout')), { credential: null, requestId: 'r' }), 400, 'BAD_REQUEST');
    expect(execute).not.toHaveBeenCalled();
  });

  it('opens no session for an initialize that fails or is not a request', async () => {
    const store = new MemoryMcpSessionStore();
    const strict = createMcpHttpHandler(services, { sessions: store });
    const malformed = await strict(mcpRequest({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION } }), {
      credential: null,
      requestId: 'r1',
    });
    expect(malformed.headers.get('mcp-session-id')).toBeNull();
    expect(malformed.status).toBe(400);
    const notification = await strict(mcpRequest({ jsonrpc: '2.0', method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'n', version: '1' } } }), {
      credential: null,
      requestId: 'r2',
    });
    expect([notification.status, notification.headers.get('mcp-session-id')]).toEqual([400, null]);
    expect(await store.endIdle(Number.MAX_SAFE_INTEGER)).toBe(0);
    const good = await openSession(strict);
    expect(await store.endIdle(Number.MAX_SAFE_INTEGER)).toBe(1);
    expect(good.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers no standalone GET stream: 405 naming the methods it takes', async () => {
    const session = await openSession(handler);
    const response = await handler(new Request(MCP_URL, { method: 'GET', headers: { ...sessionHeaders(session.sessionId), accept: 'text/event-stream' } }), {
      credential: null,
      requestId: 'r',
    });
    expect(response.headers.get('allow')).toBe('POST, DELETE');
    await expectErrorResponse(response, 405, 'BAD_REQUEST');
  });

  it('ends a session left idle past the timeout: its id then gets 404', async () => {
    const services = createTestServices();
    const handler = createMcpHttpHandler(services, { sessions: new MemoryMcpSessionStore(), idleTimeoutMs: 60_000 });
    const exchange = await openSession(handler);
    services.clock.advance(59_999);
    const alive = await handler(mcpRequest(toolCall(1, 'logout'), sessionHeaders(exchange.sessionId)), { credential: null, requestId: 'r1' });
    expect(alive.status).toBe(200);
    services.clock.advance(60_000);
    const gone = await handler(mcpRequest(toolCall(2, 'logout'), sessionHeaders(exchange.sessionId)), { credential: null, requestId: 'r2' });
    expect([gone.status, ((await gone.json()) as { error: string }).error]).toEqual([404, 'NOT_FOUND']);
  });

  it('sweeps idle sessions out of the store when new ones open', async () => {
    const services = createTestServices();
    const sessions = new MemoryMcpSessionStore();
    const handler = createMcpHttpHandler(services, { sessions, idleTimeoutMs: 60_000 });
    const idle = await openSession(handler);
    services.clock.advance(120_000);
    const fresh = await openSession(handler);
    expect(await sessions.end(services.digest.sha256(idle.sessionId))).toBe(false);
    expect(await sessions.end(services.digest.sha256(fresh.sessionId))).toBe(true);
  });

  it('refuses a Host outside allowedHosts with 403 and an ErrorResult (DNS rebinding)', async () => {
    const handler = createMcpHttpHandler(createTestServices(), { sessions: new MemoryMcpSessionStore(), allowedHosts: LOOPBACK_HOSTS });
    const rebound = new Request('http://attacker.example:8787/mcp', {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(toolCall(1, 'logout')),
    });
    const response = await handler(rebound, { credential: null, requestId: 'r' });
    const body = (await response.json()) as Record<string, unknown>;
    expect([response.status, body.error, body.message]).toEqual([403, 'FORBIDDEN', 'Host not allowed']);
    expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
    await openSession(handler);
  });
});
