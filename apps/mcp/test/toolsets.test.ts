import { CATALOGUE, TOOLSETS } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { connectHttp, connectStdioLike, ERAS, expectToolError, expectToolOk, httpHandlerFor, PASSWORD, RESEARCH_TOOLS as RESEARCH } from './support.js';

describe.each(ERAS)('toolsets (CONDOR_MCP_TOOLSETS), %s era', (era) => {
  it('lists only the tools of the toolsets served, in catalogue order', async () => {
    const services = createTestServices();
    const names = async (toolsets: (typeof TOOLSETS)[number][]) =>
      (await (await connectHttp(httpHandlerFor(services, { toolsets }), era)).client.listTools()).tools.map((t) => t.name);

    expect(await names(['research'])).toEqual(RESEARCH);
    const each = await Promise.all(TOOLSETS.map((toolset) => names([toolset])));
    expect(each.flat().sort()).toEqual(CATALOGUE.map((op) => op.name).sort());
    const both = await names(['trading', 'account']);
    expect(both).toEqual(CATALOGUE.map((op) => op.name).filter((name) => !RESEARCH.includes(name)));
  });

  it('answers a tool outside the toolsets exactly as a tool that does not exist, and runs the others', async () => {
    const services = createTestServices();
    const setup = await connectStdioLike(services);
    expectToolOk(await setup.call('register', { email: 'ann@example.com', password: PASSWORD }));
    const token = expectToolOk(await setup.call('login', { email: 'ann@example.com', password: PASSWORD })).access_token as string;
    const mcp = await connectHttp(httpHandlerFor(services, { toolsets: ['research'] }), era);
    mcp.bearer = token;

    const hidden = expectToolError(await mcp.call('get_onboarding_status'), 'NOT_FOUND');
    const unknown = expectToolError(await mcp.call('get_onboarding_statuz'), 'NOT_FOUND');
    expect(hidden).toEqual({ ...unknown, message: "Unknown tool 'get_onboarding_status'.", received: { name: 'get_onboarding_status' } });
    expect(expectToolOk(await mcp.call('get_saved_strategies'))).toHaveProperty('strategies');
  });
});

describe('toolsets on a connection (stdio)', () => {
  it('hides login with the account toolset: such a server acts with its configured token', async () => {
    const services = createTestServices();
    const setup = await connectStdioLike(services);
    expectToolOk(await setup.call('register', { email: 'ann@example.com', password: PASSWORD }));
    const token = expectToolOk(await setup.call('login', { email: 'ann@example.com', password: PASSWORD })).access_token as string;

    const research = await connectStdioLike(services, { toolsets: ['research'] });
    expectToolError(await research.call('login', { email: 'ann@example.com', password: PASSWORD }), 'NOT_FOUND');
    const withToken = await connectStdioLike(services, { toolsets: ['research'], credential: token });
    expectToolOk(await withToken.call('get_saved_strategies'));
  });
});
