import { createTestServices } from '@condor/testkit';
import { expect, it } from 'vitest';
import { createApp } from './app.js';

it('logs each request once with its id, method, path and status, but never the query or the body', async () => {
  const services = createTestServices();
  const response = await createApp(services).request('/v1/sessions?token=hunter2-secret', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'a@example.com', password: 'hunter2-password' }),
  });
  const lines = services.logger.lines.filter((l) => l.event === 'http_request');
  expect(lines).toHaveLength(1);
  expect(lines[0]?.fields).toMatchObject({
    request_id: response.headers.get('x-request-id'),
    method: 'POST',
    path: '/v1/sessions',
    status: 401,
  });
  expect(JSON.stringify(services.logger.lines)).not.toMatch(/hunter2/);
});

it('logs a secret typed into the path as :redacted, keeping ids and words (issue 27)', async () => {
  const services = createTestServices();
  const key = 'condor_sk_Zm9vYmFyYmF6cXV4cXV1eDEyMzQ1Njc4';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
  const app = createApp(services);
  await app.request(`/v1/api-keys/${key}`, { method: 'DELETE' });
  await app.request(`/v1/api-keys/${encodeURIComponent(` ${key}`)}`, { method: 'DELETE' });
  await app.request(`/v1/proposals/${jwt}/confirmation`, { method: 'POST' });
  await app.request('/v1/proposals/0b0c7c5e-1d2a-4c3b-9f00-5a6b7c8d9e0f', { method: 'GET' });
  const paths = services.logger.lines.filter((l) => l.event === 'http_request').map((l) => l.fields['path']);
  expect(paths).toEqual(['/v1/api-keys/:redacted', '/v1/api-keys/:redacted', '/v1/proposals/:redacted/confirmation', '/v1/proposals/0b0c7c5e-1d2a-4c3b-9f00-5a6b7c8d9e0f']);
  expect(JSON.stringify(services.logger.lines)).not.toContain('Zm9vYmFy');
  expect(JSON.stringify(services.logger.lines)).not.toContain('c2lnbmF0dXJl');
});
