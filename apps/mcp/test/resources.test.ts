import { legalText } from '@condor/core';
import { createTestServices } from '@condor/testkit';
import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connectHttp, connectStdioLike, ERAS, expectToolError, expectToolOk, httpHandlerFor, type Connected } from './support.js';
import { tokenFor, tradingServices, tradingUser } from './trading-world.js';

const LEGAL_URIS = ['condor://legal/eua', 'condor://legal/risk-disclosure', 'condor://legal/broker-authorization'];

const read = async (mcp: Connected, uri: string) => (await mcp.client.readResource({ uri })).contents;

const jsonOf = async (mcp: Connected, uri: string): Promise<unknown> => {
  const [content] = await read(mcp, uri);
  expect(content).toMatchObject({ uri, mimeType: 'application/json' });
  return JSON.parse((content as { text: string }).text) as unknown;
};

/** The JSON-RPC error a read fails with. */
const readError = async (mcp: Connected, uri: string): Promise<ProtocolError> => {
  const failed = await read(mcp, uri).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(failed).toBeInstanceOf(ProtocolError);
  return failed as ProtocolError;
};

const expectNotFound = async (mcp: Connected, uri: string): Promise<void> => {
  const error = await readError(mcp, uri);
  expect(error.code).toBe(-32602);
  expect(error.data).toEqual({ uri });
};

