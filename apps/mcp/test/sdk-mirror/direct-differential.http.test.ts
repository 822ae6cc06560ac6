import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directAnswers } from './direct-counter.js';
import { worldOf, type Path } from './differential.js';
import { listen, type Listening } from '../node-http.js';
import { ERAS, newClient, PASSWORD, type Era } from '../support.js';

vi.mock('../../src/direct/direct-path.js', async (original) => (await import('./direct-counter.js')).counting(await original()));

/** What a real client does over a real socket: the handshake, a listing, and calls that succeed, fail and stray, shell tools' among them. */
async function session(client: Client, era: Era): Promise<unknown[]> {
  const call = (name: string, args?: Record<string, unknown>) => client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) });
  return [
    (await client.listTools()).tools.map((tool) => tool.name),
    await call('get_subscription'),
    await call('get_onboarding_status'),
    await call('find_iron_condors', { ticker: 'ZZZZ' }),
    await call('register', { email: 'nope', password: PASSWORD }),
    await call('create_api_key', { name: 'real client', scopes: ['read'] }),
    await call('list_api_keys'),
    await call('no_such_tool', { qty: 1 }),
    await call('login', { email: 'ann@example.com', password: PASSWORD }),
    // Shell tools whose calls need nothing from this client (it declared no elicitation).
    await call('get_broker_keys_link'),
    await call('confirm_proposal', { proposal_id: '7a1f8a4e-3b2c-4d6e-8f90-123456789abc' }),
    // 2026-07-28 has no ping; the client refuses to send one.
    era === 'legacy' ? await client.ping() : null,
  ];
}

describe.each(ERAS)('a real %s client over a real HTTP server, through both paths', (era: Era) => {
  const servers: Listening[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function sessionVia(path: Path): Promise<unknown[]> {
    const world = await worldOf(path);
    const server = await listen(world.handler);
    servers.push(server);
    const client = newClient(era);
    await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { authorization: `Bearer ${world.credentialOf('user') ?? ''}` } } }));
    try {
      return await session(client, era);
    } finally {
      await client.close();
    }
  }

  it('sees the same answers, call for call', async () => {
    const before = directAnswers.count;
    const direct = await sessionVia('direct');
    // The listing and the ten calls (the ping too, in 2025) took the direct path; the handshake did not.
    expect(directAnswers.count - before).toBe(era === 'legacy' ? 12 : 11);
    const sdk = await sessionVia('sdk');
    expect(directAnswers.count - before).toBe(era === 'legacy' ? 12 : 11);
    expect(direct).toEqual(sdk);
    expect(direct[1]).toMatchObject({ structuredContent: { tier: 'free' } });
    expect(direct[3]).toMatchObject({ isError: true, structuredContent: { error: 'INVALID_TICKER' } });
  });
});
