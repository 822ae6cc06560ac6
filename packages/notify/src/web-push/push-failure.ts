/**
 * Why a push was not delivered. Messages name the push service's origin, never the endpoint's path (it is the
 * subscription's capability) nor any key.
 */
export type PushFailure =
  /** The endpoint is not https (or http on a loopback address where allowed), or not a URL. */
  | { readonly kind: 'endpoint_refused'; readonly message: string }
  /** The subscription's keys are not a P-256 point and a 16-byte secret. */
  | { readonly kind: 'invalid_subscription'; readonly message: string }
  /** The payload's JSON is over the limit; shorten the text, the link stays. */
  | { readonly kind: 'payload_too_large'; readonly bytes: number; readonly limit: number }
  /** The push service refused this push for good (400, 401, 403, 413, …); retrying will not help. */
  | { readonly kind: 'rejected'; readonly status: number; readonly message: string }
  /** The push service was busy, failing or unreachable through every try; `retryAfterSeconds` when it said. */
  | { readonly kind: 'unavailable'; readonly message: string; readonly status?: number; readonly retryAfterSeconds?: number };
