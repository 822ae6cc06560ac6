import { MemoryUserStore, createTestServices } from '@condor/testkit';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { EMAIL, expectErrorResult, harness, PASSWORD } from './helpers.js';

describe('HTTP-level failures are ErrorResults', () => {
  it('404 for an unknown path', async () => {
    const body = await expectErrorResult(await harness().send('GET', '/v1/nothing-here'), 404, 'NOT_FOUND');
    expect(body.message).toContain('/v1/nothing-here');
  });

  it('405 with Allow for a known path and a wrong method; the status is kept, the code is BAD_REQUEST', async () => {
    const h = harness();
    const put = await h.send('PUT', '/v1/sessions');
    expect(put.headers.get('allow')).toBe('POST');
    await expectErrorResult(put, 405, 'BAD_REQUEST');
    const get = await h.send('GET', '/v1/sessions/current');
    expect(get.headers.get('allow')).toBe('DELETE');
    await expectErrorResult(get, 405, 'BAD_REQUEST');
    const post = await h.send('POST', '/healthz');
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    await expectErrorResult(post, 405, 'BAD_REQUEST');
  });

  it('413 for a body over the limit, announced by Content-Length or not', async () => {
    const h = harness({ bodyLimitBytes: 64 });
    const big = { email: EMAIL, password: 'x'.repeat(100) };
    const body = await expectErrorResult(await h.send('POST', '/v1/users', big), 413, 'BAD_REQUEST');
    expect(body.message).toContain('64 bytes');
    const announced = await h.app.request('/v1/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100000' },
      body: JSON.stringify(big),
    });
    await expectErrorResult(announced, 413, 'BAD_REQUEST');
    expect((await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD })).status).toBe(401);
  });

  it('the default limit is 1 MiB', async () => {
    const h = harness();
    const response = await h.send('POST', '/v1/users', { email: EMAIL, password: 'x'.repeat(1024 * 1024) });
    await expectErrorResult(response, 413, 'BAD_REQUEST');
  });

  it('400 BAD_REQUEST for malformed JSON, without echoing the body', async () => {
    const response = await harness().app.request('/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "ann@example.com", "password": "hunter2hunter2"',
    });
    const body = await expectErrorResult(response, 400, 'BAD_REQUEST');
    expect(body.message).toMatch(/not valid JSON/);
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('415 for a non-empty body that is not JSON; an empty body means {}', async () => {
    const h = harness();
    const form = await h.app.request('/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=ann%40example.com&password=x',
    });
    await expectErrorResult(form, 415, 'BAD_REQUEST');
    const bare = await h.app.request('/v1/sessions', { method: 'POST', body: '{}' });
    await expectErrorResult(bare, 415, 'BAD_REQUEST');
    const charset = await h.app.request('/v1/sessions', {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    await expectErrorResult(charset, 401, 'INVALID_CREDENTIALS');
    const empty = await h.app.request('/v1/sessions/refresh', { method: 'POST' });
    const body = await expectErrorResult(empty, 422, 'VALIDATION_ERROR');
    expect(body.message).toMatch(/refresh_token/);
  });

  it('400 for an X-Batch-Id longer than 128 characters', async () => {
    const h = harness();
    const ok = await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD }, { 'x-batch-id': 'b'.repeat(128) });
    expect(ok.status).toBe(401);
    const long = await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD }, { 'x-batch-id': 'b'.repeat(129) });
    await expectErrorResult(long, 400, 'BAD_REQUEST');
  });

  it('500 INTERNAL_ERROR when an operation throws: nothing leaks, the log has it under the request id', async () => {
    const users = new MemoryUserStore();
    users.findByEmail = () => Promise.reject(new Error('database exploded at /srv/secret/path'));
    const h = harness({}, createTestServices({ users }));
    const response = await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD }, { 'x-request-id': 'req-500' });
    expect(response.headers.get('x-request-id')).toBe('req-500');
    const body = await expectErrorResult(response, 500, 'INTERNAL_ERROR');
    const text = JSON.stringify(body);
    expect(text).not.toContain('exploded');
    expect(text).not.toContain('/srv/secret');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    const line = h.services.logger.lines.find((l) => l.level === 'error' && l.fields.request_id === 'req-500');
    expect(line?.event).toBe('unhandled_exception');
    expect(String(line?.fields.error)).toContain('database exploded');
  });

  it('500 from app.onError for an exception outside execute, logged with the request id', async () => {
    const h = harness();
    h.app.get('/boom', () => {
      throw new TypeError('secret internals');
    });
    const response = await h.app.request('/boom', { headers: { 'x-request-id': 'req-boom' } });
    const body = await expectErrorResult(response, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(h.services.logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'unhandled_exception', fields: expect.objectContaining({ request_id: 'req-boom' }) }),
    );
  });

  it('a bare HTTPException keeps its status, gets the fallback code and never its own text or body', async () => {
    const h = harness();
    h.app.get('/conflict', () => {
      throw new HTTPException(409, { message: 'row 17 locked by pid 4242', res: new Response('plain text', { status: 409 }) });
    });
    h.app.get('/teapot', () => {
      throw new HTTPException(418, { message: 'internal detail' });
    });
    h.app.get('/unavailable', () => {
      throw new HTTPException(503, { message: 'pool drained' });
    });
    const conflict = await expectErrorResult(await h.app.request('/conflict'), 409, 'CONFLICT');
    expect(JSON.stringify(conflict)).not.toContain('pid 4242');
    await expectErrorResult(await h.app.request('/teapot'), 418, 'BAD_REQUEST');
    const unavailable = await expectErrorResult(await h.app.request('/unavailable'), 503, 'SERVICE_UNAVAILABLE');
    expect(JSON.stringify(unavailable)).not.toContain('pool drained');
  });

  it('a bare HTTPException is answered with the words of its status', async () => {
    const h = harness();
    for (const status of [409, 415, 418, 502, 503] as const) {
      h.app.get(`/status/${String(status)}`, () => {
        throw new HTTPException(status, { message: 'internal detail' });
      });
    }
    const words = async (status: number) => ((await (await h.app.request(`/status/${String(status)}`)).json()) as { message: string }).message;
    expect(await words(409)).toBe('The request conflicts with the current state.');
    expect(await words(415)).toBe('The request body has an unsupported media type.');
    expect(await words(418)).toBe('The request was refused.');
    expect(await words(502)).toBe('The server failed to handle the request.');
    expect(await words(503)).toBe('The service is unavailable.');
  });
});
