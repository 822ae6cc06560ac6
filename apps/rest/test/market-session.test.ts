import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './server-process.js';

/**
 * The simulated market's hours on the real server process. A Sunday afternoon stands for "a weekend or a
 * night": in development (the default) the simulated market runs its demo session, so the README's walk
 * reaches a filled paper condor; in production at the same moment it keeps the exchange's hours, and
 * propose_entry answers ENTRY_REJECTED with market_closed and the next open. On a weekday at 10:00 New
 * York, production trades the regular session.
 */

const SUNDAY = '2026-11-22T19:03:00Z'; // Sunday 14:03 New York
const MONDAY_OPEN = '2026-11-23T14:30:00.000Z';
const TUESDAY_MORNING = '2026-02-10T15:00:00Z'; // Tuesday 10:00 New York
const PASSWORD = 'market session password';
const production = () => ({
  CONDOR_ENV: 'production',
  CONDOR_SIGNING_KEY: randomBytes(32).toString('base64'),
  CONDOR_SECRET_KEY: randomBytes(32).toString('base64'),
  // Production needs a VAPID key for Web Push: the raw P-256 private key, base64url.
  CONDOR_VAPID_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }).d!,
});

type Json = Record<string, unknown>;
interface Market {
  session: string;
  quotes: string;
  simulated: boolean;
  time: string;
  next_open: string;
  summary: string;
}

let servers: RunningServer[] = [];
let demo: RunningServer;
let closed: RunningServer;
let open: RunningServer;
let realClock: RunningServer;

beforeAll(async () => {
  servers = await Promise.all([
    startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: SUNDAY }),
    startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: SUNDAY, ...production() }),
    startServer({ CONDOR_APPROVAL: 'confirm', CONDOR_SIM_START: TUESDAY_MORNING, ...production() }),
    startServer({ CONDOR_APPROVAL: 'confirm' }),
  ]);
  [demo, closed, open, realClock] = servers as [RunningServer, RunningServer, RunningServer, RunningServer];
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A REST client of one server: the README's calls, one user onboarded and linked to the simulated broker. */
async function trader(server: RunningServer, email: string) {
  let token: string | null = null;
  const send = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  await send('POST', '/v1/users', { email, password: PASSWORD });
  token = (await send('POST', '/v1/sessions', { email, password: PASSWORD })).body['access_token'] as string;
  for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await send('GET', `/v1/legal-documents/${name}`);
  await send('POST', '/v1/onboarding/eua-acceptance', {});
  await send('POST', '/v1/onboarding/risk-acknowledgement', {});
  expect((await send('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' })).status).toBe(200);
  return send;
}

const README_SEARCH = { ticker: 'SPY', dte_min: 25, dte_max: 50, wing_widths: [5, 10], top_k: 3 };

/** The first candidate whose mid credit is not within a hair of a cent below, so its limit (the mid rounded down) still fills 5 s later. */
const fillable = (candidates: Json[]): Json =>
  candidates.find((c) => (c['net_credit'] as number) - Math.floor((c['net_credit'] as number) * 100) / 100 >= 0.002) ?? (candidates[0] as Json);

describe('the simulated market on a Sunday afternoon', () => {
  it('in development runs a labelled demo session: the README walk reaches a filled paper condor', async () => {
    const send = await trader(demo, 'sunday-demo@example.com');
    const found = await send('POST', '/v1/iron-condors/search', README_SEARCH);
    expect(found.status).toBe(200);
    const market = found.body['market'] as Market;
    expect(market).toMatchObject({ session: 'demo', quotes: 'live', simulated: true, next_open: MONDAY_OPEN });
    expect(market.summary).toContain('demo session');
    expect(found.body['market_notice']).toEqual(expect.stringMatching(/simulated/i));
    const candidates = found.body['candidates'] as Json[];
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) expect(candidate['session']).toBe('demo');

    const proposed = await send('POST', '/v1/proposals/entries', { candidate: fillable(candidates), qty: 1 });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect((proposed.body['details'] as Json)['market_session']).toMatchObject({ session: 'demo', quotes: 'live' });
    await pause(5_100);
    const confirmed = await send('POST', `/v1/proposals/${proposed.body['proposal_id'] as string}/confirmation`, {});
    expect(confirmed.body).toMatchObject({ order_status: 'filled', position_id: proposed.body['position_id'] });
    const held = (await send('GET', '/v1/positions')).body;
    expect(held['positions']).toEqual([expect.objectContaining({ position_id: proposed.body['position_id'], status: 'open' })]);
    expect(held['market']).toMatchObject({ session: 'demo', quotes: 'live', simulated: true });
  }, 60_000);

  it('in production keeps exchange hours: the search says its quotes are the last close, propose_entry says market_closed and when it opens', async () => {
    const send = await trader(closed, 'sunday-production@example.com');
    const found = await send('POST', '/v1/iron-condors/search', README_SEARCH);
    expect(found.status).toBe(200);
    expect(found.body['market']).toMatchObject({
      session: 'closed',
      quotes: 'last_close',
      simulated: true,
      quotes_as_of: '2026-11-20T21:00:00.000Z',
      next_open: MONDAY_OPEN,
    });
    const candidates = found.body['candidates'] as Json[];
    expect(candidates.length).toBeGreaterThan(0);

    const refused = await send('POST', '/v1/proposals/entries', { candidate: candidates[0], qty: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'ENTRY_REJECTED',
      received: { market_closed: { next_open: MONDAY_OPEN, next_open_in_words: expect.stringMatching(/^Monday 23 November 2026, 09:30 New York time, in 19 h 2\d min$/) } },
    });
    expect(refused.body['message']).toMatch(/^The candidate cannot be proposed: the market is closed\. It is Sunday 22 November 2026, 14:0\d New York time/);
    expect(refused.body['message']).toContain(`opens next on Monday 23 November 2026, 09:30 New York time (${MONDAY_OPEN})`);
    expect(refused.body['suggestion']).toContain('Propose again once the market is open');
  }, 60_000);
});

describe('the simulated market on a weekday at 10:00 New York', () => {
  it('in production trades the regular session: live quotes, and the proposal is made and fills', async () => {
    const send = await trader(open, 'tuesday-production@example.com');
    const found = await send('POST', '/v1/iron-condors/search', README_SEARCH);
    expect(found.body['market']).toMatchObject({ session: 'regular', quotes: 'live', simulated: true, closes_at: '2026-02-10T21:00:00.000Z' });
    const candidates = found.body['candidates'] as Json[];
    expect(candidates.length).toBeGreaterThan(0);
    const proposed = await send('POST', '/v1/proposals/entries', { candidate: fillable(candidates), qty: 1 });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    await pause(5_100);
    const confirmed = await send('POST', `/v1/proposals/${proposed.body['proposal_id'] as string}/confirmation`, {});
    expect(confirmed.body).toMatchObject({ order_status: 'filled' });
  }, 60_000);
});

describe('the simulated market on the real clock, in development', () => {
  it('is open whatever the hour (the regular session or the demo session) and takes the proposal', async () => {
    const send = await trader(realClock, 'real-clock@example.com');
    const found = await send('POST', '/v1/iron-condors/search', README_SEARCH);
    const market = found.body['market'] as Market;
    expect(['regular', 'demo']).toContain(market.session);
    expect(market.quotes).toBe('live');
    const candidates = found.body['candidates'] as Json[];
    expect(candidates.length).toBeGreaterThan(0);
    const proposed = await send('POST', '/v1/proposals/entries', { candidate: candidates[0], qty: 1 });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
  }, 60_000);
});
