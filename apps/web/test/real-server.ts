import { sendJson, startServer, type JsonAnswer, type RunningServer } from '../../rest/test/server-process.js';

/** A Tuesday at 10:00 New York: the simulated market is open whenever the tests run. */
export const SIM_ENV = { CONDOR_SIM_START: '2026-02-10T15:00:00Z', CONDOR_RATE_LIMIT: '100000' } as const;
export const PASSWORD = 'browser tests password';

export interface OrderView {
  readonly order_id: string;
  readonly client_order_id: string;
  readonly status: string;
}

/**
 * The real server process (as `pnpm start` runs it, on the simulated market) and the REST calls an agent makes to
 * it: register, onboarding, the simulated broker, search and propose. What the person does happens in the browser.
 */
/** What the browser tests read of a proposal's ticket as the API answers it. */
interface TicketWire {
  readonly costs: { readonly words: string; readonly open: number | null } | null;
  readonly buying_power: { readonly words: string } | null;
  readonly flags: readonly { readonly code: string }[];
  readonly band: { readonly words: string; readonly approve_words: string; readonly start_price: number; readonly worst_price: number } | null;
}

export class Condor {
  private constructor(readonly server: RunningServer) {}

  static async start(env: Record<string, string> = {}): Promise<Condor> {
    return new Condor(await startServer({ ...SIM_ENV, ...env }));
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  send(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<JsonAnswer> {
    return sendJson(this.server, method, path, body, token, headers);
  }

  /** Registered, onboarded, the simulated broker connected; the agent's API access token. */
  async trader(email: string): Promise<string> {
    await this.ok('POST', '/v1/users', { email, password: PASSWORD });
    const token = String((await this.ok('POST', '/v1/sessions', { email, password: PASSWORD }))['access_token']);
    for (const name of ['eua', 'risk-disclosure', 'broker-authorization']) await this.ok('GET', `/v1/legal-documents/${name}`, undefined, token);
    await this.ok('POST', '/v1/onboarding/eua-acceptance', {}, token);
    await this.ok('POST', '/v1/onboarding/risk-acknowledgement', {}, token);
    await this.ok('POST', '/v1/broker/connection', { authorization_confirmed: true, broker: 'sim' }, token);
    return token;
  }

  /**
   * An iron condor proposed by the agent: its id and its approval link as an absolute URL. `dte` narrows the search
   * (proposals of different expiries never share legs).
   */
  async propose(token: string, dte = { dte_min: 20, dte_max: 35 }): Promise<{ proposalId: string; approvalUrl: string; ticket: TicketWire }> {
    const found = await this.ok('POST', '/v1/iron-condors/search', { ticker: 'SPY', top_k: 1, ...dte }, token);
    const [candidate] = found['candidates'] as unknown[];
    const proposed = await this.ok('POST', '/v1/proposals/entries', { candidate, qty: 1 }, token, { 'x-batch-id': crypto.randomUUID() });
    return {
      proposalId: String(proposed['proposal_id']),
      approvalUrl: new URL(String(proposed['approval_url']), this.baseUrl).href,
      ticket: proposed['ticket'] as TicketWire,
    };
  }

  /** Every order at the broker, newest first. */
  async orders(token: string): Promise<OrderView[]> {
    return (await this.ok('POST', '/v1/positions/actions', { action: 'orders' }, token))['orders'] as OrderView[];
  }

  proposal(token: string, proposalId: string): Promise<Record<string, unknown>> {
    return this.ok('GET', `/v1/proposals/${proposalId}`, undefined, token);
  }

  private async ok(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const answer = await this.send(method, path, body, token, headers);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}
