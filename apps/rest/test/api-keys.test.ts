import { CATALOGUE, TOOL_SCOPES } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, createApp } from '../src/index.js';

const PASSWORD = 'rest api keys password';

async function world() {
  const services = createTestServices();
  const app = createApp(services);
  const send = async (method: string, path: string, body?: unknown, bearer?: string) => {
    const response = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };
  await send('POST', '/v1/users', { email: 'ann@example.com', password: PASSWORD });
  const session = String((await send('POST', '/v1/sessions', { email: 'ann@example.com', password: PASSWORD })).body['access_token']);
  return { services, send, session };
}

describe('API keys over REST', () => {
  it('POST /v1/api-keys shows the key once; GET lists it without the key; DELETE revokes it for the next request', async () => {
    const { send, session } = await world();
    const created = await send('POST', '/v1/api-keys', { name: 'laptop agent', scopes: ['read'] }, session);
    expect(created.status).toBe(200);
    const key = String(created.body['api_key']);
    const id = (created.body['key'] as { api_key_id: string }).api_key_id;
    expect(key).toMatch(/^condor_sk_/);
    const listed = await send('GET', '/v1/api-keys', undefined, session);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body['api_keys']).toEqual([created.body['key']]);
    expect((await send('GET', '/v1/onboarding', undefined, key)).status).toBe(200);
    const revoked = await send('DELETE', `/v1/api-keys/${id}`, undefined, session);
    expect([revoked.status, revoked.body['revoked'], JSON.stringify(revoked.body).includes(key)]).toEqual([200, true, false]);
    const after = await send('GET', '/v1/onboarding', undefined, key);
    expect([after.status, after.body['error']]).toEqual([401, 'SESSION_INVALID']);
  });

  it('refuses a call beyond the key’s scopes with 403 FORBIDDEN and an insufficient_scope challenge; within them, no challenge', async () => {
    const { send, session } = await world();
    const key = String((await send('POST', '/v1/api-keys', { name: 'reader', scopes: ['read'] }, session)).body['api_key']);
    const refused = await send('POST', '/v1/proposals/entries', { candidate: 'SPY', qty: 1 }, key);
    expect([refused.status, refused.body['error']]).toEqual([403, 'FORBIDDEN']);
    expect(refused.headers.get('www-authenticate')).toBe(`Bearer error="insufficient_scope", scope="propose", error_description="This call needs the 'propose' scope."`);
    const cancel = await send('POST', '/v1/positions/actions', { action: 'cancel', order_id: 'o-1' }, key);
    expect([cancel.status, cancel.headers.get('www-authenticate')?.includes('scope="trade"')]).toEqual([403, true]);
    const orders = await send('POST', '/v1/positions/actions', { action: 'orders' }, key);
    expect([orders.body['error'], orders.headers.get('www-authenticate')]).toEqual(['ONBOARDING_REQUIRED', null]);
    const keys = await send('POST', '/v1/api-keys', { name: 'more', scopes: ['read'] }, key);
    expect([keys.status, keys.headers.get('www-authenticate')?.includes('scope="trade"')]).toEqual([403, true]);
  });

  it('documents every operation’s scope in OpenAPI (x-scope), with 403 FORBIDDEN wherever one is needed', () => {
    const document = buildOpenApiDocument();
    for (const op of CATALOGUE) {
      const path = `/v1${op.rest.path.replace(/:(\w+)/g, '{$1}')}`;
      const described = document.paths[path]?.[op.rest.method.toLowerCase()] as { 'x-scope': unknown; responses: Record<string, { 'x-error-codes'?: string[] }> };
      expect([op.name, described['x-scope']]).toEqual([op.name, TOOL_SCOPES[op.name]]);
      if (TOOL_SCOPES[op.name] !== null) expect([op.name, described.responses['403']?.['x-error-codes']]).toEqual([op.name, expect.arrayContaining(['FORBIDDEN'])]);
    }
  });
});