describe.each(ERAS)('resources, %s era', (era) => {
  it('lists the three legal documents to anyone, as Markdown, and the record templates', async () => {
    const mcp = await connectHttp(httpHandlerFor(createTestServices()), era);
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(LEGAL_URIS);
    expect(resources[0]).toMatchObject({ name: 'eua', title: 'End-User Agreement', mimeType: 'text/markdown' });

    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['condor://positions/{id}', 'condor://proposals/{id}', 'condor://strategy-runs/{id}']);
    expect(resourceTemplates.every((t) => t.mimeType === 'application/json')).toBe(true);
  });

  it('counts reading a legal document as reading it, like get_legal_document; without a login it records nothing', async () => {
    const services = createTestServices();
    const mcp = await connectHttp(httpHandlerFor(services), era);
    const [anonymous] = await read(mcp, 'condor://legal/eua');
    expect(anonymous).toMatchObject({ uri: 'condor://legal/eua', mimeType: 'text/markdown', text: legalText('eua').text });
    expect(anonymous?._meta).toMatchObject({ 'condor/version': legalText('eua').version, 'condor/read_recorded': false });

    mcp.bearer = await tokenFor(services, 'ann@example.com');
    expectToolError(await mcp.call('accept_eua'), 'DOCUMENT_NOT_READ');
    const [signedIn] = await read(mcp, 'condor://legal/eua');
    expect(signedIn?._meta).toMatchObject({ 'condor/read_recorded': true });
    const tool = expectToolOk(await mcp.call('get_legal_document', { name: 'eua' }));
    expect(signedIn?._meta).toMatchObject({ 'condor/sha256': tool.sha256, 'condor/version': tool.version });
    expect(anonymous?._meta?.['condor/sha256']).toBe(tool.sha256);

    const fresh = await connectHttp(httpHandlerFor(services), era);
    fresh.bearer = await tokenFor(services, 'bob@example.com');
    await read(fresh, 'condor://legal/eua');
    expectToolOk(await fresh.call('accept_eua'));
    expect(expectToolOk(await fresh.call('get_onboarding_status'))).toMatchObject({ next_tool: 'get_legal_document' });
  });

  it('answers a read with a dead token with the contract error as data, not the shipped text', async () => {
    const mcp = await connectHttp(httpHandlerFor(createTestServices()), era);
    mcp.bearer = 'not-a-token';
    const error = await readError(mcp, 'condor://legal/eua');
    expect(error.code).toBe(-32602);
    expect(error.data).toMatchObject({ error: 'SESSION_INVALID', tier_upgrade_hint: false });
  });

  it('serves the caller’s positions, proposals and strategy runs as what their tools answer, and lists them', async () => {
    const services = tradingServices();
    const { mcp, positionId, proposalId } = await tradingUser(services, era);
    const run = await mcp.call('create_strategy', { ticker: 'SPY' });
    const runId = (run.structuredContent as { run_id: string }).run_id;

    expect(await jsonOf(mcp, `condor://positions/${positionId}`)).toEqual((await mcp.call('get_positions', { position_id: positionId })).structuredContent);
    expect(await jsonOf(mcp, `condor://proposals/${proposalId}`)).toEqual((await mcp.call('get_proposal', { proposal_id: proposalId })).structuredContent);
    const history = (await jsonOf(mcp, `condor://strategy-runs/${runId}`)) as { runs: { run_id: string; result: unknown }[] };
    expect(history.runs.map((r) => r.run_id)).toEqual([runId]);
    expect(history.runs[0]?.result).toEqual(run.structuredContent);

    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([...LEGAL_URIS, `condor://positions/${positionId}`, `condor://strategy-runs/${runId}`]);
    expect(resources[3]).toMatchObject({ title: 'SPY 2026-12-18 iron condor ×1 (open)', mimeType: 'application/json' });
  });

  it('answers another user’s records, malformed ids and unknown URIs with Resource not found', async () => {
    const services = tradingServices();
    const { positionId, proposalId } = await tradingUser(services, era);
    const bob = await connectHttp(httpHandlerFor(services), era);
    bob.bearer = await tokenFor(services, 'bob@example.com');
    await bob.call('get_legal_document', { name: 'eua' });
    await bob.call('accept_eua');
    await bob.call('get_legal_document', { name: 'risk-disclosure' });
    await bob.call('acknowledge_risk');
    await bob.call('get_legal_document', { name: 'broker-authorization' });
    await bob.call('connect_broker', { authorization_confirmed: true, broker: 'sim' });

    for (const uri of [
      `condor://positions/${positionId}`,
      `condor://proposals/${proposalId}`,
      `condor://strategy-runs/${proposalId}`,
      'condor://positions/not-an-id',
      'condor://legal/terms',
      'condor://orders/1',
      'https://example.com/eua',
    ]) {
      await expectNotFound(bob, uri);
    }
    expect((await bob.client.listResources()).resources.map((r) => r.uri)).toEqual(LEGAL_URIS);
  });

  it('runs every gate of the tool behind a record: no login is UNAUTHORIZED, no onboarding ONBOARDING_REQUIRED', async () => {
    const services = createTestServices();
    const mcp = await connectHttp(httpHandlerFor(services), era);
    const uri = 'condor://proposals/7a1f8a4e-3b2c-4d6e-8f90-123456789abc';
    expect((await readError(mcp, uri)).data).toMatchObject({ error: 'UNAUTHORIZED' });
    mcp.bearer = await tokenFor(services, 'ann@example.com');
    expect((await readError(mcp, uri)).data).toMatchObject({ error: 'ONBOARDING_REQUIRED', see_tool: 'get_legal_document' });
  });

  it('offers only the resources of the offered toolsets', async () => {
    const services = createTestServices();
    const mcp = await connectHttp(httpHandlerFor(services, { toolsets: ['research'] }), era);
    mcp.bearer = await tokenFor(services, 'ann@example.com');
    expect((await mcp.client.listResources()).resources).toEqual([]);
    expect((await mcp.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual(['condor://strategy-runs/{id}']);
    await expectNotFound(mcp, 'condor://legal/eua');
  });
});

describe('resources on a connection (stdio)', () => {
  it('reads a legal document as the login bound to the connection, which counts for onboarding', async () => {
    const services = createTestServices();
    const mcp = await connectStdioLike(services);
    expectToolOk(await mcp.call('register', { email: 'ann@example.com', password: 'correct horse battery' }));
    expectToolOk(await mcp.call('login', { email: 'ann@example.com', password: 'correct horse battery' }));
    const [content] = await read(mcp, 'condor://legal/risk-disclosure');
    expect(content?._meta).toMatchObject({ 'condor/read_recorded': true });
    expectToolOk(await mcp.call('acknowledge_risk'));
  });
});
