import type { PushDevice, Urgency } from './news-store.js';

/** One push as a device's service worker receives it (the JSON payload) and the headers that shape its delivery. */
export interface PushDelivery {
  readonly title: string;
  readonly body: string;
  /** The absolute URL the notification opens. */
  readonly url: string;
  /** Replaces an undelivered push of the same topic at the push service. */
  readonly topic: string;
  readonly ttlSeconds: number;
  readonly urgency: Urgency;
}

/** `gone`: the push service answered that the subscription no longer exists (404, 410). */
export type PushAnswer = 'delivered' | 'gone' | 'failed';

/** Web Push with VAPID (RFC 8030, 8291, 8292). */
export interface PushChannel {
  /** The VAPID public key, base64url: a page passes it to `PushManager.subscribe` as `applicationServerKey`. */
  readonly publicKey: string;
  send(device: PushDevice, delivery: PushDelivery): Promise<PushAnswer>;
}

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** The deployment's mail server (CONDOR_SMTP_URL). */
export interface MailChannel {
  send(mail: Mail): Promise<'sent' | 'failed'>;
}
