import { describe, expect, it } from 'vitest';
import { FakeSchwab } from '@condor/testkit';
import { freePort } from '../../web/test/localhost-site.js';
import { restartableServer } from './restartable-server.js';
import { SchwabPerson } from './schwab-person.js';
import { SoftPasskey } from './soft-passkey.js';

/**
 * Issue 41's "kill -9 between submit and record": Schwab has no client order id, so condor journals each placement's
 * intent (account, legs, quantity, price, time) before sending it and, when a submit went unanswered, finds the
 * order by them before anything is sent again. The person links by logging in at the fake's authorize page and
 * approves with a passkey (the live rule); the fake takes the order at once and holds its answer back while the
 * server is killed; the restarted server on the same data folder finds the order and never sends it twice.
 */

/** A Tuesday, 10:00 in New York: the exchange is open whenever the test runs. */
const SIM_START = '2026-02-10T15:00:00Z';
const PASSWORD = 'schwab kill restart password';
const ACCOUNT = '74120355';
const ORDERS = /^\/trader\/v1\/accounts\/[^/]+\/orders$/;

describe('kill -9 after Schwab took a live order and before condor recorded it, then a restart on the same data folder', () => {
  const anchor = Date.now();
  // One shifted clock for the fake and both processes: the restarted clock goes on from where the killed one was.
  const now = (): number => Date.parse(SIM_START) + (Date.now() - anchor);
  let fake: FakeSchwab | undefined;
  let apiUrl = '';
  let where = { site: '', baseUrl: '' };
  const server = restartableServer(
    async () => {
      const port = await freePort();
      where = { site: `http://localhost:${String(port)}`, baseUrl: `http://127.0.0.1:${String(port)}` };
      fake = new FakeSchwab({ now, callbackUrl: `${where.site}/broker-keys/schwab/callback` });
      apiUrl = await fake.start();
      return {
        PORT: String(port),
        CONDOR_PUBLIC_URL: where.site,
        CONDOR_SIM_START: SIM_START,
        CONDOR_SIM_ANCHOR: new Date(anchor).toISOString(),
        CONDOR_LIVE_TRADING_ENABLED: 'true',
        CONDOR_SCHWAB_APP_KEY: fake.appKey,
        CONDOR_SCHWAB_APP_SECRET: fake.appSecret,
        CONDOR_SCHWAB_CALLBACK_URL: fake.callbackUrl,
        CONDOR_SCHWAB_API_URL: apiUrl,
        CONDOR_RATE_LIMIT: '100000',
      };
    },
    () => fake?.stop() ?? Promise.resolve(),
  );
  const send = server.send;
  const reach = { site: () => where.site, fetchPage: (path: string, init: RequestInit) => fetch(`${where.baseUrl}${path}`, init), send };
  const person = new SchwabPerson(reach, new SoftPasskey(() => where.site), 'schwab-kill@example.com', PASSWORD);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const schwab = (): FakeSchwab => {
    if (fake === undefined) throw new Error('no fake');
    return fake;
  };
  const orderPosts = () => schwab().requests.filter((r) => r.method === 'POST' && ORDERS.test(r.path));
  async function until(done: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
    for (let waited = 0; !(await done()); waited += 20) {
      if (waited > ms) throw new Error(`not within ${String(ms)} ms: ${what}`);
      await pause(20);
    }
  }
  const position = async (positionId: string) =>
    ((await send('GET', `/v1/positions?position_id=${positionId}`, undefined, person.token)).body['positions'] as Record<string, unknown>[] | undefined)?.[0];

  it('finds the order Schwab took, never sends it twice, and ends the proposal confirmed and the position open', async () => {
    await person.signUp();
    await person.addPasskey();
    const afterLogin = await person.logInAtSchwab(apiUrl);
    expect(afterLogin).toContain(ACCOUNT);
    await person.chooseAccount(afterLogin, ACCOUNT);
    const connected = await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'schwab' }, person.token);
    expect(connected.body['link'], JSON.stringify(connected.body)).toMatchObject({ broker: 'schwab', environment: 'live', connected: true, account_number: ACCOUNT });

    const found = await send('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, dte_min: 20, dte_max: 60 }, person.token);
    const [candidate] = found.body['candidates'] as unknown[];
    expect(candidate, JSON.stringify(found.body)).toBeDefined();
    const proposed = await send('POST', '/v1/proposals/entries', { candidate, qty: 1 }, person.token);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const [proposalId, positionId, approvalUrl] = [proposed.body['proposal_id'], proposed.body['position_id'], proposed.body['approval_url']].map(String) as [string, string, string];
    // The approval page takes no Approve in the proposal's first 5 seconds.
    await pause(5_100);

    // The fake places the order at once and holds its 201 back; the server dies while it waits.
    schwab().delayNext(30_000, { method: 'POST', path: ORDERS });
    const approving = person.approve(approvalUrl).then((answer) => answer.status, () => 'cut off');
    await until(() => schwab().book.orders.length === 1, 10_000, 'Schwab holding the order');
    await server.kill();
    expect(await approving).toBe('cut off');
    expect(orderPosts()).toHaveLength(1);

    await server.restart();
    // The restarted server finds the order by its journaled intent: the position opens, the proposal is confirmed with Schwab's id.
    const orderId = String(schwab().book.orders[0]!.orderId);
    await until(async () => (await position(positionId))?.['status'] === 'open', 15_000, 'the position open after the restart');
    // The proposal's outcome is recorded once its submit grace (15 s from the approval) is over, by the start's reconciler or a read:
    // until then the approval might still have been on its way.
    const proposal = async () => (await send('GET', `/v1/proposals/${proposalId}`, undefined, person.token)).body;
    await until(async () => (await proposal())['status'] !== 'unknown', 25_000, 'the proposal reconciled');
    expect(await proposal()).toMatchObject({ status: 'confirmed', order_id: orderId });

    // Approving again places nothing: the proposal is used up.
    const again = await person.approve(approvalUrl);
    expect(again.status).not.toBe(200);
    const orders = (await send('POST', '/v1/positions/actions', { action: 'orders' }, person.token)).body['orders'] as { id?: string; order_id?: string; status: string }[];
    expect(orders.map((o) => o.status)).toEqual(['filled']);
    expect(orderPosts()).toHaveLength(1);
    expect(schwab().book.orders).toHaveLength(1);
    // No token of the login and not the app's secret in the restarted server's log.
    const logged = server.logs().join('\n');
    for (const secret of [...schwab().oauth.issuedTokens, schwab().appSecret]) expect(logged).not.toContain(secret);
  }, 90_000);
});
