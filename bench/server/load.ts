import autocannon from 'autocannon';

/** One load run's figures. */
export interface Load {
  readonly perSecond: number;
  readonly p99Ms: number;
  readonly ok: number;
  readonly failed: number;
  readonly seconds: number;
}

/** One request of a run whose requests differ: its path, headers and (for a POST) body. */
export interface NextRequest {
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/**
 * What to send: one request repeated, or (`next`) a new request each time until `amount` are sent. `succeeded`
 * judges each answer by its body (an MCP tool's refusal is a 200 with `isError`); without it a 2xx succeeded.
 */
export interface LoadSpec {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  readonly seconds?: number;
  readonly amount?: number;
  readonly next?: () => NextRequest;
  readonly succeeded?: (status: number, body: string) => boolean;
}

/** autocannon's per-request hooks for a spec: a new request from `next`, each answer judged by `succeeded`. */
function requestHooks({ next, succeeded }: LoadSpec, counts: { refused: number }): autocannon.Request[] {
  if (next === undefined && succeeded === undefined) return [];
  return [
    {
      ...(next === undefined ? {} : { setupRequest: (request: autocannon.Request) => {
        const { path, headers, body } = next();
        return { ...request, path, headers: { ...request.headers, ...headers }, ...(body === undefined ? {} : { body }) };
      } }),
      ...(succeeded === undefined ? {} : { onResponse: (status: number, body: string) => {
        if (status < 300 && !succeeded(status, body)) counts.refused++;
      } }),
    },
  ];
}

/**
 * Runs autocannon and keeps only successful answers in the rate (successes per second of the run). A run of a fixed
 * amount is timed from its start to its last answer: autocannon notices the end only at its next whole second.
 */
export async function load(spec: LoadSpec): Promise<Load> {
  const counts = { refused: 0 };
  const hooks = requestHooks(spec, counts);
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method ?? 'GET',
        headers: spec.headers ?? {},
        ...(spec.body === undefined ? {} : { body: spec.body }),
        connections: spec.connections,
        ...(spec.amount === undefined ? { duration: spec.seconds ?? 4 } : { amount: spec.amount }),
        ...(hooks.length === 0 ? {} : { requests: hooks }),
      },
      (error: unknown, finished) => {
        if (error === null || error === undefined) done(finished);
        else fail(error instanceof Error ? error : new Error('autocannon failed'));
      },
    );
    instance.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const ok = result['2xx'] - counts.refused;
  const seconds = spec.amount === undefined ? result.duration : (lastAnswer - started) / 1000;
  return { perSecond: ok / seconds, p99Ms: result.latency.p99, ok, failed: result.non2xx + result.errors + result.timeouts + counts.refused, seconds };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Loads run at the same time (one per server, say), as one: their answers over the longest run's time. */
export async function together(specs: readonly LoadSpec[]): Promise<Load> {
  const loads = await Promise.all(specs.map((spec) => load(spec)));
  const seconds = Math.max(...loads.map((l) => l.seconds));
  const ok = loads.reduce((sum, l) => sum + l.ok, 0);
  return { perSecond: ok / seconds, p99Ms: Math.max(...loads.map((l) => l.p99Ms)), ok, failed: loads.reduce((sum, l) => sum + l.failed, 0), seconds };
}

/** A proposal made ahead, and its owner's token. */
export interface ProposalAhead {
  readonly token: string;
  readonly id: string;
}

/** The headers of a stateless MCP request over Streamable HTTP (2025-11-25, as a client without elicitation sends it). */
export const mcpHeaders = (token: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-11-25',
});

/** Each proposal made ahead in turn, once each (`amount`), as the request `build` makes for it. */
function eachProposal(baseUrl: string, ahead: readonly ProposalAhead[], connections: number, build: (proposal: ProposalAhead) => NextRequest): LoadSpec {
  let next = 0;
  return { url: baseUrl, method: 'POST', connections, amount: ahead.length, next: () => build(ahead[next++ % ahead.length] ?? { token: '', id: '' }) };
}

/** REST confirm_proposal on each of the proposals made ahead, as its owner. */
export function confirmSpec(baseUrl: string, ahead: readonly ProposalAhead[], connections: number): LoadSpec {
  return eachProposal(baseUrl, ahead, connections, ({ token, id }) => ({ path: `/v1/proposals/${id}/confirmation`, headers: { authorization: `Bearer ${token}` } }));
}

/** MCP `tools/call` confirm_proposal on each of the proposals made ahead, as its owner; a tool answer with `isError` is a refusal. */
export function mcpConfirmSpec(baseUrl: string, ahead: readonly ProposalAhead[], connections: number): LoadSpec {
  const call = (id: string): string => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'confirm_proposal', arguments: { proposal_id: id } } });
  return {
    ...eachProposal(baseUrl, ahead, connections, ({ token, id }) => ({ path: '/mcp', headers: mcpHeaders(token), body: call(id) })),
    succeeded: (_status, body) => body.includes('"result"') && !body.includes('"isError":true'),
  };
}
