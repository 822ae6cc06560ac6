import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import type { Era } from '../../mcp/test/support.js';
import { startServer, type RunningServer } from './server-process.js';
import {
  closingLimit,
  confirmable,
  connectAlpaca,
  connectSim,
  expectBookMatchesBroker,
  expectRefused,
  firstCandidate,
  leftoverExit,
  leftoverRoll,
  mcpCall,
  newTrader,
  openPosition,
  overlappingEntries,
  pause,
  position,
  proposeExit,
  racingEntries,
  racingExits,
  restCall,
  type World,
} from './stale-proposals-support.js';

/**
 * Issue 33 on one real server process over SQLite, with CONDOR_APPROVAL=confirm and the simulated paper broker
 * (each user its own paper account), over REST and over MCP: a confirm re-checks what its proposal acts on.
 * One user trades at a local fake of Alpaca instead, whose answers the test slows down. The users run at once;
 * every wait is the contract's real 5 s floor.
 */

let server: RunningServer;
// The Alpaca user prices on their own Alpaca market: the fake's, rendering the simulated market on the server's clock.
const local = localAlpaca('2026-02-10T15:00:00Z');
const alpaca = local.trading;

beforeAll(async () => {
  alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
  // A Tuesday morning on the simulated market, whenever the test runs.
  server = await startServer({
    ...(await local.start()),
    CONDOR_APPROVAL: 'confirm',
    CONDOR_SIM_SESSION: 'exchange',
    CONDOR_RATE_LIMIT: '100000',
  });
}, 60_000);

afterAll(async () => {
  await server.stop();
  await local.stop();
});

async function restWorld(email: string, ticker: string): Promise<World> {
  const call = restCall(server.baseUrl, await newTrader(email, server.baseUrl, server.baseUrl, connectSim));
  return { propose: call, confirm: call, ticker };
}

/** A world over a real MCP client of `era`; the scenario runs inside `body`, and the client is closed after. */
async function overMcp(email: string, ticker: string, era: Era, body: (world: World) => Promise<unknown>): Promise<void> {
  const token = await newTrader(email, server.baseUrl, server.baseUrl, connectSim);
  const mcp = await mcpCall(server.baseUrl, token, era);
  try {
    await body({ propose: mcp.call, confirm: mcp.call, ticker });
  } finally {
    await mcp.close();
  }
}

describe.concurrent('a confirm re-checks what its proposal acts on (issue 33), SQLite', () => {
  it('REST: two entries of one candidate proposed before either is confirmed: the second answers OVERLAPPING_LEGS', async () => {
    await overlappingEntries(await restWorld('overlap-rest@example.com', 'SPY'));
  }, 60_000);

  it('REST: a leftover exit of a closed position is void and places nothing, also once the same strikes are held again', async () => {
    await leftoverExit(await restWorld('exit-rest@example.com', 'QQQ'));
  }, 90_000);

  it('REST: a leftover roll of a closed position places nothing when the same strikes are held again', async () => {
    await leftoverRoll(await restWorld('roll-rest@example.com', 'IWM'));
  }, 90_000);

  it('REST: four confirms racing on one candidate’s legs place one order', async () => {
    const world = await restWorld('race-entries-rest@example.com', 'DIA');
    await racingEntries(world, 4, [world.propose], [world.confirm]);
  }, 60_000);

  it('REST: two exits of one position confirmed at once place one order; the other is void', async () => {
    const world = await restWorld('race-exits-rest@example.com', 'SPY');
    await racingExits(world, [world.propose], [world.confirm], false);
  }, 60_000);

  it('REST: an exit proposed while another exit of its position was being placed is refused, saying the position is closing', async () => {
    // The only user at the fake Alpaca: its orders now work instead of filling, and the next one is answered late.
    const call = restCall(server.baseUrl, await newTrader('closing-rest@example.com', server.baseUrl, server.baseUrl, connectAlpaca(alpaca.apiKey, alpaca.apiSecret)));
    const world: World = { propose: call, confirm: call, ticker: 'QQQ' };
    const x = await openPosition(world, await firstCandidate(world), 'closing-x');
    const limit = closingLimit((await position(world, x.positionId)).legs);
    const first = await proposeExit(world, x.positionId, limit, 'closing-1');
    await confirmable();
    alpaca.fillAtOrAbove = Number.POSITIVE_INFINITY;
    alpaca.delayNext('POST', 3_000);
    const placing = call('confirm_proposal', { proposal_id: first }, 'closing-2');
    // Once the first exit is consumed (its order on its way to Alpaca), X is still 'open' in the book: a second
    // exit can be proposed, after the first's consume voided the position's other proposals.
    for (let tries = 0; (await call('get_proposal', { proposal_id: first })).body['status'] === 'awaiting_confirmation'; tries++) {
      expect(tries).toBeLessThan(100);
      await pause(20);
    }
    const second = await proposeExit(world, x.positionId, limit, 'closing-3');
    const proposedAt = Date.now();
    const placed = await placing;
    expect(placed.body, JSON.stringify(placed.body)).toMatchObject({ proposal_id: first, position_id: x.positionId, order_status: 'accepted' });
    expect(await position(world, x.positionId)).toMatchObject({ status: 'closing' });
    expect((await call('get_proposal', { proposal_id: second })).body).toMatchObject({ status: 'awaiting_confirmation' });
    await pause(Math.max(0, proposedAt + 5_100 - Date.now()));

    const refused = await call('confirm_proposal', { proposal_id: second }, 'closing-4');
    expect(expectRefused(refused, 'ENTRY_REJECTED')).toContain(`position ${x.positionId} changed since this exit was proposed — an order closing it is working`);
    expect(refused.body['received']).toMatchObject({ proposal_id: second, position_id: x.positionId, status: 'closing' });
    expect(alpaca.requests.filter((r) => r.method === 'POST' && (r.body as { client_order_id?: string } | null)?.client_order_id === second)).toEqual([]);
    expect((await call('get_proposal', { proposal_id: second })).body).toMatchObject({ status: 'awaiting_confirmation', order_id: null });
    await expectBookMatchesBroker(world);
  }, 60_000);

  it('MCP (modern era): overlapping entries', async () => {
    await overMcp('overlap-modern@example.com', 'SPY', 'modern', overlappingEntries);
  }, 60_000);

  it('MCP (modern era): a leftover exit', async () => {
    await overMcp('exit-modern@example.com', 'QQQ', 'modern', (world) => leftoverExit(world));
  }, 90_000);

  it('MCP (modern era): a leftover roll', async () => {
    await overMcp('roll-modern@example.com', 'IWM', 'modern', (world) => leftoverRoll(world));
  }, 90_000);

  it('MCP (legacy era): overlapping entries', async () => {
    await overMcp('overlap-legacy@example.com', 'SPY', 'legacy', overlappingEntries);
  }, 60_000);
});
