import { ERROR_RESULT_KEYS, type RateLimitStore } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { createApp, type RestOptions } from './app.js';

/** The node-server bindings the client address step reads the peer address from. */
const fromSocket = { incoming: { socket: { remoteAddress: '203.0.113.7' } } };

function api(options: RestOptions & { limit?: number } = {}) {
  const services = createTestServices();
  const app = createApp(services, { bodyLimitBytes: 64, rateLimit: { limit: options.limit ?? 100, windowSeconds: 60 }, ...options });
  const send = async (path: string, init: RequestInit = {}, env: unknown = fromSocket): Promise<Response> => app.request(path, init, env);
  return { services, send };
}

const errorCode = async (response: Response): Promise<unknown> => {
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  return body.error;
};

describe('the /v1 route behind the steps', () => {
  it('takes /v1 and the paths under it, not /v10 or /v1x', async () => {
    const { send } = api();
    for (const path of ['/v1', '/v1/', '/v1/nothing?x=1']) expect((await send(path)).headers.get('cache-control'), path).toBe('no-store');
    for (const path of ['/v10', '/v1x/subscription']) expect((await send(path)).headers.get('content-type'), path).toMatch(/^text\/html/);
  });

  it('answers HEAD as GET without the body, stamped, with an access line naming HEAD', async () => {
    const { services, send } = api();
    const head = await send('/v1/subscription', { method: 'HEAD', headers: { 'x-request-id': 'req-head' } });
    expect([head.status, head.body, head.headers.get('x-request-id'), head.headers.get('cache-control')]).toEqual([401, null, 'req-head', 'no-store']);
    expect(head.headers.get('ratelimit-policy')).toBe('"per-ip";q=100;w=60');
    const lines = services.logger.lines.filter((line) => line.event === 'http_request');
    expect(lines.map((line) => line.fields)).toEqual([expect.objectContaining({ request_id: 'req-head', method: 'HEAD', path: '/v1/subscription', status: 401 })]);
  });

  it('refuses an oversized body before counting the address, and counts it before a missing route', async () => {
    const { send } = api({ limit: 1 });
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
    const { services, send } = api({ rateLimitStore: failing });
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
