import { err, ok, type Result } from 'neverthrow';
import { isLoopbackHost } from '../loopback.js';

/** Where and how to reach the SMTP server, read from a `CONDOR_SMTP_URL`-style URL. */
export interface SmtpSettings {
  readonly host: string;
  readonly port: number;
  /** Implicit TLS from the first byte (`smtps://`). */
  readonly secure: boolean;
  readonly credentials: { readonly user: string; readonly pass: string } | undefined;
  /** The URL with its password replaced, for logs and messages. */
  readonly redactedUrl: string;
}

/** Why the mail settings were refused; never carries the URL's password. */
export interface MailConfigError {
  readonly kind: 'invalid_mail_config';
  readonly message: string;
}

const DEFAULT_PORTS = { 'smtp:': 25, 'smtps:': 465 } as const;

/**
 * Reads `smtps://user:password@host:port` (implicit TLS, any host) or `smtp://…` (plain, only to a loopback host:
 * a password and every message would otherwise cross the network in the clear). User and password are
 * percent-decoded and optional together (a local mail catcher needs none).
 * @example
 * parseSmtpUrl('smtps://condor:p%40ss@mail.example.com') // Ok({ host: 'mail.example.com', port: 465, secure: true, credentials: { user: 'condor', pass: 'p@ss' }, … })
 */
export function parseSmtpUrl(text: string): Result<SmtpSettings, MailConfigError> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return err(invalid('the SMTP URL is not a URL (expected smtps://user:password@host:port)'));
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return err(invalid(`the SMTP URL must start with smtps:// or smtp://, not ${url.protocol}//`));
  if (url.hostname === '') return err(invalid('the SMTP URL has no host'));
  const secure = url.protocol === 'smtps:';
  if (!secure && !isLoopbackHost(url.hostname)) {
    return err(invalid(`plain smtp:// is allowed only to a loopback host; use smtps:// to reach ${url.hostname}`));
  }
  const user = safeDecode(url.username);
  const pass = safeDecode(url.password);
  if (user === undefined || pass === undefined) return err(invalid('the SMTP URL has a badly percent-encoded user or password'));
  if ((user === '') !== (pass === '')) return err(invalid('the SMTP URL needs both a user and a password, or neither'));
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  const redacted = new URL(url.href);
  if (redacted.password !== '') redacted.password = '***';
  return ok({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port,
    secure,
    credentials: user === '' ? undefined : { user, pass },
    redactedUrl: `${redacted.protocol}//${redacted.username === '' ? '' : `${redacted.username}:${redacted.password}@`}${redacted.host}`,
  });
}

const safeDecode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

const invalid = (message: string): MailConfigError => ({ kind: 'invalid_mail_config', message });
