import { renderError, appError, type RateLimitStore, type Clock } from '@condor/core';
import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './error-response.js';
import type { RestEnv } from './request-id.js';

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
 * `addressLimit` as middleware: the fields go into `c.var.stamp`, which the request-id middleware puts on the
 * response. Requests without a known address (in-process) are not limited.
 */
export const rateLimitMiddleware = (store: RateLimitStore, clock: Clock, settings: RateLimitSettings): MiddlewareHandler<RestEnv> => {
  const limit = addressLimit(store, clock, settings);
  return async (c, next) => {
    const ip = c.get('clientIp');
    const refusal = ip === null ? null : await limit(ip, c.get('stamp'));
    if (refusal !== null) return refusal;
    await next();
  };
};
