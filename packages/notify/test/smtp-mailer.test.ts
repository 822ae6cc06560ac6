import { selfSignedCertificate, SmtpSink, type TestCertificate } from '@condor/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer, type MailFailure, type SmtpMailerOptions } from '../src/index.js';

const USER = 'condor';
/** Distinctive, with characters that need percent-encoding, so a leak in any form is found. */
const PASSWORD = 'Pa$$:w/rd@Sink-7731';
const url = (scheme: string, port: number, pass = PASSWORD) => `${scheme}://${USER}:${encodeURIComponent(pass)}@127.0.0.1:${String(port)}`;
const FROM = 'Condor <condor@condor.example>';
const MESSAGE = { to: 'person@person.example', subject: 'A passkey was added', text: 'A passkey named "Laptop" was added to your account.', html: '<p>A passkey named <b>Laptop</b> was added.</p>' };

const mailer = (options: Partial<SmtpMailerOptions> & { url: string }) => SmtpMailer.create({ from: FROM, timeoutMs: 2_000, ...options })._unsafeUnwrap();

/** Every form the password could leak in. */
const expectNoPassword = (text: string) => {
  for (const form of [PASSWORD, encodeURIComponent(PASSWORD), Buffer.from(PASSWORD).toString('base64'), Buffer.from(`\0${USER}\0${PASSWORD}`).toString('base64')]) {
    expect(text).not.toContain(form);
  }
};

describe('SmtpMailer over plain SMTP to a loopback sink', () => {
  const sink = new SmtpSink({ credentials: { user: USER, pass: PASSWORD } });
  let port = 0;
  beforeAll(async () => {
    port = await sink.start();
  });
  afterAll(() => sink.stop());
  afterEach(() => {
    sink.messages.length = 0;
  });

  it('authenticates and delivers: envelope, From, Subject, text and HTML', async () => {
    const sent = await mailer({ url: url('smtp', port) }).send(MESSAGE);
    expect(sent._unsafeUnwrap().messageId).toMatch(/^<.+@.+>$/);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail).toMatchObject({ envelope: { from: 'condor@condor.example', to: ['person@person.example'] }, authenticatedUser: USER, subject: MESSAGE.subject });
    expect(mail?.headers.from).toBe('Condor <condor@condor.example>');
    expect(mail?.text.trim()).toBe(MESSAGE.text);
    expect(mail?.html).toContain('<b>Laptop</b>');
    expectNoPassword(mail?.raw ?? '');
  });

  it('reports a wrong password as auth_failed, with no password in the failure', async () => {
    const failure = (await mailer({ url: url('smtp', port, `${PASSWORD}-wrong`) }).send(MESSAGE))._unsafeUnwrapErr();
    expect(failure.kind).toBe('auth_failed');
    expect(JSON.stringify(failure)).not.toContain(`${PASSWORD}-wrong`);
    expectNoPassword(JSON.stringify(failure));
    expect(sink.authFailures.at(-1)).toEqual({ method: expect.stringMatching(/PLAIN|LOGIN/), username: USER });
  });

  it('reports a 5xx refusal as rejected and a 4xx as unavailable', async () => {
    sink.refuseNext(1, { code: 550, message: 'Sender not allowed' });
    const rejected = (await mailer({ url: url('smtp', port) }).send(MESSAGE))._unsafeUnwrapErr();
    expect(rejected).toMatchObject({ kind: 'rejected', responseCode: 550, message: expect.stringContaining('Sender not allowed') });
    sink.refuseNext(1, { code: 451, message: 'Try again later' });
    const later = (await mailer({ url: url('smtp', port) }).send(MESSAGE))._unsafeUnwrapErr();
    expect(later).toMatchObject({ kind: 'unavailable', responseCode: 451 });
    expect(sink.messages).toEqual([]);
  });
});

describe('SmtpMailer over smtps', () => {
  let certificate: TestCertificate;
  let sink: SmtpSink;
  let port = 0;
  beforeAll(async () => {
    certificate = selfSignedCertificate();
    sink = new SmtpSink({ credentials: { user: USER, pass: PASSWORD }, tls: { cert: certificate.cert, key: certificate.key } });
    port = await sink.start();
  });
  afterAll(async () => {
    await sink.stop();
    certificate.remove();
  });

  it('delivers over implicit TLS to a server whose certificate it trusts', async () => {
    const sent = await mailer({ url: url('smtps', port), trustedCertificates: certificate.cert }).send(MESSAGE);
    expect(sent.isOk()).toBe(true);
    expect(sink.messages.map((mail) => mail.subject)).toEqual([MESSAGE.subject]);
  });

  it('refuses a certificate it does not trust, as unavailable', async () => {
    const failure: MailFailure = (await mailer({ url: url('smtps', port) }).send(MESSAGE))._unsafeUnwrapErr();
    expect(failure.kind).toBe('unavailable');
    expectNoPassword(JSON.stringify(failure));
  });
});

describe('SmtpMailer configuration', () => {
  it('allows plain smtp:// only to a loopback host, and never echoes the password', () => {
    for (const host of ['127.0.0.1:2525', 'localhost', '[::1]:25']) {
      expect(SmtpMailer.create({ url: `smtp://${host}`, from: FROM }).isOk()).toBe(true);
    }
    const remote = SmtpMailer.create({ url: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@mail.example.com:587`, from: FROM })._unsafeUnwrapErr();
    expect(remote.message).toMatch(/only to a loopback host; use smtps:\/\//);
    expectNoPassword(remote.message);
    expect(SmtpMailer.create({ url: `smtps://${USER}:${encodeURIComponent(PASSWORD)}@mail.example.com`, from: FROM }).isOk()).toBe(true);
  });

  it('refuses other schemes, a URL that is none, and a From that is no address', () => {
    expect(SmtpMailer.create({ url: 'http://127.0.0.1', from: FROM })._unsafeUnwrapErr().message).toMatch(/smtps:\/\/ or smtp:\/\//);
    const garbled = SmtpMailer.create({ url: `${PASSWORD} not a url`, from: FROM })._unsafeUnwrapErr();
    expectNoPassword(garbled.message);
    expect(SmtpMailer.create({ url: 'smtp://127.0.0.1', from: 'Condor' })._unsafeUnwrapErr().message).toMatch(/From/);
  });

  it('shows its URL with the password masked', () => {
    const built = SmtpMailer.create({ url: `smtps://${USER}:${encodeURIComponent(PASSWORD)}@mail.example.com:465`, from: FROM })._unsafeUnwrap();
    expect(built.redactedUrl).toBe('smtps://condor:***@mail.example.com:465');
  });

  it('reports no server listening as unavailable', async () => {
    const failure = (await mailer({ url: 'smtp://127.0.0.1:1' }).send(MESSAGE))._unsafeUnwrapErr();
    expect(failure.kind).toBe('unavailable');
  });
});
