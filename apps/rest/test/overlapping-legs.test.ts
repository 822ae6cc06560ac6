import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedTrader } from './onboarded-trader.js';
import { sendJson, startServer, type RunningServer } from './server-process.js';

/**
 * Issue 42's first finding as it was found: over REST, on the real server process with the simulated broker's
 * realistic fills. Propose the top SPY candidate, confirm it after 5 s (its position is opening, the order working),
 * propose the same candidate again: it used to be admitted and refused only at its confirm, with words saying the
 * position "came to hold" legs it held before. Now the proposal is refused at once, saying so; and a proposal made
 * before the first was placed is refused at its confirm with words saying the legs came to be held since.
 */

let server: RunningServer;
const send = (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>) => sendJson(server, method, path, body, token, headers);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = await startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_FILLS: 'realistic' });
}, 60_000);

afterAll(async () => {
  await server.stop();
});

describe('overlapping legs over REST on the simulated broker (realistic fills)', () => {
  it('refuses to propose legs an opening position holds, and says a confirm lost to one placed since', async () => {
    const token = await onboardedTrader(send, 'overlap@example.com', 'overlap password 1', { broker: 'sim' });
    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1 }, token);
    const [candidate] = found.body['candidates'] as { legs: Record<string, { occ_symbol: string }> }[];
    const legs = Object.values(candidate?.legs ?? {}).map((leg) => leg.occ_symbol);
    const first = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': 'first' });
    const earlier = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': 'earlier' });
    expect([first.status, earlier.status], JSON.stringify([first.body, earlier.body])).toEqual([200, 200]);
    await pause(5_100);

    const placed = await send('POST', `/v1/proposals/${String(first.body['proposal_id'])}/confirmation`, {}, token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const positionId = String(placed.body['position_id']);
    const listed = await send('GET', `/v1/positions?position_id=${positionId}`, undefined, token);
    expect(JSON.stringify(listed.body)).toContain('"status":"opening"');

    const again = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': 'again' });
    expect([again.status, again.body['error']]).toEqual([422, 'OVERLAPPING_LEGS']);
    expect(again.body['message']).toBe(`These legs share strike, expiry and type with position ${positionId}, which already holds ${legs.join(', ')} (its order opening them is still working).`);
    expect(Object.keys(again.body)).toHaveLength(7);

    const lost = await send('POST', `/v1/proposals/${String(earlier.body['proposal_id'])}/confirmation`, {}, token);
    expect([lost.status, lost.body['error']]).toEqual([422, 'OVERLAPPING_LEGS']);
    expect(lost.body['message']).toBe(`Nothing was placed: since this proposal was made, position ${positionId} came to hold ${legs.join(', ')}, which this order would open too.`);
  }, 30_000);
});
