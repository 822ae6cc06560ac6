import { createECDH, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '../loopback-server.js';
import { decryptPushMessage, type SubscriptionSecrets } from './push-decryption.js';
import { verifyVapid, type VapidClaims } from './vapid-verification.js';

/** What a browser hands the application server: `PushSubscription.toJSON()`. */
export interface FakePushSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** One push the fake accepted, decrypted. */
export interface ReceivedPush {
  /** The decrypted body parsed as JSON (undefined when it is not JSON), and as text. */
  readonly payload: unknown;
  readonly text: string;
  readonly ttl: number;
  readonly urgency: string | undefined;
  readonly topic: string | undefined;
  readonly claims: VapidClaims;
  /** The VAPID public key (`k`) that signed it. */
  readonly vapidKey: string;
}

/** Every push request and the status the fake answered, with why when it refused. */
export interface PushRequestRecord {
  readonly endpoint: string;
  readonly status: number;
  readonly reason?: string;
}

export interface PushFault {
  readonly status: number;
  /** Sent as `Retry-After`. */
  readonly retryAfter?: string;
}

export interface FakePushServiceOptions {
  /** Epoch milliseconds, for the token's `exp`; the system clock by default. */
  readonly now?: () => number;
}

interface Subscriber {
  readonly secrets: SubscriptionSecrets;
  readonly applicationServerKey: string | undefined;
  readonly received: ReceivedPush[];
  readonly faults: PushFault[];
  gone: boolean;
}

const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
/** RFC 8030 §7.2: a push service need not take more than 4096 bytes. */
const MAX_BODY_BYTES = 4096;

/**
 * A push service on loopback http (RFC 8030) that behaves as a strict one: it checks the VAPID token (RFC 8292) and
 * the headers, decrypts every message with the subscription's private key (RFC 8291) and records what the browser
 * would show. It also plays the browser, making subscriptions, and can be told to fail the next pushes.
 * @example
 * const service = new FakePushService(); await service.start();
 * const subscription = service.subscribe();
 * // … send to subscription.endpoint …
 * service.received(subscription.endpoint)[0]?.payload // { title, body, url }
 */
export class FakePushService {
  readonly requests: PushRequestRecord[] = [];
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly server = new LoopbackServer((req, res) => {
    this.answer(req, res).catch(() => res.writeHead(500).end());
  });
  private origin: string | null = null;
  private messages = 0;

  constructor(private readonly options: FakePushServiceOptions = {}) {}

  /** Listens on 127.0.0.1 and answers the origin, the `aud` every token must name. */
  async start(): Promise<string> {
    this.origin = await this.server.start();
    return this.origin;
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  /**
   * A new subscription as `PushManager.subscribe` makes one: a P-256 key pair and a 16-byte auth secret. With
   * `applicationServerKey`, pushes signed by any other VAPID key are refused with 403 (RFC 8292 §4.2).
   */
  subscribe(options: { readonly applicationServerKey?: string } = {}): FakePushSubscription {
    if (this.origin === null) throw new Error('start the FakePushService before subscribing');
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const secrets = { privateKey: browser.getPrivateKey('base64url'), publicKey: browser.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
    const endpoint = `${this.origin}/push/${randomBytes(12).toString('base64url')}`;
    this.subscribers.set(new URL(endpoint).pathname, { secrets, applicationServerKey: options.applicationServerKey, received: [], faults: [], gone: false });
    return { endpoint, keys: { p256dh: secrets.publicKey, auth: secrets.auth } };
  }

  /** The browser unsubscribed: later pushes answer 410 Gone. */
  unsubscribe(endpoint: string): void {
    this.subscriber(endpoint).gone = true;
  }

  /** The next `count` valid pushes to `endpoint` answer `fault` instead of being delivered. */
  failNext(endpoint: string, count: number, fault: PushFault): void {
    this.subscriber(endpoint).faults.push(...Array.from({ length: count }, () => fault));
  }

  /** The pushes delivered to a subscription, decrypted, oldest first. */
  received(endpoint: string): readonly ReceivedPush[] {
    return this.subscriber(endpoint).received;
  }

  private subscriber(endpoint: string): Subscriber {
    const found = this.subscribers.get(new URL(endpoint).pathname);
    if (found === undefined) throw new Error('no such subscription');
    return found;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const endpoint = `${this.origin ?? ''}${req.url ?? ''}`;
    const { status, reason, headers } = this.deliver(req, body);
    this.requests.push({ endpoint, status, ...(reason === undefined ? {} : { reason }) });
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(reason ?? '');
  }

  /** Checks a push as a strict push service would and, when it passes and no fault is due, decrypts and records it. */
  private deliver(req: IncomingMessage, body: Buffer): Answer {
    const subscriber = this.subscribers.get(req.url ?? '');
    if (req.method !== 'POST' || subscriber === undefined) return { status: 404, reason: 'no such subscription' };
    if (subscriber.gone) return { status: 410, reason: 'the subscription has expired or been removed' };

    const nowMs = this.options.now?.() ?? Date.now();
    const vapid = verifyVapid(req.headers.authorization, { audience: this.origin ?? '', nowSeconds: Math.floor(nowMs / 1000) });
    if (!vapid.valid) return { status: 401, reason: vapid.reason };
    if (subscriber.applicationServerKey !== undefined && vapid.publicKey !== subscriber.applicationServerKey) {
      return { status: 403, reason: 'k is not the key this subscription was made for' };
    }
    const headerProblem = checkHeaders(req);
    if (headerProblem !== undefined) return { status: 400, reason: headerProblem };
    if (body.length > MAX_BODY_BYTES) return { status: 413, reason: `the body is ${body.length} bytes, over ${MAX_BODY_BYTES}` };

    const fault = subscriber.faults.shift();
    if (fault !== undefined) return { status: fault.status, reason: 'failing as told', ...(fault.retryAfter === undefined ? {} : { headers: { 'retry-after': fault.retryAfter } }) };

    let text: string;
    try {
      text = decryptPushMessage(body, subscriber.secrets);
    } catch (cause) {
      return { status: 400, reason: (cause as Error).message };
    }
    subscriber.received.push({
      payload: parseJson(text),
      text,
      ttl: Number(req.headers.ttl),
      urgency: header(req, 'urgency'),
      topic: header(req, 'topic'),
      claims: vapid.claims,
      vapidKey: vapid.publicKey,
    });
    return { status: 201, headers: { location: `${this.origin ?? ''}/message/${String(++this.messages)}` } };
  }
}

interface Answer {
  readonly status: number;
  readonly reason?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What RFC 8030 §5 and RFC 8291 §4 require of the request's headers, or undefined when all is well. */
function checkHeaders(req: IncomingMessage): string | undefined {
  if (!/^\d+$/.test(header(req, 'ttl') ?? '')) return 'TTL is missing or not a non-negative integer';
  if (header(req, 'content-encoding') !== 'aes128gcm') return 'Content-Encoding is not aes128gcm';
  const urgency = header(req, 'urgency');
  if (urgency !== undefined && !URGENCIES.has(urgency)) return `Urgency ${urgency} is not very-low, low, normal or high`;
  const topic = header(req, 'topic');
  if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return 'Topic is not 1 to 32 base64url characters';
  return undefined;
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
