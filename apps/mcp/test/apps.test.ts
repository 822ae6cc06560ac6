import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { humanServices, MCP_APPS, ordersOf, proposalOf, proposer } from './approval-world.js';
import { connectHttp, connectStdioLike, expectToolError, expectToolOk, httpHandlerFor, type Connected } from './support.js';
import { CANDIDATE } from './trading-world.js';

const TICKET = 'ui://condor/ticket.html';
const APP_ONLY = ['approve_proposal', 'reject_proposal'];

type Where = 'modern over HTTP' | 'legacy over stdio' | 'legacy over HTTP';

/** A client of `where`, acting with `token`, declaring `capabilities`. */
async function clientOf(services: ReturnType<typeof humanServices>, where: Where, token: string | null, capabilities: Record<string, unknown>): Promise<Connected> {
  if (where === 'legacy over stdio') return connectStdioLike(services, { credential: token, capabilities });
  const client = await connectHttp(httpHandlerFor(services), where === 'modern over HTTP' ? 'modern' : 'legacy', capabilities);
  client.bearer = token;
  return client;
}

const toolsOf = async (client: Connected): Promise<Tool[]> => (await client.client.listTools()).tools;

describe.each(['modern over HTTP', 'legacy over stdio'] as const)('MCP Apps for a client that declared the extension (%s)', (where) => {
  it('lists the app-only tools marked app-only, and the proposal tools open the ticket view', async () => {
    const client = await clientOf(humanServices(), where, null, MCP_APPS);
    const tools = await toolsOf(client);

    for (const name of APP_ONLY) {
      expect(tools.find((tool) => tool.name === name)?._meta).toMatchObject({ ui: { resourceUri: TICKET, visibility: ['app'] } });
    }
    for (const name of ['propose_entry', 'propose_roll', 'propose_exit']) {
      expect(tools.find((tool) => tool.name === name)?._meta).toMatchObject({ ui: { resourceUri: TICKET } });
    }
    expect(tools.find((tool) => tool.name === 'confirm_proposal')?._meta?.ui).toBeUndefined();
  });

  it('lists and serves the ticket view: one self-contained HTML page with the App client inside', async () => {
    const client = await clientOf(humanServices(), where, null, MCP_APPS);

    const listed = (await client.client.listResources()).resources.find((resource) => resource.uri === TICKET);
    const read = await client.client.readResource({ uri: TICKET });

    expect(listed).toMatchObject({ mimeType: 'text/html;profile=mcp-app', name: 'order-ticket' });
    const [content] = read.contents;
    expect(content).toMatchObject({ uri: TICKET, mimeType: 'text/html;profile=mcp-app' });
    const html = content !== undefined && 'text' in content ? content.text : '';
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<main id="ticket">');
    expect(html).toContain('ui/initialize'); // the ext-apps App client's handshake is bundled in
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/i); // nothing loaded from anywhere
  });
});

describe.each(['modern over HTTP', 'legacy over stdio', 'legacy over HTTP'] as const)('a client that did not declare MCP Apps (%s)', (where) => {
  it('sees neither the app-only tools nor the ticket resource, and cannot call or read them', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await clientOf(services, where, ann.token, {});

    const names = (await toolsOf(client)).map((tool) => tool.name);
    for (const name of APP_ONLY) {
      expect(names).not.toContain(name);
      expectToolError(await client.call(name, { proposal_id: ann.proposalId }), 'NOT_FOUND');
    }
    expect((await client.client.listResources()).resources.map((resource) => resource.uri)).not.toContain(TICKET);
    await expect(client.client.readResource({ uri: TICKET })).rejects.toThrow(/not found/i);
    expect(ordersOf(services, ann.userId)).toBe(0);
  });
});

describe('a 2025 client over stateless HTTP', () => {
  it('is not offered the app-only tools even when its initialize declared MCP Apps: later requests reach servers that never saw it', async () => {
    const client = await clientOf(humanServices(), 'legacy over HTTP', null, MCP_APPS);

    const names = (await toolsOf(client)).map((tool) => tool.name);

    expect(names).toContain('confirm_proposal');
    expect(names.filter((name) => APP_ONLY.includes(name))).toEqual([]);
  });
});

describe.each(['modern over HTTP', 'legacy over stdio'] as const)('the ticket’s Approve and Reject (%s)', (where) => {
  it('Approve places exactly one order, with evidence app and the client that showed the ticket', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const host = await clientOf(services, where, ann.token, MCP_APPS);

    expect(expectToolOk(await host.call('approve_proposal', { proposal_id: ann.proposalId })).proposal_id).toBe(ann.proposalId);
    await host.call('approve_proposal', { proposal_id: ann.proposalId }); // a second click

    expect(ordersOf(services, ann.userId)).toBe(1);
    const after = await proposalOf(ann);
    expect(after.status).toBe('confirmed');
    expect(after.approval).toMatchObject({ method: 'app', user_id: ann.userId, client: 'condor-test/1.0.0' });
  });

  it('Reject ends the proposal and places nothing; an Approve after it is refused', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const host = await clientOf(services, where, ann.token, MCP_APPS);

    const rejected = expectToolOk(await host.call('reject_proposal', { proposal_id: ann.proposalId }));
    expect(rejected).toMatchObject({ proposal_id: ann.proposalId, rejected: true, ticket: { status: 'rejected' } });
    expectToolError(await host.call('approve_proposal', { proposal_id: ann.proposalId }), 'PROPOSAL_ALREADY_CONSUMED');

    expect(ordersOf(services, ann.userId)).toBe(0);
    expect((await proposalOf(ann)).status).toBe('rejected');
  });
});

describe('the server-side gates stay behind an app approval', () => {
  it('keeps the 5 s floor: an Approve 1 s after the proposal is too fast and places nothing', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const host = await clientOf(services, 'modern over HTTP', ann.token, MCP_APPS);
    const fresh = expectToolOk(await ann.agent.call('propose_entry', { candidate: CANDIDATE, qty: 1 })).proposal_id as string;
    services.clock.advance(1_000);

    expectToolError(await host.call('approve_proposal', { proposal_id: fresh }), 'CONFIRM_TOO_FAST');
    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('refuses app approvals where the deployment switched them off (appApprovals: false), and places nothing', async () => {
    const services = humanServices({ appApprovals: false });
    const ann = await proposer(services);
    const host = await clientOf(services, 'modern over HTTP', ann.token, MCP_APPS);

    expectToolError(await host.call('approve_proposal', { proposal_id: ann.proposalId }), 'CONFIRM_BLOCKED');
    expect(ordersOf(services, ann.userId)).toBe(0);
  });

  it('validates the app-only tools’ input like any other tool’s', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const host = await clientOf(services, 'modern over HTTP', ann.token, MCP_APPS);

    expectToolError(await host.call('approve_proposal', { proposal_id: 'x', extra: 1 }), 'VALIDATION_ERROR');
    expectToolError(await host.call('reject_proposal', { proposal: ann.proposalId }), 'VALIDATION_ERROR');
    expect((await proposalOf(ann)).status).toBe('awaiting_confirmation');
  });
});
