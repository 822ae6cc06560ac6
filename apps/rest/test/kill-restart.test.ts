import { describe, expect, it } from 'vitest';
import { localAlpaca } from './local-alpaca.js';
import { restartableServer } from './restartable-server.js';
import { trialSteps } from './trial-steps.js';

/**
 * The kill -9 trial of issue 13 against the real server process on SQLite: confirms are cut off by SIGKILL
 * after the broker took (and filled) their orders but before the database heard of it, and the server is
 * restarted on the same data folder. The broker is the local fake of Alpaca's Trading API, running in this
 * test process so that it outlives the killed server and can hold its answers back while the server dies
 * mid-submit (paper-restart.test.ts restarts the server around the simulated paper broker). The person prices on
 * their own Alpaca market, the fake's Market Data API, which outlives the killed server too.
 */

const PASSWORD = 'kill restart password';
const SIM_START = '2026-02-10T15:00:00Z';



describe('kill -9 while confirms are in flight, then a restart on the same data folder', () => {
  const local = localAlpaca(SIM_START);
  const alpaca = local.trading;
  // One anchor for both processes (and the fakes' market): the restarted clock goes on from where the killed one was.
  const server = restartableServer(
    async () => {
      alpaca.fillAtOrAbove = Number.NEGATIVE_INFINITY;
      return { CONDOR_APPROVAL: 'confirm', ...(await local.start()), CONDOR_RATE_LIMIT: '100000' };
    },
    () => local.stop(),
  );
  const send = server.send;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const ordersAtAlpaca = (clientOrderId: string) =>
    alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders' && (r.body as { client_order_id?: string }).client_order_id === clientOrderId);

  async function trader(email: string): Promise<string> {
    await send('POST', '/v1/users', { email, password: PASSWORD });
    const token = (await send('POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await send('POST', '/v1/broker/keys', { api_key: alpaca.apiKey, api_secret: alpaca.apiSecret, broker: 'alpaca', environment: 'paper' }, token);
    const linked = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'alpaca' }, token);
    expect(linked.body['link']).toMatchObject({ broker: 'alpaca', connected: true });
    return token;
  }

  const { proposeEntry, proposeExit, confirm, positions } = trialSteps(send, 60);

  it('places no proposal twice, leaves no position opening or closing after a read, and exits a position opened before the kill', async () => {
    const token = await trader('kill-restart@example.com');

    // Before the kill: two condors open, filled at the broker and recorded.
    const kept = await proposeEntry(token, 'SPY');
    const doomed = await proposeEntry(token, 'QQQ');
    await pause(5_100);
    for (const { proposalId } of [kept, doomed]) expect((await confirm(token, proposalId)).body).toMatchObject({ order_status: 'filled' });
    for (const ticker of ['SPY', 'QQQ']) expect(local.data.requestsBy('default', `/v1beta1/options/snapshots/${ticker}`), ticker).not.toHaveLength(0);

    // In flight at the kill: a new entry and an exit of one open condor. Alpaca takes and fills both orders
    // at once but answers each only after 3 s, and the server dies in between.
    const late = await proposeEntry(token, 'IWM');
    const exitId = await proposeExit(token, doomed.positionId);
    await pause(5_100);
    alpaca.delayNext('POST', 3_000);
    alpaca.delayNext('POST', 3_000);
    const inFlight = [late.proposalId, exitId].map((id) => confirm(token, id).then((answer) => answer.status, () => 'cut off'));
    for (let waited = 0; ordersAtAlpaca(late.proposalId).length + ordersAtAlpaca(exitId).length < 2 && waited < 5_000; waited += 20) await pause(20);
    expect([ordersAtAlpaca(late.proposalId), ordersAtAlpaca(exitId)].map((posts) => posts.length)).toEqual([1, 1]);
    await server.kill();
    expect(await Promise.all(inFlight)).toEqual(['cut off', 'cut off']);

    await server.restart();

    // One read brings the records in line with what the broker did: the entry is open, the exited condor closed.
    const after = await positions(token);
    expect(after.filter((p) => p.status === 'opening' || p.status === 'closing')).toEqual([]);
    expect(Object.fromEntries(after.map((p) => [p.position_id, p.status]))).toEqual({
      [kept.positionId]: 'open',
      [doomed.positionId]: 'closed',
      [late.positionId]: 'open',
    });
    for (const id of [late.proposalId, exitId]) {
      const again = await confirm(token, id);
      expect([again.status, again.body['error']]).toEqual([409, 'PROPOSAL_ALREADY_CONSUMED']);
      const shown = (await send('GET', `/v1/proposals/${id}`, undefined, token)).body;
      expect(shown, id).toMatchObject({ status: 'confirmed', order_id: expect.any(String) as unknown });
    }

    // The position opened before the kill can be exited.
    const exitKept = await proposeExit(token, kept.positionId);
    await pause(5_100);
    expect((await confirm(token, exitKept)).body).toMatchObject({ position_id: kept.positionId, order_status: 'filled' });
    expect((await positions(token)).find((p) => p.position_id === kept.positionId)?.status).toBe('closed');

    // Exactly one order per proposal ever reached the broker.
    const placed = [kept.proposalId, doomed.proposalId, late.proposalId, exitId, exitKept];
    for (const id of placed) expect(ordersAtAlpaca(id), `orders sent for ${id}`).toHaveLength(1);
    const posts = alpaca.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');
    expect(posts).toHaveLength(placed.length);

    // The restarted process reconciled unfinished proposals at start (they were still in their submit grace).
    for (let waited = 0; !server.logs().some((line) => line.includes('"proposals_reconciled"')) && waited < 5_000; waited += 50) await pause(50);
    expect(server.logs().some((line) => line.includes('"proposals_reconciled"'))).toBe(true);
  }, 120_000);
});
