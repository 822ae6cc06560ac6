import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** A message the sink accepted: the SMTP envelope, the headers as sent, and the parsed text. */
export interface ReceivedMail {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  /** The user that authenticated, or undefined on a connection without AUTH. */
  readonly authenticatedUser: string | undefined;
  /** Header names in lower case; a header given twice has its values joined by a newline. */
  readonly headers: Readonly<Record<string, string>>;
  readonly subject: string;
  readonly text: string;
  readonly html: string | undefined;
  /** The message as it came over DATA, to search for anything that must not be there. */
  readonly raw: string;
}

/** A refusal of the next MAIL FROM: 4xx is temporary, 5xx permanent. */
export interface SmtpRefusal {
  readonly code: number;
  readonly message: string;
}

export interface SmtpSinkOptions {
  /** When set, AUTH PLAIN or LOGIN with these is required before MAIL FROM. */
  readonly credentials?: { readonly user: string; readonly pass: string };
  /** When set, the sink speaks implicit TLS (smtps) with this certificate; otherwise plain SMTP without STARTTLS. */
  readonly tls?: { readonly cert: string; readonly key: string };
}

type SmtpError = Error & { responseCode: number };
const smtpError = (code: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode: code });

/**
 * An SMTP server on 127.0.0.1 (the `smtp-server` package) that records every message it accepts, parsed by
 * `mailparser`. It checks AUTH against the given credentials, never keeps a password it was sent, and can be told
 * to refuse the next messages.
 * @example
 * const sink = new SmtpSink({ credentials: { user: 'condor', pass: 's3cret' } });
 * const port = await sink.start();
 * // … send through smtp://condor:s3cret@127.0.0.1:${port} …
 * sink.messages[0]?.subject
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** Refused AUTH attempts: the method and the user name tried. */
  readonly authFailures: { readonly method: string; readonly username: string | undefined }[] = [];
  private readonly refusals: SmtpRefusal[] = [];
  private readonly server: SMTPServer;

  constructor(private readonly options: SmtpSinkOptions = {}) {
    const { credentials, tls } = options;
    this.server = new SMTPServer({
      logger: false,
      secure: tls !== undefined,
      ...(tls === undefined ? {} : { key: tls.key, cert: tls.cert }),
      disabledCommands: [...(tls === undefined ? ['STARTTLS'] : []), ...(credentials === undefined ? ['AUTH'] : [])],
      authMethods: ['PLAIN', 'LOGIN'],
      authOptional: credentials === undefined,
      // Plain SMTP on loopback is how the mailer's loopback rule is tested; AUTH must work there too.
      allowInsecureAuth: true,
      closeTimeout: 100,
      onAuth: (auth, _session, callback) => {
        if (this.acceptsAuth(auth)) {
          callback(null, { user: auth.username });
          return;
        }
        this.authFailures.push({ method: auth.method, username: auth.username });
        callback(smtpError(535, 'Authentication credentials invalid'));
      },
      onMailFrom: (_address, _session, callback) => {
        const refusal = this.refusals.shift();
        callback(refusal === undefined ? null : smtpError(refusal.code, refusal.message));
      },
      onData: (stream, session, callback) => {
        this.record(stream, session).then(
          () => {
            callback();
          },
          (cause: unknown) => {
            callback(smtpError(451, cause instanceof Error ? cause.message : 'could not read the message'));
          },
        );
      },
    });
  }

  /** Listens on a free port of 127.0.0.1 and answers it. */
  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  /** The next `count` messages are refused at MAIL FROM with `refusal`. */
  refuseNext(count: number, refusal: SmtpRefusal): void {
    this.refusals.push(...Array.from({ length: count }, () => refusal));
  }

  private acceptsAuth(auth: SMTPServerAuthentication): boolean {
    const expected = this.options.credentials;
    return expected !== undefined && (auth.method === 'PLAIN' || auth.method === 'LOGIN') && auth.username === expected.user && auth.password === expected.pass;
  }

  private async record(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const parsed: ParsedMail = await simpleParser(raw);
    const { mailFrom, rcptTo } = session.envelope;
    this.messages.push({
      envelope: { from: mailFrom === false ? '' : mailFrom.address, to: rcptTo.map((recipient) => recipient.address) },
      authenticatedUser: typeof session.user === 'string' ? session.user : undefined,
      headers: headerRecord(parsed),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : undefined,
      raw: raw.toString('utf8'),
    });
  }
}

function headerRecord(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line.slice(line.indexOf(':') + 1).trim();
    headers[key] = key in headers ? `${headers[key] ?? ''}\n${value}` : value;
  }
  return headers;
}
