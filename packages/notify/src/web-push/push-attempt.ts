import type { PushFailure } from './push-failure.js';
import { retryAfterSeconds } from './retry-after.js';

/** The outcome of one POST to a push service. */
export type PushAttempt =
  | { readonly kind: 'answered'; readonly outcome: 'delivered' | 'gone' }
  | { readonly kind: 'failed'; readonly failure: PushFailure }
  /** Worth another try (429, 5xx, no answer); `retryAfterSeconds` when the service said when. */
  | { readonly kind: 'retry'; readonly failure: Extract<PushFailure, { kind: 'unavailable' }> };

export interface PushRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  /** Epoch milliseconds, to read a `Retry-After` date. */
  readonly now: number;
}

/** POSTs one push message (RFC 8030 §5) and sorts the answer into done, failed for good, or worth a retry. */
export async function attemptPush(request: PushRequest): Promise<PushAttempt> {
  const origin = request.url.origin;
  let response: Response;
  try {
    response = await request.fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    // Drain the body so the connection can be reused; its text is not needed.
    await response.arrayBuffer();
  } catch (cause) {
    const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    const what = timedOut ? `no answer within ${request.timeoutMs} ms` : 'network error';
    return { kind: 'retry', failure: { kind: 'unavailable', message: `push service at ${origin}: ${what}` } };
  }
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: 'answered', outcome: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'answered', outcome: 'gone' };
  if (status === 429 || status >= 500) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'), request.now);
    const message = `push service at ${origin} answered ${status}`;
    return { kind: 'retry', failure: { kind: 'unavailable', status, message, ...(wait === undefined ? {} : { retryAfterSeconds: wait }) } };
  }
  return { kind: 'failed', failure: { kind: 'rejected', status, message: `push service at ${origin} refused the push (${status})` } };
}
