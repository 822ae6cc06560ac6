import { DEFAULT_CORE_CONFIG, execute, type MailChannel, type OptionContract, type PushChannel, type ticketView } from '@condor/core';
import { createTestServices, FakeBrokers, FixtureMarketData, type TestServices } from '@condor/testkit';
import { webRoutes } from '../src/index.js';

/**
 * The pages in-process over in-memory services and a fake clock, with the helpers a test needs: accounts and
 * proposals made through core's `execute` (as the agent would), and form posts made as a browser would send them.
 */

export const ORIGIN = 'http://condor.test';
export const PASSWORD = 'pages password 1';

const EXPIRY = '2026-02-20';
const QUOTED = Date.UTC(2026, 0, 5, 14, 30);
const occ = (type: 'put' | 'call', strike: number): string => `SPY260220${type === 'put' ? 'P' : 'C'}00${String(strike)}000`;
const contract = (type: 'put' | 'call', strike: number, bid: number, ask: number): OptionContract => ({
  symbol: occ(type, strike), type, strike, expiry: EXPIRY, bid, ask, volatility: 0.2, greeks: null, openInterest: 1_000, volume: 10, quoteTime: QUOTED,
});
const leg = (type: 'put' | 'call', strike: number) => ({ occ_symbol: occ(type, strike), type, strike });
const CANDIDATE = {
  ticker: 'SPY',
  expiry: EXPIRY,
  net_credit: 1.4,
  legs: { long_put: leg('put', 540), short_put: leg('put', 545), short_call: leg('call', 600), long_call: leg('call', 605) },
};
/** A condor sharing no leg with CANDIDATE: 530/535/610/615. */
export const OTHER_CANDIDATE = {
  ticker: 'SPY',
  expiry: EXPIRY,
  net_credit: 0.65,
  legs: { long_put: leg('put', 530), short_put: leg('put', 535), short_call: leg('call', 610), long_call: leg('call', 615) },
};
const CHAIN = [
  contract('put', 530, 0.6, 0.65),
  contract('put', 535, 1.0, 1.05),
  contract('put', 540, 1.5, 1.55),
  contract('put', 545, 2.1, 2.15),
  contract('call', 600, 1.8, 1.85),
  contract('call', 605, 1.0, 1.05),
  contract('call', 610, 0.5, 0.55),
  contract('call', 615, 0.25, 0.3),
];

/** A proposal's ticket as the API answers it. */
export type TicketWire = ReturnType<typeof ticketView>;

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

export interface Trader {
  readonly email: string;
  readonly userId: string;
  /** An API access token (what an agent holds). */
  readonly apiToken: string;
  /** The `__Host-condor-session=…` cookie of a browser logged in on the HTML page. */
  readonly cookie: string;
}

export type Harness = ReturnType<typeof pagesHarness>;

/**
 * `brokers` replaces the default fake brokers (`sim` and `alpaca`), e.g. with one that also has `tastytrade`; `push`
 * and `mail` give the deployment those channels (none by default).
 */
export function pagesHarness(overrides: { liveTradingEnabled?: boolean; brokers?: FakeBrokers; push?: PushChannel; mail?: MailChannel } = {}) {
  const { brokers = new FakeBrokers(), push = null, mail = null, ...config } = overrides;
  const services: TestServices = createTestServices({
    brokers,
    push,
    mail,
    market: new FixtureMarketData({ SPY: { quote: { symbol: 'SPY', bid: 570, ask: 570.02, last: 570.01, time: QUOTED }, chains: { [EXPIRY]: CHAIN } } }),
    config: { ...DEFAULT_CORE_CONFIG, publicUrl: ORIGIN, ...config },
  });
  const app = webRoutes(services);
  const bare = { services, credential: null, requestId: 'pages', batchKey: null };

  const send = async (method: string, path: string, init: { cookie?: string; headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<Answer> => {
    const headers: Record<string, string> = { host: 'condor.test', ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers };
    const body = init.form === undefined ? undefined : new URLSearchParams(init.form).toString();
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await app.request(`${ORIGIN}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };

  /** A form post from one of this server's pages (Origin set), unless `headers` says otherwise. */
  const post = (path: string, form: Record<string, string>, cookie?: string, headers: Record<string, string> = { origin: ORIGIN }) =>
    send('POST', path, { form, headers, ...(cookie === undefined ? {} : { cookie }) });

  const call = async (tool: string, input: unknown, credential: string | null, batchKey: string | null = null): Promise<Record<string, unknown>> => {
    const result = await execute(tool, input, { ...bare, credential, batchKey });
    if (result.isErr()) throw new Error(`${tool}: ${JSON.stringify(result.error.body)}`);
    return result.value.value as Record<string, unknown>;
  };

  /** Logs a browser in on the HTML page; the session cookie it was given. */
  const browserLogin = async (email: string): Promise<string> => {
    const answer = await post('/login', { email, password: PASSWORD, next: '/login' });
    const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (answer.status !== 303 || !cookie.startsWith('__Host-condor-session=')) throw new Error(`login failed: ${String(answer.status)}`);
    return cookie;
  };

  /** Registered, onboarded, the simulated broker connected, and logged in both as an agent (API) and in a browser. */
  const trader = async (email: string): Promise<Trader> => {
    const registered = await call('register', { email, password: PASSWORD }, null);
    const { access_token: apiToken } = (await call('login', { email, password: PASSWORD }, null)) as { access_token: string };
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await call('get_legal_document', { name }, apiToken);
    await call('accept_eua', {}, apiToken);
    await call('acknowledge_risk', {}, apiToken);
    await call('connect_broker', { authorization_confirmed: true, broker: 'sim' }, apiToken);
    const userId = String(registered['user_id']);
    return { email, userId, apiToken, cookie: await browserLogin(email) };
  };

  /** An entry proposal made by the trader's agent: its id, the path of its approval link and its ticket as the answer carried it. */
  const propose = async (who: Trader, candidate: typeof CANDIDATE = CANDIDATE): Promise<{ proposalId: string; approvalPath: string; ticket: TicketWire }> => {
    const proposal = await call('propose_entry', { candidate, qty: 1 }, who.apiToken, `batch-${String(services.clock.now())}`);
    return { proposalId: String(proposal['proposal_id']), approvalPath: String(proposal['approval_url']).replace(ORIGIN, ''), ticket: proposal['ticket'] as TicketWire };
  };

  /** The CSRF token in a page's forms. */
  const csrfOf = (page: Answer): string => /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

  const brokerOrders = (who: Trader) => brokers.allOrders(who.userId);

  return { services, app, send, post, call, trader, propose, csrfOf, browserLogin, brokerOrders };
}
