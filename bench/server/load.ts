import autocannon from 'autocannon';

/** One load run's figures. */
export interface Load {
  readonly perSecond: number;
  readonly p99Ms: number;
  readonly ok: number;
  readonly failed: number;
  readonly seconds: number;
}

/** What to send: one request repeated, or (`next`) a new path per request until `amount` are sent. */
export interface LoadSpec {
  readonly url: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  readonly seconds?: number;
  readonly amount?: number;
  readonly next?: () => { path: string; headers: Record<string, string> };
}

/**
 * Runs autocannon and keeps only successful answers in the rate (2xx per second of the run). A run of a fixed
 * amount is timed from its start to its last answer: autocannon notices the end only at its next whole second.
 */
export async function load(spec: LoadSpec): Promise<Load> {
  const { next } = spec;
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
        ...(next === undefined ? {} : { requests: [{ setupRequest: (request: autocannon.Request) => { const { path, headers } = next(); return { ...request, path, headers: { ...request.headers, ...headers } }; } }] }),
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
  const ok = result['2xx'];
  const seconds = spec.amount === undefined ? result.duration : (lastAnswer - started) / 1000;
  return { perSecond: ok / seconds, p99Ms: result.latency.p99, ok, failed: result.non2xx + result.errors + result.timeouts, seconds };
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

/** confirm_proposal on each of the proposals made ahead, in turn, once each (`amount`), as its owner. */
export function confirmSpec(baseUrl: string, ahead: readonly { token: string; id: string }[], connections: number): LoadSpec {
  let next = 0;
  return {
    url: baseUrl,
    method: 'POST',
    connections,
    amount: ahead.length,
    next: () => {
      const proposal = ahead[next++ % ahead.length];
      return { path: `/v1/proposals/${proposal?.id ?? ''}/confirmation`, headers: { authorization: `Bearer ${proposal?.token ?? ''}` } };
    },
  };
}
