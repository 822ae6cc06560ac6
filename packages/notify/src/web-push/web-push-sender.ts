import type { KeyObject } from 'node:crypto';
import { ResultAsync, err, errAsync, ok, type Result } from 'neverthrow';
import { encryptPushMessage, type RecipientKeys } from './aes128gcm.js';
import { attemptPush, type PushAttempt } from './push-attempt.js';
import { pushEndpoint } from './push-endpoint.js';
import type { PushFailure } from './push-failure.js';
import { pushTopic } from './push-topic.js';
import { matchingVapidKeys, vapidSigningKey, type VapidKeyError, type VapidKeys } from './vapid-keys.js';
import { vapidAuthorization } from './vapid-token.js';

/** A browser's `PushSubscription.toJSON()`, as the page sends it to condor. */
export interface PushSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** What the notification shows and opens. `topic` is not sent in the payload: it names the news so a newer push replaces it. */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly topic?: string;
}

/** RFC 8030 §5.3. */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushDelivery {
  /** How long the news is worth having; the push service drops it after that. */
  readonly ttlSeconds: number;
  readonly urgency: PushUrgency;
}

export type PushOutcome = 'delivered' | 'gone';

export type PushConfigError = VapidKeyError | { readonly kind: 'invalid_vapid_subject'; readonly message: string };

export interface WebPushSenderOptions {
  /** The key pair (see `generateVapidKeys`) and the operator's contact, `mailto:` or `https:`. */
  readonly vapid: { readonly publicKey: string; readonly privateKey: string; readonly subject: string };
  readonly fetch?: typeof fetch;
  /** Epoch milliseconds. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Lets http reach a loopback address: tests and development only. */
  readonly allowLoopbackHttp?: boolean;
  /** Per try, milliseconds. */
  readonly timeoutMs?: number;
}

/** RFC 8291 allows 3993 bytes of plaintext in a 4096-byte message; 3 KB leaves room and is far more than a notification needs. */
export const MAX_PAYLOAD_BYTES = 3 * 1024;
/** Backoff before each retry of a 429, 5xx or unanswered push; its length is the number of retries. */
const RETRY_DELAYS_MS = [1_000, 4_000] as const;
/** A `Retry-After` longer than this ends the tries: the caller reschedules rather than hold a job open. */
const MAX_RETRY_WAIT_MS = 30_000;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages (RFC 8030) encrypted with `aes128gcm` (RFC 8291) and signed with VAPID (RFC 8292), on
 * node:crypto and fetch alone. A 404 or 410 answers `'gone'`: the caller removes the subscription.
 * @example
 * const sender = WebPushSender.create({ vapid: { ...keys, subject: 'mailto:ops@example.com' }, now: () => clock.now(), sleep }).unwrapOr(null);
 * await sender.send(subscription, { title: 'Approval waiting', body: 'SPY iron condor, 60 s', url: 'https://condor.example/t/7f3a', topic: 'proposal:7f3a' }, { ttlSeconds: 60, urgency: 'high' });
 */
export class WebPushSender {
  private constructor(
    private readonly options: WebPushSenderOptions,
    private readonly keys: VapidKeys,
    private readonly signingKey: KeyObject,
  ) {}

  /** Checks the key pair and the subject once, so a misconfiguration shows at start rather than at the first push. */
  static create(options: WebPushSenderOptions): Result<WebPushSender, PushConfigError> {
    const { publicKey, privateKey, subject } = options.vapid;
    if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(subject)) {
      return err({ kind: 'invalid_vapid_subject', message: 'the VAPID subject must be a mailto: address or an https: URL' });
    }
    return matchingVapidKeys(publicKey, privateKey).map((keys) => new WebPushSender(options, keys, vapidSigningKey(keys)));
  }

  /** The `applicationServerKey` a page hands to `PushManager.subscribe`. */
  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Encrypts and sends one notification, retrying a busy or failing push service with backoff. */
  send(subscription: PushSubscription, payload: PushPayload, delivery: PushDelivery): ResultAsync<PushOutcome, PushFailure> {
    const prepared = pushEndpoint(subscription.endpoint, this.options.allowLoopbackHttp === true).andThen((url) =>
      recipientKeys(subscription).andThen((recipient) => encryptedBody(payload, recipient).map((body) => ({ url, body }))),
    );
    if (prepared.isErr()) return errAsync(prepared.error);
    const { url, body } = prepared.value;
    const headers = (): Record<string, string> => ({
      TTL: String(Math.max(0, Math.floor(delivery.ttlSeconds))),
      Urgency: delivery.urgency,
      ...(payload.topic === undefined ? {} : { Topic: pushTopic(payload.topic) }),
      'Content-Encoding': 'aes128gcm',
      'Content-Type': 'application/octet-stream',
      Authorization: vapidAuthorization({ audience: url.origin, subject: this.options.vapid.subject, publicKey: this.keys.publicKey, signingKey: this.signingKey, now: this.options.now() }),
    });
    return new ResultAsync(this.withRetries(() => attemptPush({ url, headers: headers(), body, fetch: this.options.fetch ?? fetch, timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, now: this.options.now() })));
  }

  private async withRetries(attempt: () => Promise<PushAttempt>): Promise<Result<PushOutcome, PushFailure>> {
    let outcome = await attempt();
    for (const delay of RETRY_DELAYS_MS) {
      if (outcome.kind !== 'retry') break;
      const asked = (outcome.failure.retryAfterSeconds ?? 0) * 1000;
      if (asked > MAX_RETRY_WAIT_MS) break;
      await this.options.sleep(Math.max(delay, asked));
      outcome = await attempt();
    }
    if (outcome.kind === 'answered') return ok(outcome.outcome);
    return err(outcome.failure);
  }
}

function recipientKeys(subscription: PushSubscription): Result<RecipientKeys, PushFailure> {
  const p256dh = decodeBase64url(subscription.keys.p256dh);
  const auth = decodeBase64url(subscription.keys.auth);
  if (p256dh?.length !== 65 || p256dh[0] !== 0x04) return err({ kind: 'invalid_subscription', message: 'keys.p256dh is not an uncompressed P-256 point' });
  if (auth?.length !== 16) return err({ kind: 'invalid_subscription', message: 'keys.auth is not a 16-byte secret' });
  return ok({ p256dh, auth });
}

function encryptedBody(payload: PushPayload, recipient: RecipientKeys): Result<Buffer, PushFailure> {
  const plaintext = Buffer.from(JSON.stringify({ title: payload.title, body: payload.body, url: payload.url }));
  if (plaintext.length > MAX_PAYLOAD_BYTES) return err({ kind: 'payload_too_large', bytes: plaintext.length, limit: MAX_PAYLOAD_BYTES });
  try {
    return ok(encryptPushMessage(plaintext, recipient));
  } catch {
    return err({ kind: 'invalid_subscription', message: 'keys.p256dh is not a point on P-256' });
  }
}

const decodeBase64url = (text: string): Buffer | undefined => (/^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : undefined);
