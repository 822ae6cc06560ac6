import { describe, expect, it } from 'vitest';
import { expectErrorResult, harness } from './helpers.js';

describe('health and readiness', () => {
  it('GET /healthz answers ok', async () => {
    const response = await harness().send('GET', '/healthz');
    expect([response.status, await response.json()]).toEqual([200, { status: 'ok' }]);
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
