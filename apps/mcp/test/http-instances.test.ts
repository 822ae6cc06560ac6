import { execute } from '@condor/core';
import { createTestServices, MemoryMcpSessionStore } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMcpHttpHandler, type McpHttpHandler } from '../src/index.js';
import { initializeMessage, MCP_URL, mcpRequest, sessionHeaders, structuredContentOf, toolCall } from './mcp-http.js';
import { PASSWORD } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

/** Two handlers over one set of stores and one session store: two instances behind a load balancer. */
function twoInstances() {
  const services = createTestServices();
  const sessions = new MemoryMcpSessionStore();
  const [a, b] = [createMcpHttpHandler(services, { sessions }), createMcpHttpHandler(services, { sessions })];
  const call = async (handler: McpHttpHandler, sessionId: string, name: string, args: Record<string, unknown> = {}) =>
    structuredContentOf(await handler(mcpRequest(toolCall(1, name, args), sessionHeaders(sessionId)), { credential: null, requestId: name }));
  const open = async (handler: McpHttpHandler): Promise<string> => {
    const init = await handler(mcpRequest(initializeMessage()), { credential: null, requestId: 'init' });
    await init.text();
    return init.headers.get('mcp-session-id') ?? '';
  };
  return { services, sessions, a, b, call, open };
}

describe('one MCP session answered by two instances', () => {
  beforeEach(() => {
    vi.mocked(execute).mockClear();
  });

  it('continues on the other instance: the login bound on one is the caller on the other, and sealed at rest', async () => {
    const { sessions, services, a, b, call, open } = twoInstances();
    const sessionId = await open(a);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await call(b, sessionId, 'register', { email: 'ann@example.com', password: PASSWORD });
    const login = await call(a, sessionId, 'login', { email: 'ann@example.com', password: PASSWORD });
    const token = login['access_token'] as string;
    expect(token).toEqual(expect.any(String));

    const stored = await sessions.touch(services.digest.sha256(sessionId), services.clock.now(), 60_000);
    expect(stored?.boundToken).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await sessions.touch(sessionId, services.clock.now(), 60_000)).toBeNull();

    expect(await call(b, sessionId, 'logout')).toEqual({ logged_out: true });
    expect(await call(a, sessionId, 'logout')).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('puts a call on one instance into the batch of a call still in flight on the other', async () => {
    const { services, a, b, call, open } = twoInstances();
    const sessionId = await open(a);
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = vi.mocked(execute).getMockImplementation();
    vi.mocked(execute).mockImplementationOnce(async (...args) => {
      await gate;
      return original!(...args);
    });
    const slow = call(a, sessionId, 'logout');
    await vi.waitFor(() => { expect(execute).toHaveBeenCalledTimes(1); });
    const quick = call(b, sessionId, 'logout');
    await vi.waitFor(() => { expect(execute).toHaveBeenCalledTimes(2); });
    release();
    await Promise.all([slow, quick]);
    services.clock.advance(1_000);
    await call(b, sessionId, 'logout');

    const keys = vi.mocked(execute).mock.calls.map(([, , ctx]) => ctx.batchKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('ends the session for both when either is told to', async () => {
    const { a, b, open } = twoInstances();
    const sessionId = await open(a);
    const ended = await b(new Request(MCP_URL, { method: 'DELETE', headers: sessionHeaders(sessionId) }), { credential: null, requestId: 'd' });
    expect(ended.status).toBe(200);
    const after = await a(mcpRequest(toolCall(1, 'logout'), sessionHeaders(sessionId)), { credential: null, requestId: 'x' });
    expect(after.status).toBe(404);
  });
});
