import { createTransport, type Transporter } from 'nodemailer';
import type { NodemailerError } from 'nodemailer/lib/errors';
import { ResultAsync, err, ok, type Result } from 'neverthrow';
import type { MailFailure } from './mail-failure.js';
import { parseSmtpUrl, type MailConfigError, type SmtpSettings } from './smtp-url.js';

export interface SmtpMailerOptions {
  /** `CONDOR_SMTP_URL`: `smtps://user:password@host:port`, or `smtp://…` to a loopback host. */
  readonly url: string;
  /** `CONDOR_MAIL_FROM`: `condor@example.com` or `Condor <condor@example.com>`. */
  readonly from: string;
  /** Extra CA certificates (PEM) to trust for smtps, for a test server's self-signed certificate. */
  readonly trustedCertificates?: string;
  /** Per connection step, milliseconds. */
  readonly timeoutMs?: number;
}

/** One message to one person. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface MailSent {
  readonly messageId: string;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+$/;
const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Sends mail through an SMTP server with nodemailer, one connection per message. It never logs, and every
 * failure's message has the password taken out.
 * @example
 * const mailer = SmtpMailer.create({ url: config.smtpUrl, from: config.mailFrom }); // Result<SmtpMailer, MailConfigError>
 * await mailer.value.send({ to: 'person@example.com', subject: 'A passkey was added', text: '…' }); // Ok({ messageId })
 */
export class SmtpMailer {
  private constructor(
    private readonly settings: SmtpSettings,
    private readonly from: string,
    private readonly transport: Transporter,
  ) {}

  static create(options: SmtpMailerOptions): Result<SmtpMailer, MailConfigError> {
    const address = /<([^<>]*)>\s*$/.exec(options.from)?.[1] ?? options.from.trim();
    if (!ADDRESS.test(address)) return err({ kind: 'invalid_mail_config', message: 'the From address is not an e-mail address' });
    return parseSmtpUrl(options.url).map((settings) => {
      const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const transport = createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        ...(settings.credentials === undefined ? {} : { auth: { user: settings.credentials.user, pass: settings.credentials.pass } }),
        ...(options.trustedCertificates === undefined ? {} : { tls: { ca: options.trustedCertificates } }),
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout * 2,
        logger: false,
        debug: false,
        // Messages are condor's own text: nothing in them may make nodemailer read a file or fetch a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      return new SmtpMailer(settings, options.from.trim(), transport);
    });
  }

  /** The server's URL without its password, for a log line. */
  get redactedUrl(): string {
    return this.settings.redactedUrl;
  }

  send(message: MailMessage): ResultAsync<MailSent, MailFailure> {
    const sending = this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    }) as Promise<{ messageId: string }>;
    return ResultAsync.fromPromise(sending, (cause) => this.failure(cause)).andThen((info) => ok({ messageId: info.messageId }));
  }

  /** Closes idle connections; nothing is pooled, so this only matters to a process about to exit. */
  close(): void {
    this.transport.close();
  }

  private failure(cause: unknown): MailFailure {
    const error = (cause ?? {}) as NodemailerError;
    const message = this.scrub(typeof error.message === 'string' ? error.message : 'the mail could not be sent');
    const responseCode = error.responseCode;
    if (error.code === 'EAUTH') return { kind: 'auth_failed', message };
    if (responseCode !== undefined && error.permanent === true) return { kind: 'rejected', responseCode, message };
    return { kind: 'unavailable', message, ...(responseCode === undefined ? {} : { responseCode }) };
  }

  /** Takes out the password in every form it crosses the wire in (AUTH PLAIN's and LOGIN's base64, URL-encoded). */
  private scrub(text: string): string {
    const credentials = this.settings.credentials;
    if (credentials === undefined || credentials.pass === '') return text;
    const { user, pass } = credentials;
    const forms = [pass, encodeURIComponent(pass), Buffer.from(pass).toString('base64'), Buffer.from(`\0${user}\0${pass}`).toString('base64')];
    return forms.reduce((clean, form) => clean.split(form).join('[redacted]'), text);
  }
}
