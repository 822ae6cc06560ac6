import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERAS, newClient, RESEARCH_TOOLS } from '../../mcp/test/support.js';
import { startServer, type RunningServer } from './server-process.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ CONDOR_MCP_TOOLSETS: 'research' });
}, 60_000);
afterAll(async () => {
  await server.stop();
});

describe.each(ERAS)('the real server with CONDOR_MCP_TOOLSETS=research, %s era', (era) => {
  it('serves /mcp with the research tools, prompt and resources alone; REST keeps every operation', async () => {
    const client = newClient(era);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`)));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(RESEARCH_TOOLS);
      expect((await client.callTool({ name: 'register', arguments: {} })).structuredContent).toMatchObject({ error: 'NOT_FOUND' });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['weekly_condor_scan']);
      expect((await client.listResources()).resources).toEqual([]);
      expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['condor://strategy-runs/{id}']);
    } finally {
      await client.close();
    }
    const registered = await fetch(`${server.baseUrl}/v1/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${era}@example.com`, password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(200);
  });
});
