import * as v from 'valibot';
import { err, ok, type Result } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { issuesToAppError } from '../validation/issues-to-error.js';
import { isAuthSecret, isP256PublicKey } from './push-keys.js';

/** The longest endpoint kept: push services' URLs are a few hundred characters. */
export const MAX_ENDPOINT_LENGTH = 2048;

const HTTPS = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;
/** http to this machine only (localhost, 127.0.0.0/8, [::1]), with an optional port. */
const LOOPBACK_HTTP = /^http:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Where condor may push: https always; http only to a loopback address, and only where the deployment allows it (tests, development). */
export const endpointAllowed = (endpoint: string, loopbackHttp: boolean): boolean => HTTPS.test(endpoint) || (loopbackHttp && LOOPBACK_HTTP.test(endpoint));

const subscriptionSchema = (loopbackHttp: boolean) =>
  v.object({
    endpoint: v.pipe(
      v.string(),
      v.maxLength(MAX_ENDPOINT_LENGTH),
      v.url(),
      v.check(
        (endpoint) => endpointAllowed(endpoint, loopbackHttp),
        loopbackHttp ? 'endpoint must be an https URL, or http on a loopback address.' : 'endpoint must be an https URL.',
      ),
    ),
    expirationTime: v.optional(v.nullable(v.number())),
    keys: v.object({
      p256dh: v.pipe(v.string(), v.check(isP256PublicKey, 'keys.p256dh must be a P-256 public key: 65 bytes (0x04, x, y) on the curve, in base64url.')),
      auth: v.pipe(v.string(), v.check(isAuthSecret, 'keys.auth must be 16 bytes in base64url.')),
    }),
  });

/** A browser's push subscription as condor keeps it. */
export interface PushSubscriptionInput {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

const notJson = (received: unknown): AppError =>
  appError('VALIDATION_ERROR', {
    message: 'subscription must be the JSON of a PushSubscription: {"endpoint": …, "keys": {"p256dh": …, "auth": …}}.',
    suggestion: 'Turn notifications on again from condor’s settings page; its script sends what the browser gave it.',
    expected: 'PushSubscription.toJSON() as JSON text',
    received: { subscription: typeof received === 'string' ? received.slice(0, 200) : received },
  });

/**
 * The subscription a page sent (the JSON text of `PushSubscription.toJSON()`), checked: an endpoint condor may push to,
 * a P-256 key on the curve and a 16-byte auth secret. Anything else is VALIDATION_ERROR naming what is wrong.
 *
 * @example parsePushSubscription(JSON.stringify(subscription.toJSON()), false) // ok({ endpoint, p256dh, auth })
 */
export function parsePushSubscription(text: unknown, loopbackHttp: boolean): Result<PushSubscriptionInput, AppError> {
  if (typeof text !== 'string' || text.length > 4 * MAX_ENDPOINT_LENGTH) return err(notJson(text));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err(notJson(text));
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return err(notJson(json));
  const schema = subscriptionSchema(loopbackHttp);
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) return err(issuesToAppError('the subscription', schema, parsed.issues));
  const { endpoint, keys } = parsed.output;
  return ok({ endpoint, p256dh: keys.p256dh.replace(/=+$/, ''), auth: keys.auth.replace(/=+$/, '') });
}
