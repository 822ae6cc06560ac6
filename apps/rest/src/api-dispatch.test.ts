import { ERROR_RESULT_KEYS, type RateLimitStore } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { apiDispatch, type ApiDispatchOptions } from './api-dispatch.js';
import { addressLimit } from './rate-limit.js';

/** The node-server bindings the dispatch reads the peer address from. */
const fromSocket = { incoming: { socket: { remoteAddress: '203.0.113.7' } } };

function dispatcher(options: Partial<ApiDispatchOptions> & { store?: RateLimitStore; limit?: number } = {}) {
  const services = createTestServices();
  const store = options.store ?? services.rateLimits;
  const dispatch = apiDispatch(services, {
    bodyLimitBytes: 64,
    addressLimit: addressLimit(store, services.clock, { limit: options.limit ?? 100, windowSeconds: 60 }),
    trustedProxies: 0,
    accessLog: services.logger,
    ...options,
  });
  const send = async (path: string, init: RequestInit = {}, env: unknown = fromSocket): Promise<Response> => {
    const answer = dispatch(new Request(`http://localhost${path}`, init), env);
    if (answer === null) throw new Error(`${path} is not under /v1`);
    return answer;
  };
  return { services, dispatch, send };
}

const errorCode = async (response: Response): Promise<unknown> => {
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  return body.error;
};

describe('apiDispatch', () => {
  it('takes every path under /v1 and no other', () => {
    const { dispatch } = dispatcher();
    for (const path of ['/', '/v10', '/v1x/subscription', '/mcp', '/healthz', '/docs']) {
      expect(dispatch(new Request(`http://localhost${path}`), fromSocket), path).toBeNull();
    }
    for (const path of ['/v1', '/v1/', '/v1/subscription', '/v1/nothing?x=1']) {
      expect(dispatch(new Request(`http://localhost${path}`), fromSocket), path).not.toBeNull();
    }
  });

  it('answers HEAD as GET without the body, stamped, with an access line naming HEAD', async () => {
    const { services, send } = dispatcher();
    const head = await send('/v1/subscription', { method: 'HEAD', headers: { 'x-request-id': 'req-head' } });
    expect([head.status, head.body, head.headers.get('x-request-id'), head.headers.get('cache-control')]).toEqual([401, null, 'req-head', 'no-store']);
    expect(head.headers.get('ratelimit-policy')).toBe('"per-ip";q=100;w=60');
    const lines = services.logger.lines.filter((line) => line.event === 'http_request');
    expect(lines.map((line) => line.fields)).toEqual([expect.objectContaining({ request_id: 'req-head', method: 'HEAD', path: '/v1/subscription', status: 401 })]);
  });

  it('refuses an oversized body before counting the address, and counts it before a missing route', async () => {
    const { send } = dispatcher({ limit: 1 });
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('x'.repeat(100)));
        controller.close();
      },
    });
    // In-process (no socket): the body is read and found too large; the route is unknown, but the limit comes first.
    const tooLarge = await send('/v1/nothing', { method: 'POST', body: chunked, duplex: 'half' }, null);
    expect([tooLarge.status, tooLarge.headers.get('connection'), tooLarge.headers.get('ratelimit')]).toEqual([413, 'close', null]);
    const first = await send('/v1/nothing');
    expect([first.status, await errorCode(first), first.headers.get('ratelimit')]).toEqual([404, 'NOT_FOUND', '"per-ip";r=0;t=60']);
    const second = await send('/v1/users');
    expect([second.status, await errorCode(second)]).toEqual([429, 'RATE_LIMITED']);
  });

  it('answers what escapes as INTERNAL_ERROR with the stamp, and logs it under the request id', async () => {
    const down = (): Promise<never> => Promise.reject(new Error('store down'));
    const failing: RateLimitStore = { hit: down, peek: down, reset: down };
    const { services, send } = dispatcher({ store: failing });
    const response = await send('/v1/subscription', { headers: { 'x-request-id': 'req-boom' } });
    expect([response.status, await errorCode(response), response.headers.get('x-request-id'), response.headers.get('cache-control')]).toEqual([
      500,
      'INTERNAL_ERROR',
      'req-boom',
      'no-store',
    ]);
    expect(services.logger.lines).toContainEqual(
      expect.objectContaining({ event: 'unhandled_exception', fields: expect.objectContaining({ request_id: 'req-boom', path: '/v1/subscription' }) }),
    );
  });
});
