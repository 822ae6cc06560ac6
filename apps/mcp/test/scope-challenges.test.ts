import { execute, type Scope } from '@condor/core';
import type { TestServices } from '@condor/testkit';
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { messagesOf, rawRequest } from './mcp-http.js';
import { connectStdioLike, ERAS, httpHandlerFor, type Era } from './support.js';
import { tokenFor, tradingServices, tradingUser } from './trading-world.js';

/** An API key of the user behind `token` with exactly `scopes`, made with create_api_key. */
async function keyWith(services: TestServices, token: string, scopes: readonly Scope[]): Promise<string> {
  const created = await execute('create_api_key', { name: scopes.join('+'), scopes }, { services, credential: token, requestId: 'setup', batchKey: null });
  return (created._unsafeUnwrap().value as { api_key: string }).api_key;
}

const challenge = (needed: Scope, asked: string): string =>
  `Bearer error="insufficient_scope", scope="${asked}", error_description="This call needs the '${needed}' scope."`;

interface Answer {
  readonly header: string | null;
  readonly result?: Record<string, unknown>;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: Record<string, unknown> };
}

/** One raw request of `era` through the endpoint with `credential` as Bearer: its challenge header and its one answer. */
async function ask(services: TestServices, era: Era, method: string, params: Record<string, unknown>, credential: string | null): Promise<Answer> {
  const request = rawRequest(era, method, params);
  // A 2026-07-28 resources/read names its URI in the routing header, as a tools/call or prompts/get its name.
  if (era === 'modern' && typeof params.uri === 'string') request.headers.set('mcp-name', params.uri);
  const response = await httpHandlerFor(services)(request, { credential, requestId: 'req-scope', clientIp: '127.0.0.1' });
  expect(response.status).toBe(200);
  const [message] = await messagesOf(response);
  return { header: response.headers.get('www-authenticate'), ...(message as unknown as Omit<Answer, 'header'>) };
}

/** Asserts a refusal for scope as a JSON-RPC error carrying the FORBIDDEN ErrorResult, and returns that ErrorResult. */
function expectForbidden(answer: Answer, needed: Scope, held: readonly Scope[]): Record<string, unknown> {
  expect(answer.result).toBeUndefined();
  expect(answer.error?.code).toBe(-32602);
  expect(answer.error?.data).toMatchObject({ error: 'FORBIDDEN', expected: `a credential with the '${needed}' scope`, received: { scopes: held } });
  return answer.error?.data ?? {};
}

describe.each(ERAS)('every MCP method follows the tool table’s scopes, %s era', (era) => {
  it('answers prompts/get of a prompt whose tools need more than a read key holds with the insufficient_scope challenge tools/call gives', async () => {
    const services = tradingServices();
    const readKey = await keyWith(services, await tokenFor(services, 'ann@example.com'), ['read']);

    // The tool the onboarding prompt walks to needs 'trade': tools/call and prompts/get answer the same challenge.
    const tool = await ask(services, era, 'tools/call', { name: 'accept_eua', arguments: {} }, readKey);
    expect(tool.header).toBe(challenge('trade', 'read trade'));
    const onboarding = await ask(services, era, 'prompts/get', { name: 'onboarding' }, readKey);
    expect(onboarding.header).toBe(tool.header);
    expect(expectForbidden(onboarding, 'trade', ['read']).message).toContain("'trade' scope");

    // A prompt that needs two scopes the key lacks names both, so one consent steps up to all it needs.
    const review = await ask(services, era, 'prompts/get', { name: 'review_open_positions' }, readKey);
    expect(review.header).toBe(challenge('propose', 'read propose trade'));
    expectForbidden(review, 'propose', ['read']);

    // What the key covers still works, without a challenge; so does a prompt asked with no credential at all.
    const scan = await ask(services, era, 'prompts/get', { name: 'weekly_condor_scan', arguments: { ticker: 'SPY' } }, readKey);
    expect([scan.header, scan.error]).toEqual([null, undefined]);
    expect(JSON.stringify(scan.result)).toContain('scan of SPY');
    const anonymous = await ask(services, era, 'prompts/get', { name: 'onboarding' }, null);
    expect([anonymous.header, anonymous.error]).toEqual([null, undefined]);
    const tradeKey = await keyWith(services, await tokenFor(services, 'bob@example.com'), ['read', 'propose', 'trade']);
    const allowed = await ask(services, era, 'prompts/get', { name: 'review_open_positions' }, tradeKey);
    expect([allowed.header, allowed.error]).toEqual([null, undefined]);
  });

  it('answers resources/read of records and documents a key’s scopes do not cover with the same challenge, and serves those they do', async () => {
    const services = tradingServices();
    const { mcp, positionId, proposalId } = await tradingUser(services, era);
    const token = mcp.bearer ?? '';
    const proposeKey = await keyWith(services, token, ['propose']);
    const readKey = await keyWith(services, token, ['read']);

    const tool = await ask(services, era, 'tools/call', { name: 'get_positions', arguments: { position_id: positionId } }, proposeKey);
    expect(tool.header).toBe(challenge('read', 'read propose'));
    for (const uri of [`condor://positions/${positionId}`, `condor://proposals/${proposalId}`, 'condor://strategy-runs/7a1f8a4e-3b2c-4d6e-8f90-123456789abc', 'condor://legal/eua']) {
      const refused = await ask(services, era, 'resources/read', { uri }, proposeKey);
      expect([uri, refused.header]).toEqual([uri, tool.header]);
      expectForbidden(refused, 'read', ['propose']);

      const served = await ask(services, era, 'resources/read', { uri }, readKey);
      expect([uri, served.header]).toEqual([uri, null]);
    }
    const position = await ask(services, era, 'resources/read', { uri: `condor://positions/${positionId}` }, readKey);
    expect(JSON.stringify(position.result)).toContain(positionId);
  });
});

describe('scopes of prompts on a connection (stdio, CONDOR_API_KEY)', () => {
  it('refuses a prompt whose tools the configured key may not call with FORBIDDEN, and renders the others', async () => {
    const services = tradingServices();
    const readKey = await keyWith(services, await tokenFor(services, 'ann@example.com'), ['read']);
    const mcp = await connectStdioLike(services, { credential: readKey });
    const refused = await mcp.client.getPrompt({ name: 'onboarding' }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(ProtocolError);
    expect((refused as ProtocolError).data).toMatchObject({ error: 'FORBIDDEN', received: { scopes: ['read'] } });
    expect((await mcp.client.getPrompt({ name: 'weekly_condor_scan', arguments: { ticker: 'QQQ' } })).messages).toHaveLength(1);
  });
});
