import { describe, expect, it } from 'vitest';
import { FakeTastytrade } from '@condor/testkit';
import { restartableServer } from './restartable-server.js';
import { trialSteps } from './trial-steps.js';

/**
 * kill-restart.test.ts's trial with tastytrade as the broker: tastytrade has no idempotency key, so condor tags each
 * order with its proposal id (`external-identifier`) and looks it up before any resend. Confirms are cut off by
 * SIGKILL after tastytrade took (and filled) their orders but before the database heard of it, and the server is
 * restarted on the same data folder. The fake runs in this test process, outliving the killed server, and holds
 * its answers to the order posts back while the server dies.
 */

/** A Tuesday, 10:00 in New York: the exchange is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';
const PASSWORD = 'tastytrade kill restart password';
const ACCOUNT = '5WT00001';
const ORDERS = new RegExp(`^/accounts/${ACCOUNT}/orders$`);


describe('kill -9 while confirms are in flight at tastytrade, then a restart on the same data folder', () => {
  const anchor = Date.now();
  // One shifted clock for the fake and both processes: the restarted clock goes on from where the killed one was.
  const fake = new FakeTastytrade({ now: () => Date.parse(SIM_START) + (Date.now() - anchor) });
  const server = restartableServer(
    async () => ({
      CONDOR_APPROVAL: 'confirm',
      CONDOR_SIM_START: SIM_START,
      CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
      CONDOR_TASTYTRADE_API_URL: await fake.start(),
      CONDOR_MARKET_DATA: 'tastytrade',
      CONDOR_TASTYTRADE_CLIENT_SECRET: fake.clientSecret,
      CONDOR_TASTYTRADE_REFRESH_TOKEN: fake.refreshToken,
      CONDOR_RATE_LIMIT: '100000',
    }),
    () => fake.stop(),
  );
  const send = server.send;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The order posts tastytrade received carrying the proposal id (dry runs aside). */
  const ordersAtTastytrade = (proposalId: string) =>
    fake.requests.filter((r) => r.method === 'POST' && ORDERS.test(r.path) && (r.body as Record<string, unknown>)['external-identifier'] === proposalId);

  async function trader(email: string): Promise<string> {
    await send('POST', '/v1/users', { email, password: PASSWORD });
    const token = (await send('POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`, undefined, token);
    await send('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await send('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await send('POST', '/v1/broker/keys', { api_key: fake.clientSecret, api_secret: fake.refreshToken, broker: 'tastytrade', environment: 'paper' }, token);
    const linked = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'tastytrade', account_number: ACCOUNT }, token);
    expect(linked.body['link']).toMatchObject({ broker: 'tastytrade', connected: true, account_number: ACCOUNT });
    return token;
  }

  const { proposeEntry, proposeExit, confirm, positions } = trialSteps(send, 50);

  it('places no proposal twice, leaves no position opening or closing after a read, and exits a position opened before the kill', async () => {
    const token = await trader('tasty-kill@example.com');

    // Before the kill: two condors open, filled at tastytrade and recorded.
    const kept = await proposeEntry(token, 'SPY');
    const doomed = await proposeEntry(token, 'QQQ');
    await pause(5_100);
    // tastytrade answers a placement with the order just routed; the fill shows on the next read.
    for (const { proposalId } of [kept, doomed]) expect((await confirm(token, proposalId)).body).toMatchObject({ order_status: 'accepted', order_id: expect.any(String) as unknown });
    expect((await positions(token)).map((p) => p.status)).toEqual(['open', 'open']);

    // In flight at the kill: a new entry and an exit of one open condor. tastytrade takes and fills both orders at
    // once but answers each only after 3 s, and the server dies in between.
    const late = await proposeEntry(token, 'IWM');
    const exitId = await proposeExit(token, doomed.positionId);
    await pause(5_100);
    fake.delayNext(3_000, { method: 'POST', path: ORDERS });
    fake.delayNext(3_000, { method: 'POST', path: ORDERS });
    const inFlight = [late.proposalId, exitId].map((id) => confirm(token, id).then((answer) => answer.status, () => 'cut off'));
    for (let waited = 0; ordersAtTastytrade(late.proposalId).length + ordersAtTastytrade(exitId).length < 2 && waited < 5_000; waited += 20) await pause(20);
    expect([ordersAtTastytrade(late.proposalId), ordersAtTastytrade(exitId)].map((posts) => posts.length)).toEqual([1, 1]);
    await server.kill();
    expect(await Promise.all(inFlight)).toEqual(['cut off', 'cut off']);
    expect(fake.book.orders.filter((o) => [late.proposalId, exitId].includes(o.request.externalIdentifier ?? '')).map((o) => o.status)).toEqual(['Filled', 'Filled']);

    await server.restart();

    // One read brings the records in line with what tastytrade did: the entry is open, the exited condor closed.
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
    expect((await confirm(token, exitKept)).body).toMatchObject({ position_id: kept.positionId, order_status: 'accepted' });
    expect((await positions(token)).find((p) => p.position_id === kept.positionId)?.status).toBe('closed');

    // Exactly one order per proposal ever reached tastytrade.
    const placed = [kept.proposalId, doomed.proposalId, late.proposalId, exitId, exitKept];
    for (const id of placed) expect(ordersAtTastytrade(id), `orders sent for ${id}`).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && ORDERS.test(r.path))).toHaveLength(placed.length);
    expect(fake.book.orders).toHaveLength(placed.length);

    // The restarted process reconciled unfinished proposals at start (they were still in their submit grace).
    for (let waited = 0; !server.logs().some((line) => line.includes('"proposals_reconciled"')) && waited < 5_000; waited += 50) await pause(50);
    expect(server.logs().some((line) => line.includes('"proposals_reconciled"'))).toBe(true);
  }, 60_000);
});
