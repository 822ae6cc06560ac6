import { createTestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpHttpHandler } from '../src/index.js';
import { answering, FORM_ELICITATION, humanServices, ordersOf, proposer } from './approval-world.js';
import { directAnswers } from './sdk-mirror/direct-counter.js';
import { messagesOf, rawRequest } from './mcp-http.js';
import { SHELL_TOOLS } from '../src/shell-tools.js';
import { connectHttp, ERAS, expectToolError, expectToolOk, httpHandlerFor, MCP_URL } from './support.js';

vi.mock('../src/direct/direct-path.js', async (original) => (await import('./sdk-mirror/direct-counter.js')).counting(await original()));

const auth = { credential: null, requestId: 'req-routing', clientIp: '127.0.0.1' };

/** Sends `request` and says which path answered it, with the answer. */
async function served(handler: McpHttpHandler, request: Request): Promise<{ path: 'direct' | 'sdk'; response: Response }> {
  const before = directAnswers.count;
  const response = await handler(request, auth);
  return { path: directAnswers.count > before ? 'direct' : 'sdk', response };
}

const post = (body: unknown, headers: Record<string, string> = {}): Request =>
  new Request(MCP_URL, {
    method: 'POST',
    headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25', ...headers },
    body: JSON.stringify(body),
  });

describe('which requests the direct path answers', () => {
  let handler: McpHttpHandler;
  beforeEach(() => {
    handler = httpHandlerFor(createTestServices());
  });

  it.each(ERAS)('answers plain %s tools/call and tools/list itself, as one JSON body', async (era) => {
    for (const request of [rawRequest(era, 'tools/call', { name: 'get_subscription', arguments: {} }), rawRequest(era, 'tools/list', {})]) {
      const { path, response } = await served(handler, request);
      expect(path).toBe('direct');
      expect(response.headers.get('content-type')).toBe('application/json');
      expect((await messagesOf(response)).map((message) => message.id)).toEqual([1]);
    }
  });

  it.each(ERAS)('answers a plain %s call of every shell tool itself when its client cannot be asked', async (era) => {
    for (const name of Object.keys(SHELL_TOOLS)) {
      expect([name, (await served(handler, rawRequest(era, 'tools/call', { name, arguments: {} }))).path]).toEqual([name, 'direct']);
    }
  });

  it('answers a 2026 shell tool call itself when its client declares only the elicitation mode the tool does not ask in', async () => {
    const urlOnly = rawRequest('modern', 'tools/call', { name: 'confirm_proposal', arguments: {} }, undefined, { elicitation: { url: {} } });
    const formOnly = rawRequest('modern', 'tools/call', { name: 'get_broker_keys_link', arguments: {} }, undefined, { elicitation: { form: {} } });
    for (const request of [urlOnly, formOnly]) expect((await served(handler, request)).path).toBe('direct');
  });

  it('answers a 2025 ping itself; a 2026 ping (a method that revision does not have) goes to the SDK', async () => {
    expect((await served(handler, rawRequest('legacy', 'ping', {}))).path).toBe('direct');
    const modern = await served(handler, rawRequest('modern', 'ping', {}));
    expect(modern.path).toBe('sdk');
    expect((await messagesOf(modern.response))[0]?.error?.code).toBe(-32601);
  });

  it.each([
    ['initialize', post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })],
    ['a notification', post({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    ['a batch', post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }])],
    ['a call asking for progress (an event stream)', post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_subscription', arguments: {}, _meta: { progressToken: 'p' } } })],
    ['a list with a cursor', post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { cursor: 'next' } })],
    ['server/discover', rawRequest('modern', 'server/discover', {})],
    ['confirm_proposal from a client that takes form elicitation (it may ask the person)', rawRequest('modern', 'tools/call', { name: 'confirm_proposal', arguments: {} }, undefined, { elicitation: { form: {} } })],
    ['get_broker_keys_link from a client that takes URL elicitation (it may open the page)', rawRequest('modern', 'tools/call', { name: 'get_broker_keys_link', arguments: {} }, undefined, { elicitation: { url: {} } })],
    ['a client that accepts JSON only (the SDK refuses it)', post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'application/json' })],
    ['a 2026 call without its Mcp-Name header', new Request(rawRequest('modern', 'tools/call', { name: 'get_subscription', arguments: {} }), { headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' } })],
  ])('leaves %s to the SDK', async (_what, request) => {
    expect((await served(handler, request)).path).toBe('sdk');
  });

  it('leaves a call asking for progress to the SDK, which streams it as before', async () => {
    const { path, response } = await served(handler, post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_subscription', arguments: {}, _meta: { progressToken: 'p' } } }));
    expect(path).toBe('sdk');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
  });

  it('answers GET and DELETE with the endpoint’s own 405 on either path (no stream, no session), before any of them', async () => {
    for (const directPath of [true, false]) {
      const endpoint = httpHandlerFor(createTestServices(), { directPath });
      for (const method of ['GET', 'DELETE']) {
        const { path, response } = await served(endpoint, new Request(MCP_URL, { method }));
        expect([path, response.status, response.headers.get('allow')]).toEqual(['sdk', 405, 'POST']);
      }
    }
  });

  it('sends nothing to the direct path when it is switched off', async () => {
    const sdkOnly = httpHandlerFor(createTestServices(), { directPath: false });
    expect((await served(sdkOnly, rawRequest('legacy', 'tools/call', { name: 'get_subscription', arguments: {} }))).path).toBe('sdk');
  });
});

describe('a real client through the endpoint', () => {
  it.each(ERAS)('a %s client’s handshake goes to the SDK and its plain calls to the direct path', async (era) => {
    const handler = httpHandlerFor(createTestServices());
    const before = directAnswers.count;
    const client = await connectHttp(handler, era);
    expect(directAnswers.count).toBe(before);
    expectToolOk(await client.call('register', { email: 'ann@example.com', password: 'a long password' }));
    expect((await client.client.listTools()).tools.length).toBeGreaterThan(0);
    expect(directAnswers.count).toBe(before + 2);
  });

  it.each(ERAS)('confirms on the direct path for a %s client that takes no elicitation: the approval link is the way, nothing placed', async (era) => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await connectHttp(httpHandlerFor(services), era);
    client.bearer = ann.token;
    const before = directAnswers.count;

    expectToolError(await client.call('confirm_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');

    expect(ordersOf(services, ann.userId)).toBe(0);
    expect(directAnswers.count).toBe(before + 1);
  });

  it('confirms through the SDK when the client takes elicitation and the policy asks the person: the person is asked, one order placed', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await connectHttp(httpHandlerFor(services), 'modern', FORM_ELICITATION);
    client.bearer = ann.token;
    const asked = answering(client, { action: 'accept', content: { approve: true } });
    const before = directAnswers.count;

    expectToolOk(await client.call('confirm_proposal', { proposal_id: ann.proposalId }));

    expect(asked).toHaveLength(1);
    expect(ordersOf(services, ann.userId)).toBe(1);
    expect(directAnswers.count).toBe(before);
  });
});
