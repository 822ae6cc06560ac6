/** @condor/notify — the adapters that reach a person: Web Push (RFC 8030, 8291, 8292) and mail over SMTP. */
export {
  MAX_PAYLOAD_BYTES,
  WebPushSender,
  type PushConfigError,
  type PushDelivery,
  type PushOutcome,
  type PushPayload,
  type PushSubscription,
  type PushUrgency,
  type WebPushSenderOptions,
} from './web-push/web-push-sender.js';
export type { PushFailure } from './web-push/push-failure.js';
export { generateVapidKeys, vapidKeysFromPrivateKey, type VapidKeyError, type VapidKeys } from './web-push/vapid-keys.js';
export { pushTopic } from './web-push/push-topic.js';
export { SmtpMailer, type MailMessage, type MailSent, type SmtpMailerOptions } from './mail/smtp-mailer.js';
export type { MailFailure } from './mail/mail-failure.js';
export { parseSmtpUrl, type MailConfigError, type SmtpSettings } from './mail/smtp-url.js';
