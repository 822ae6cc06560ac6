import { ERROR_RESULT_KEYS } from '@condor/core';
import { createTestServices, type TestServices } from '@condor/testkit';
import { expect } from 'vitest';
import { createApp, type RestOptions } from '../src/index.js';

export const PASSWORD = 'correct horse battery';
export const EMAIL = 'ann@example.com';

export interface Harness {
  readonly services: TestServices;
  readonly app: ReturnType<typeof createApp>;
  /** Sends a JSON body (or none) to a path and returns the response. */
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** A REST app over fresh in-memory services. */
export function harness(options: RestOptions = {}, services: TestServices = createTestServices()): Harness {
  const app = createApp(services, options);
  return {
    services,
    app,
    send: (method, path, body, headers = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
  };
}

/** Registers and logs in; returns the login response and its body. */
export async function loggedIn(h: Harness): Promise<{ response: Response; access: string; refresh: string; cookie: string }> {
  expect((await h.send('POST', '/v1/users', { email: EMAIL, password: PASSWORD })).status).toBe(200);
  const response = await h.send('POST', '/v1/sessions', { email: EMAIL, password: PASSWORD });
  expect(response.status).toBe(200);
  const body = (await response.clone().json()) as { access_token: string; refresh_token: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { response, access: body.access_token, refresh: body.refresh_token, cookie };
}

/** Asserts that a response is a failure whose body is exactly an ErrorResult; returns the body. */
export async function expectErrorResult(response: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  expect([response.status, body.error]).toEqual([status, code]);
  expect(Object.keys(body).sort()).toEqual([...ERROR_RESULT_KEYS].sort());
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('x-request-id')).toBeTruthy();
  return body;
}
