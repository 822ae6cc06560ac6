import type { ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { batchOf, bearerOf, clientIpOf, requestIdOf } from './request-context.js';

/** The parts of a server context these helpers read. */
const ctx = (token: string | null, extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): ServerContext =>
  ({
    mcpReq: { id: 7, _meta: meta },
    ...(token === null ? {} : { http: { authInfo: { token, clientId: 'condor', scopes: [], extra } } }),
  }) as unknown as ServerContext;

describe('bearerOf', () => {
  it('takes the endpoint token and reads an empty one as none', () => {
    expect(bearerOf(ctx('t'))).toBe('t');
    expect(bearerOf(ctx(''))).toBeNull();
    expect(bearerOf(ctx(null))).toBeNull();
  });
});

describe('batchOf', () => {
  it('takes a batch the client names in _meta over the per-POST key', () => {
    expect(batchOf(ctx('', { batchKey: 'post-1' }, { batch: 'mine' }))).toBe('mine');
    expect(batchOf(ctx('', { batchKey: 'post-1' }))).toBe('post-1');
    expect(batchOf(ctx(null, {}, { batch: 'mine' }))).toBe('mine');
  });

  it('ignores a name that is not a short non-empty string', () => {
    expect(batchOf(ctx(null, {}, { batch: 7 }))).toBeNull();
    expect(batchOf(ctx(null, {}, { batch: '' }))).toBeNull();
    expect(batchOf(ctx('', { batchKey: 'post-1' }, { batch: 'x'.repeat(129) }))).toBe('post-1');
  });
});

describe('requestIdOf and clientIpOf', () => {
  it('prefix the JSON-RPC id with the HTTP request id, else the server id; the address only over HTTP', () => {
    expect(requestIdOf(ctx('', { requestId: 'req-1' }), 'srv')).toBe('req-1:7');
    expect(requestIdOf(ctx(null), 'srv')).toBe('srv:7');
    expect(clientIpOf(ctx('', { clientIp: '10.0.0.1' }))).toBe('10.0.0.1');
    expect(clientIpOf(ctx(null))).toBeNull();
  });
});
