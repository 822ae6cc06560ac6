import { execute } from '@condor/core';
import { createTestServices, MemoryMcpSessionStore } from '@condor/testkit';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMcpHttpHandler, type McpHttpHandler } from '../src/index.js';
import { PASSWORD } from './support.js';

vi.mock('@condor/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@condor/core')>();
  return { ...core, execute: vi.fn(core.execute) };
});

const URL_ = 'http://localhost:8787/mcp';

const post = (body: unknown, sessionId?: string): Request =>
  new Request(URL_, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION }),
    },
    body: JSON.stringify(body),
  });

async function resultOf(response: Response): Promise<Record<string, unknown>> {
  const data = (await response.text()).split('\n').find((line) => line.startsWith('data: '));
  const message = JSON.parse(data?.slice('data: '.length) ?? '{}') as { result?: { structuredContent?: Record<string, unknown> } };
  return message.result?.structuredContent ?? {};
}

/** Two handlers over one set of stores and one session store: two instances behind a load balancer. */
function twoInstances() {
  const services = createTestServices();
  const sessions = new MemoryMcpSessionStore();
  const [a, b] = [createMcpHttpHandler(services, { sessions }), createMcpHttpHandler(services, { sessions })];
  const call = async (handler: McpHttpHandler, sessionId: string, name: string, args: Record<string, unknown> = {}) =>
    resultOf(await handler(post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, sessionId), { credential: null, requestId: name }));
  const open = async (handler: McpHttpHandler): Promise<string> => {
    const init = await handler(
      post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } } }),
      { credential: null, requestId: 'init' },
    );
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
    const ended = await b(new Request(URL_, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } }), { credential: null, requestId: 'd' });
    expect(ended.status).toBe(200);
    const after = await a(post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'logout', arguments: {} } }, sessionId), { credential: null, requestId: 'x' });
    expect(after.status).toBe(404);
  });
});
