import { expect, it } from 'vitest';
import { pushEndpoint } from './push-endpoint.js';
import { retryAfterSeconds } from './retry-after.js';

it('takes https anywhere and http only on loopback addresses when allowed', () => {
  expect(pushEndpoint('https://fcm.googleapis.com/fcm/send/x', false).isOk()).toBe(true);
  for (const loopback of ['http://127.0.0.1:9/p', 'http://127.8.0.1/p', 'http://localhost:9/p', 'http://[::1]:9/p']) {
    expect(pushEndpoint(loopback, true).isOk()).toBe(true);
    expect(pushEndpoint(loopback, false).isErr()).toBe(true);
  }
  for (const remote of ['http://10.0.0.1/p', 'http://128.0.0.1/p', 'http://localhost.example/p', 'ftp://127.0.0.1/p', 'file:///etc/passwd']) {
    expect(pushEndpoint(remote, true)._unsafeUnwrapErr().kind).toBe('endpoint_refused');
  }
});

it('reads Retry-After as seconds or as an HTTP date', () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);
  expect(retryAfterSeconds('120', now)).toBe(120);
  expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  expect(retryAfterSeconds('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
  expect(retryAfterSeconds(null, now)).toBeUndefined();
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
});
