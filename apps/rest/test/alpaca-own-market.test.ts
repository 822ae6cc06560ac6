import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperKeyPair } from '../../../packages/broker-alpaca/test/fake-key-pairs.js';
import { localAlpaca } from './local-alpaca.js';
import { onboardedTrader } from './onboarded-trader.js';
import { sendJson, startServer, type RunningServer } from './server-process.js';
import { trialSteps } from './trial-steps.js';

/**
 * Issue 38 for Alpaca, against the real server with no market settings of its own (the simulated market for people
 * without a data link): two people link Alpaca with key pairs of their own and research, backtest and trade on
 * Alpaca's market read with their own pair — chains, bars and orders with one key pair — while a third, linked to
 * the simulated broker, stays on the simulated market. The fakes count every request by the key pair it carried.
 */

const SIM_START = '2026-02-10T15:00:00Z';
const PASSWORD = 'own market password';
const alice = paperKeyPair('alice');
const bob = paperKeyPair('bob');
const alpaca = localAlpaca(SIM_START, { keyPairs: [alice, bob] });
let server: RunningServer | undefined;
const send = (method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>) => sendJson(server, method, path, body, token, headers);
const { proposeEntry, proposeExit, confirm, positions } = trialSteps(send, 50);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  alpaca.trading.fillAtOrAbove = Number.NEGATIVE_INFINITY;
  server = await startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_RATE_LIMIT: '100000', ...(await alpaca.start()) });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await alpaca.stop();
}, 30_000);

/** Every request either fake received with `label`'s key pair. */
const requestsOf = (label: string) => [...alpaca.data.requestsBy(label), ...alpaca.trading.requests.filter((r) => r.keyPair === label)];

const search = async (token: string, ticker = 'SPY') => (await send('POST', '/v1/iron-condors/search', { ticker, top_k: 1, dte_min: 20, dte_max: 50 }, token)).body;

describe("Alpaca: a person's own market, read with their own key pair", () => {
  let aliceToken = '';
  let bobToken = '';

  it('prices each person on their own market, never spending another’s key pair, and leaves a sim-linked person on the simulated market', async () => {
    aliceToken = await onboardedTrader(send, 'alice-own@example.com', PASSWORD, { broker: 'alpaca', apiKey: alice.apiKey, apiSecret: alice.apiSecret });
    bobToken = await onboardedTrader(send, 'bob-own@example.com', PASSWORD, { broker: 'alpaca', apiKey: bob.apiKey, apiSecret: bob.apiSecret });
    const carolToken = await onboardedTrader(send, 'carol-sim@example.com', PASSWORD, { broker: 'sim' });

    const bobBefore = requestsOf('bob').length;
    const found = await search(aliceToken);
    expect(found['market']).toMatchObject({ source: 'alpaca:paper', simulated: false });
    expect(found['market_notice']).toBeNull();
    expect((found['candidates'] as unknown[]).length).toBe(1);
    expect(alpaca.data.requestsBy('alice', '/v1beta1/options/snapshots/SPY').length).toBeGreaterThan(0);
    expect(requestsOf('bob').length).toBe(bobBefore);

    const aliceBefore = requestsOf('alice').length;
    expect((await search(bobToken))['market']).toMatchObject({ source: 'alpaca:paper' });
    expect(alpaca.data.requestsBy('bob', '/v1beta1/options/snapshots/SPY').length).toBeGreaterThan(0);
    expect(requestsOf('alice').length).toBe(aliceBefore);

    const everyone = alpaca.data.requests.length + alpaca.trading.requests.length;
    const simulated = await search(carolToken);
    expect(simulated['market']).toMatchObject({ source: 'simulated', simulated: true });
    expect(simulated['market_notice']).toEqual(expect.stringMatching(/simulated/i));
    expect(alpaca.data.requests.length + alpaca.trading.requests.length).toBe(everyone);
    // The deployment has no key pair of its own: every request at Alpaca carried a person's.
    expect(alpaca.data.requests.every((r) => r.keyPair === 'alice' || r.keyPair === 'bob')).toBe(true);
  }, 60_000);

  it("backtests on the person's own daily bars, and trades an entry and its exit with the same key pair", async () => {
    const barsBefore = alpaca.data.requestsBy('alice', '/v2/stocks/SPY/bars').length;
    const strategy = (await send('POST', '/v1/strategies/optimize', { ticker: 'SPY' }, aliceToken)).body;
    expect(strategy['history'], JSON.stringify(strategy).slice(0, 300)).toMatchObject({ iv_source: 'realised_volatility' });
    expect(alpaca.data.requestsBy('alice', '/v2/stocks/SPY/bars').length).toBeGreaterThan(barsBefore);
    expect(alpaca.data.requestsBy('bob', '/v2/stocks/SPY/bars')).toEqual([]);
    // Model against market (issue 39, item 4): rank 1's entries since February 2024 against the fake's sparse option bars.
    const checked = strategy['model_vs_market'] as Record<string, unknown>;
    expect(checked).toMatchObject({ since: '2024-02-01', entries: expect.any(Number), entries_with_all_legs: expect.any(Number), words: expect.any(String) });
    expect(checked['entries']).toBeGreaterThan(0);
    expect(checked['entries_with_all_legs']).toBeLessThanOrEqual(checked['entries'] as number);
    expect(checked['entries_with_all_legs']).toBeGreaterThan(0);
    expect(typeof checked['mean_credit_difference']).toBe('number');
    expect(typeof checked['worst_credit_difference']).toBe('number');
    expect(Math.abs(checked['worst_credit_difference'] as number)).toBeGreaterThanOrEqual(Math.abs(checked['mean_credit_difference'] as number));
    const optionBars = alpaca.data.requestsBy('alice', '/v1beta1/options/bars');
    expect(optionBars.length).toBeGreaterThan(0);
    expect(optionBars.every((r) => r.query['start']! >= '2024-02-01' && r.query['symbols']!.split(',').length <= 100)).toBe(true);

    const entry = await proposeEntry(aliceToken, 'SPY');
    await pause(5_100);
    expect((await confirm(aliceToken, entry.proposalId)).body).toMatchObject({ order_status: 'filled', account: { broker: 'alpaca', simulated_market: false } });
    const orders = alpaca.trading.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');
    expect(orders.map((r) => r.keyPair)).toEqual(['alice']);
    const exitId = await proposeExit(aliceToken, entry.positionId);
    await pause(5_100);
    expect((await confirm(aliceToken, exitId)).body).toMatchObject({ order_status: 'filled' });
    expect((await positions(aliceToken)).find((p) => p.position_id === entry.positionId)?.status).toBe('closed');
  }, 60_000);

  it('refuses a confirm once the person relinked to another market, naming both', async () => {
    const entry = await proposeEntry(bobToken, 'QQQ');
    const relinked = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, bobToken);
    expect(relinked.body['link']).toMatchObject({ broker: 'sim', connected: true });
    await pause(5_100);
    const refused = await confirm(bobToken, entry.proposalId);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'ENTRY_REJECTED', received: { proposal_id: entry.proposalId, priced_on: 'alpaca:paper', market_now: 'simulated' } });
    expect(refused.body['message']).toMatch(/priced on your Alpaca account's market \(paper\).*now trades on the simulated market/);
    expect(alpaca.trading.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders' && r.keyPair === 'bob')).toEqual([]);
  }, 60_000);
});
