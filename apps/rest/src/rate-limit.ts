import { renderError, appError, type RateLimitStore, type Clock } from '@condor/core';
import { errorResponse } from './error-response.js';
import { isProbe } from './health.js';
import type { Step } from './step.js';

export interface RateLimitSettings {
  /** Requests allowed per client address in each window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { limit: 300, windowSeconds: 60 };
const POLICY = 'per-ip';

/**
 * Counts a request from `ip`, writes the IETF `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers-09 syntax) into `stamp`, and answers the refusal once the
 * address is over the limit, else null.
 */
export type AddressLimit = (ip: string, stamp: Record<string, string>) => Promise<Response | null>;

/**
 * The per-IP limit of the REST surface (contract: RATE_LIMITED, 429, with `Retry-After`).
 *
 * @example const refusal = await addressLimit(store, clock, DEFAULT_RATE_LIMIT)('203.0.113.7', stamp)
 */
export function addressLimit(store: RateLimitStore, clock: Clock, settings: RateLimitSettings): AddressLimit {
  const policy = `"${POLICY}";q=${String(settings.limit)};w=${String(settings.windowSeconds)}`;
  return async (ip, stamp) => {
    const now = clock.now();
    const window = await store.hit(`ip:${ip}`, settings.windowSeconds * 1000, now);
    const seconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    stamp['RateLimit-Policy'] = policy;
    stamp.RateLimit = `"${POLICY}";r=${String(Math.max(settings.limit - window.count, 0))};t=${String(seconds)}`;
    if (window.count <= settings.limit) return null;
    return errorResponse(
      renderError(
        appError('RATE_LIMITED', {
          message: `Too many requests from your address: at most ${String(settings.limit)} per ${String(settings.windowSeconds)} seconds.`,
          suggestion: `Retry after ${String(seconds)} seconds (the Retry-After header).`,
          retryAfterSeconds: seconds,
        }),
      ),
    );
  };
}

/**
 * Counts the request against its address's limit and answers 429 past it. Requests without a known address
 * (in-process) are not counted, nor are the health probes: a load balancer's polling must not be refused by the
 * traffic of its own address, and the process answering must not wait on the table the counts are shared in.
 */
export const addressLimitStep = (limit: AddressLimit): Step => ({
  name: 'address limit',
  enter: (pass) => (pass.clientIp === null || isProbe(pass.method, pass.path) ? null : limit(pass.clientIp, pass.stamp)),
});
