import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock, Logger, Mail, MailChannel, PushAnswer, PushChannel, PushDelivery, PushDevice } from '@condor/core';
import { generateVapidKeys, SmtpMailer, vapidKeysFromPrivateKey, WebPushSender } from '@condor/notify';
import { ConfigError } from '../config/config-error.js';
import type { RuntimeConfig } from '../config/load-config.js';

export const VAPID_KEY_FILE = 'vapid.key';

/** Web Push through WebPushSender; a failure is logged with the push service's origin only (the endpoint is the subscription's capability). */
class WebPushChannel implements PushChannel {
  constructor(
    private readonly sender: WebPushSender,
    private readonly logger: Logger,
  ) {}

  get publicKey(): string {
    return this.sender.publicKey;
  }

  async send(device: PushDevice, delivery: PushDelivery): Promise<PushAnswer> {
    const sent = await this.sender.send(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      { title: delivery.title, body: delivery.body, url: delivery.url, topic: delivery.topic },
      { ttlSeconds: delivery.ttlSeconds, urgency: delivery.urgency },
    );
    if (sent.isOk()) return sent.value;
    this.logger.warn('push_failed', { device_id: device.id, push_service: originOf(device.endpoint), failure: sent.error.kind });
    return 'failed';
  }
}

/** Mail through SmtpMailer; its failures never carry the password. */
class SmtpMailChannel implements MailChannel {
  constructor(
    private readonly mailer: SmtpMailer,
    private readonly logger: Logger,
  ) {}

  async send(mail: Mail): Promise<'sent' | 'failed'> {
    const sent = await this.mailer.send(mail);
    if (sent.isOk()) return 'sent';
    this.logger.warn('mail_failed', { server: this.mailer.redactedUrl, failure: sent.error.kind });
    return 'failed';
  }
}

const originOf = (endpoint: string): string => URL.canParse(endpoint) ? new URL(endpoint).origin : 'unparsable';

/**
 * The push channel: CONDOR_VAPID_PRIVATE_KEY, or in development on SQLite a key generated once into the data folder
 * (mode 0600) so devices stay subscribed across restarts. A subscription is bound to the key, so instances sharing a
 * PostgreSQL must share one too: there, and in production, no key means no push (production's /readyz then fails).
 */
export function pushChannelOf(config: RuntimeConfig, clock: Clock, logger: Logger, shared = false): PushChannel | null {
  const { vapidPrivateKey, vapidSubject, mailFrom } = config.notifications;
  const privateKey = vapidPrivateKey ?? developmentVapidKey(config, logger, shared);
  if (privateKey === null) return null;
  const keys = vapidKeysFromPrivateKey(privateKey);
  if (keys.isErr()) throw new ConfigError(`The VAPID key in ${join(config.dataDir, VAPID_KEY_FILE)} is not a P-256 private key; remove the file to have a new one made.`);
  const sender = WebPushSender.create({
    vapid: { ...keys.value, subject: vapidSubject ?? subjectOf(mailFrom, config.publicUrl) },
    now: () => clock.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    allowLoopbackHttp: config.env === 'development',
  });
  if (sender.isErr()) throw new ConfigError(`Web Push cannot start: ${sender.error.message}. Set CONDOR_VAPID_SUBJECT to a mailto: address or an https: URL.`);
  return new WebPushChannel(sender.value, logger);
}

/** The mail channel, or null without CONDOR_SMTP_URL. */
export function mailChannelOf(config: RuntimeConfig, logger: Logger): MailChannel | null {
  const { smtpUrl, mailFrom } = config.notifications;
  if (smtpUrl === null || mailFrom === null) return null;
  const { smtpCaFile } = config.notifications;
  const mailer = SmtpMailer.create({ url: smtpUrl, from: mailFrom, ...(smtpCaFile === null ? {} : { trustedCertificates: readFileSync(smtpCaFile, 'utf8') }) });
  if (mailer.isErr()) throw new ConfigError(`CONDOR_SMTP_URL: ${mailer.error.message}.`);
  logger.info('mail_configured', { server: mailer.value.redactedUrl });
  return new SmtpMailChannel(mailer.value, logger);
}

function subjectOf(mailFrom: string | null, publicUrl: string | null): string {
  const address = mailFrom === null ? null : (/<([^<>]*)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom);
  if (address !== null) return `mailto:${address}`;
  if (publicUrl?.startsWith('https://') === true) return publicUrl;
  return 'mailto:operator@localhost.invalid';
}

function developmentVapidKey(config: RuntimeConfig, logger: Logger, shared: boolean): string | null {
  if (config.env === 'production') {
    logger.error('vapid_key_missing', { hint: 'Set CONDOR_VAPID_PRIVATE_KEY (or _FILE): notifications on people’s devices are off until then.' });
    return null;
  }
  if (shared) {
    logger.warn('push_off', { hint: 'Instances on one PostgreSQL must share CONDOR_VAPID_PRIVATE_KEY; notifications on devices are off until it is set.' });
    return null;
  }
  const file = join(config.dataDir, VAPID_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole under another name, then linked in place: a process starting beside this one reads a whole key or
  // none, and the first link wins (the loser reads the winner's key).
  const { privateKey } = generateVapidKeys();
  const draft = `${file}.${String(process.pid)}.${randomUUID()}`;
  writeFileSync(draft, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    logger.info('vapid_key_generated', { file });
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(draft);
  }
}
