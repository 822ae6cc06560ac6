import { parseSmtpUrl, vapidKeysFromPrivateKey } from '@condor/notify';
import { ConfigError } from './config-error.js';
import { integer, text } from './setting-values.js';

/** How condor reaches people (design §18): Web Push's VAPID key and contact, the mail server, and how often it looks. */
export interface NotificationConfig {
  /** CONDOR_VAPID_PRIVATE_KEY: the raw P-256 private key, base64url (`_FILE` form too); null: generated in development, required in production. */
  readonly vapidPrivateKey: string | null;
  /** CONDOR_VAPID_SUBJECT: the operator's contact the push services see, `mailto:` or `https:`; null: from CONDOR_MAIL_FROM or the public URL. */
  readonly vapidSubject: string | null;
  /** CONDOR_SMTP_URL: `smtps://user:password@host:465`, or `smtp://…` to a loopback host (`_FILE` form too); null: no mail. */
  readonly smtpUrl: string | null;
  /** CONDOR_MAIL_FROM: the From of condor's mail, `condor@example.com` or `condor <condor@example.com>`. */
  readonly mailFrom: string | null;
  /** CONDOR_SMTP_CA_FILE: a PEM file of certificates to trust for smtps besides the system's (a private mail server's own CA). */
  readonly smtpCaFile: string | null;
  /** CONDOR_NEWS_INTERVAL_MS: how often news waiting to be told is looked for. */
  readonly tellIntervalMs: number;
  /** CONDOR_MONITOR_INTERVAL_S: how often open positions are marked for new alerts. */
  readonly monitorIntervalMs: number;
}

/** Reads and checks the notification settings; a bad value stops the start, naming the variable and never its value. */
export function notificationConfig(env: NodeJS.ProcessEnv): NotificationConfig {
  const vapidPrivateKey = text(env.CONDOR_VAPID_PRIVATE_KEY);
  if (vapidPrivateKey !== null && vapidKeysFromPrivateKey(vapidPrivateKey).isErr()) {
    throw new ConfigError('CONDOR_VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (see the README: npx web-push generate-vapid-keys, or the one condor writes to data/vapid.key in development).');
  }
  const vapidSubject = text(env.CONDOR_VAPID_SUBJECT);
  if (vapidSubject !== null && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(vapidSubject)) {
    throw new ConfigError('CONDOR_VAPID_SUBJECT must be a mailto: address or an https: URL where the push services can reach the operator.');
  }
  const smtpUrl = text(env.CONDOR_SMTP_URL);
  if (smtpUrl !== null) {
    const parsed = parseSmtpUrl(smtpUrl);
    if (parsed.isErr()) throw new ConfigError(`CONDOR_SMTP_URL: ${parsed.error.message}.`);
  }
  const mailFrom = text(env.CONDOR_MAIL_FROM);
  if (smtpUrl !== null && mailFrom === null) throw new ConfigError('CONDOR_SMTP_URL is set, so CONDOR_MAIL_FROM must say who condor’s mail comes from.');
  if (mailFrom !== null && !/^([^<>]*<)?[^\s@<>]+@[^\s@<>]+>?$/.test(mailFrom)) throw new ConfigError('CONDOR_MAIL_FROM must be an address, as condor@example.com or condor <condor@example.com>.');
  return {
    vapidPrivateKey,
    vapidSubject,
    smtpUrl,
    mailFrom,
    smtpCaFile: text(env.CONDOR_SMTP_CA_FILE),
    tellIntervalMs: integer(env, 'CONDOR_NEWS_INTERVAL_MS', 1_000, 100, 60_000),
    monitorIntervalMs: integer(env, 'CONDOR_MONITOR_INTERVAL_S', 120, 5, 86_400) * 1_000,
  };
}
