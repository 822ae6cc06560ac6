import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../src/security-headers.js';
import { expectErrorResult, harness } from './helpers.js';

describe('health and readiness', () => {
  it('GET /healthz answers ok', async () => {
    const response = await harness().send('GET', '/healthz');
    expect([response.status, await response.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('GET /healthz, answered ahead of the router, has the routed headers and one access line; HEAD and POST take the router', async () => {
    const h = harness();
    const probe = await h.send('GET', '/healthz?verbose=1', undefined, { 'x-request-id': 'probe-1' });
    expect(probe.headers.get('x-request-id')).toBe('probe-1');
    expect(probe.headers.get('content-type')).toBe('application/json');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(probe.headers.get(name), name).toBe(value);
    const access = h.services.logger.lines.filter((l) => l.event === 'http_request');
    expect(access.map((l) => [l.fields.request_id, l.fields.path, l.fields.status])).toEqual([['probe-1', '/healthz', 200]]);
    const head = await h.send('HEAD', '/healthz');
    expect([head.status, head.headers.get('x-frame-options'), await head.text()]).toEqual([200, 'SAMEORIGIN', '']);
    expect((await h.send('POST', '/healthz')).status).toBe(405);
  });

  it('GET /healthz (ahead of the router) and HEAD /healthz (through it) answer with the same head', async () => {
    const h = harness();
    const headOf = (response: Response) => [response.status, [...response.headers.entries()]];
    const id = { 'x-request-id': 'probe-2' };
    const get = await h.send('GET', '/healthz', undefined, id);
    const head = await h.send('HEAD', '/healthz', undefined, id);
    expect(headOf(head)).toEqual(headOf(get));
  });

  it('GET /healthz logs nothing when the access log is off', async () => {
    const h = harness({ accessLog: false });
    expect((await h.send('GET', '/healthz')).status).toBe(200);
    expect((await h.send('GET', '/openapi.json')).status).toBe(200);
    expect(h.services.logger.lines).toEqual([]);
  });

  it('GET /readyz is ready by default', async () => {
    const response = await harness().send('GET', '/readyz');
    expect([response.status, await response.json()]).toEqual([200, { status: 'ready', checks: {} }]);
  });

  it('GET /readyz reports the checks of the probe', async () => {
    const ready = () => Promise.resolve({ ok: true, checks: { database: 'ok', signing_key: 'ok' } });
    const response = await harness({ ready }).send('GET', '/readyz');
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', signing_key: 'ok' } });
  });

  it('GET /readyz answers 503 SERVICE_UNAVAILABLE naming the failing checks', async () => {
    const ready = () => Promise.resolve({ ok: false, checks: { database: 'ok', signing_key: 'missing' } });
    const body = await expectErrorResult(await harness({ ready }).send('GET', '/readyz'), 503, 'SERVICE_UNAVAILABLE');
    expect(body.message).toBe('Not ready: signing_key missing.');
  });

  it('GET /readyz answers 503 when the probe itself fails, and logs why', async () => {
    const h = harness({ ready: () => Promise.reject(new Error('connection refused')) });
    const body = await expectErrorResult(await h.send('GET', '/readyz'), 503, 'SERVICE_UNAVAILABLE');
    expect(JSON.stringify(body)).not.toContain('connection refused');
    expect(h.services.logger.lines.map((l) => l.event)).toContain('readiness_check_failed');
  });
});
