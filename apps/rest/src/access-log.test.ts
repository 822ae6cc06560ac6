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
