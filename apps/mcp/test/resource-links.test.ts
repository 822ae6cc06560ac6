import { describe, expect, it } from 'vitest';
import { ERAS, expectToolOk, linkedUris, type Connected } from './support.js';
import { CANDIDATE, tradingServices, tradingUser } from './trading-world.js';

/** The JSON a linked resource reads as. */
const readLinked = async (mcp: Connected, uri: string): Promise<unknown> => {
  const [content] = (await mcp.client.readResource({ uri })).contents;
  return JSON.parse((content as { text: string }).text) as unknown;
};

describe.each(ERAS)('resource links in tool results, %s era', (era) => {
  it('links create_strategy’s run beside its unchanged JSON; the link reads the whole run', async () => {
    const services = tradingServices();
    const { mcp } = await tradingUser(services, era);
    const result = await mcp.call('create_strategy', { ticker: 'SPY' });
    const run = expectToolOk(result);

    expect(result.content[1]).toEqual({
      type: 'resource_link',
      uri: `condor://strategy-runs/${String(run.run_id)}`,
      name: `strategy-runs/${String(run.run_id)}`,
      title: 'The SPY run with its inputs and full result',
      mimeType: 'application/json',
    });
    const linked = (await readLinked(mcp, linkedUris(result)[0] ?? '')) as { runs: { result: unknown }[] };
    expect(linked.runs[0]?.result).toEqual(run);
  });

  it('links a proposal from propose_*, the position from confirm_proposal, and every position from get_positions', async () => {
    const services = tradingServices();
    const { mcp, positionId, proposalId } = await tradingUser(services, era);

    const positions = await mcp.call('get_positions');
    expect(linkedUris(positions)).toEqual([`condor://positions/${positionId}`]);
    expect(await readLinked(mcp, `condor://positions/${positionId}`)).toEqual({ ...expectToolOk(positions) });

    const exit = await mcp.call('propose_exit', { position_id: positionId });
    const exitProposal = expectToolOk(exit);
    expect(linkedUris(exit)).toEqual([`condor://proposals/${String(exitProposal.proposal_id)}`]);
    expect(exitProposal.proposal_id).not.toBe(proposalId);
    expect(await readLinked(mcp, linkedUris(exit)[0] ?? '')).toMatchObject({ proposal_id: exitProposal.proposal_id, status: exitProposal.status });

    services.clock.advance(5_000);
    const confirmed = await mcp.call('confirm_proposal', { proposal_id: exitProposal.proposal_id });
    expect(linkedUris(confirmed)).toEqual([`condor://positions/${positionId}`]);
  });

  it('adds nothing to failures or to results that name no record', async () => {
    const services = tradingServices();
    const { mcp } = await tradingUser(services, era);
    const refused = await mcp.call('propose_entry', { candidate: CANDIDATE, qty: 0 });
    expect(refused.isError).toBe(true);
    expect(linkedUris(refused)).toEqual([]);
    expect(linkedUris(await mcp.call('get_onboarding_status'))).toEqual([]);
  });
});
