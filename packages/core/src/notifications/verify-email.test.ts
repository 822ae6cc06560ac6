import { createTestServices, type TestServices } from '@condor/testkit';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { execute } from '../operations/execute.js';
import type { Mail, MailChannel } from '../ports/news-channels.js';
import { addressView, sendVerificationMail, VERIFY_LINK_TTL_MS, VERIFY_MAIL_RATE, verifyEmail } from './verify-email.js';

const ANN = { id: '00000000-0000-4000-8000-0000000000a1', email: 'ann@example.com' };
const ORIGIN = 'https://condor.example';

/** A mail server that keeps what it was given, or refuses all while `down`. */
class Outbox implements MailChannel {
  readonly sent: Mail[] = [];
  down = false;
  send(mail: Mail): Promise<'sent' | 'failed'> {
    if (this.down) return Promise.resolve('failed');
    this.sent.push(mail);
    return Promise.resolve('sent');
  }
}

const tokenIn = (mail: Mail | undefined): string => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

let outbox: Outbox;
let services: TestServices;
beforeEach(async () => {
  outbox = new Outbox();
  services = createTestServices({ mail: outbox, config: { ...createTestServices().config, publicUrl: ORIGIN } });
  await services.users.insert({ ...ANN, passwordHash: 'x', createdAt: 0 });
});

describe('the verification mail', () => {
  it('mails a single-use link to the account’s address, at the public URL, living 24 hours', async () => {
    expect((await sendVerificationMail(services, ANN.id))._unsafeUnwrap()).toEqual({ to: ANN.email });
    const [mail] = outbox.sent;
    expect(mail?.to).toBe(ANN.email);
    expect(mail?.text).toContain(`${ORIGIN}/verify-email/`);
    const token = tokenIn(mail);
    const link = await services.singleUseLinks.find(services.digest.sha256(token));
    expect(link).toMatchObject({ purpose: 'verify_email', ownerId: ANN.id, expiresAt: services.clock.now() + VERIFY_LINK_TTL_MS, usedAt: null });
  });

  it(`goes at most ${String(VERIFY_MAIL_RATE.mails)} times an hour per person`, async () => {
    for (let i = 0; i < VERIFY_MAIL_RATE.mails; i++) expect((await sendVerificationMail(services, ANN.id)).isOk()).toBe(true);
    expect((await sendVerificationMail(services, ANN.id))._unsafeUnwrapErr()).toBe('too_many');
    expect(outbox.sent).toHaveLength(VERIFY_MAIL_RATE.mails);
    services.clock.advance(VERIFY_MAIL_RATE.windowMs);
    expect((await sendVerificationMail(services, ANN.id)).isOk()).toBe(true);
  });

  it('is not sent without mail, to a verified address, or when the server refuses it (which it says)', async () => {
    expect((await sendVerificationMail({ ...services, mail: null }, ANN.id))._unsafeUnwrapErr()).toBe('mail_off');
    outbox.down = true;
    expect((await sendVerificationMail(services, ANN.id))._unsafeUnwrapErr()).toBe('mail_failed');
    await services.users.markEmailVerified(ANN.id, 5);
    outbox.down = false;
    expect((await sendVerificationMail(services, ANN.id))._unsafeUnwrapErr()).toBe('already_verified');
    expect(outbox.sent).toEqual([]);
  });
});

describe('opening the verification link', () => {
  const mailedToken = async (): Promise<string> => {
    await sendVerificationMail(services, ANN.id);
    return tokenIn(outbox.sent.at(-1));
  };

  it('verifies the address once; the link is used up', async () => {
    const token = await mailedToken();
    expect((await addressView(services, ANN.id))?.verified).toBe(false);
    expect((await verifyEmail(services, token))._unsafeUnwrap()).toEqual({ email: ANN.email });
    expect((await services.users.findById(ANN.id))?.emailVerifiedAt).toBe(services.clock.now());
    expect((await services.singleUseLinks.find(services.digest.sha256(token)))?.usedAt).toBe(services.clock.now());
    expect(await addressView(services, ANN.id)).toEqual({ email: ANN.email, verified: true, mailConfigured: true });
  });

  it('refuses an expired link and changes nothing', async () => {
    const token = await mailedToken();
    services.clock.advance(VERIFY_LINK_TTL_MS);
    expect((await verifyEmail(services, token))._unsafeUnwrapErr()).toBe('expired');
    expect((await services.users.findById(ANN.id))?.emailVerifiedAt ?? null).toBeNull();
    expect((await services.singleUseLinks.find(services.digest.sha256(token)))?.usedAt).toBeNull();
  });

  it('refuses unknown tokens and other purposes’ links', async () => {
    for (const token of ['', 'short', 'rt_0000000000000000000000000000000000', 'a'.repeat(200), '../../etc/passwd']) {
      expect((await verifyEmail(services, token))._unsafeUnwrapErr()).toBe('unknown');
    }
    await services.singleUseLinks.insert({ digest: services.digest.sha256('rt_brokerkeystoken0000'), purpose: 'broker_keys', ownerId: ANN.id, proposalId: null, createdAt: 0, expiresAt: 1e15, usedAt: null });
    expect((await verifyEmail(services, 'rt_brokerkeystoken0000'))._unsafeUnwrapErr()).toBe('unknown');
    expect((await services.users.findById(ANN.id))?.emailVerifiedAt ?? null).toBeNull();
  });

  it('refuses a used link while the address is not verified; says verified once it is', async () => {
    const token = await mailedToken();
    await services.singleUseLinks.markUsed(services.digest.sha256(token), 1);
    expect((await verifyEmail(services, token))._unsafeUnwrapErr()).toBe('used');
    const second = await mailedToken();
    expect((await verifyEmail(services, second)).isOk()).toBe(true);
    const verifiedAt = (await services.users.findById(ANN.id))?.emailVerifiedAt;
    services.clock.advance(1000);
    expect((await verifyEmail(services, token))._unsafeUnwrap()).toEqual({ email: ANN.email });
    expect((await verifyEmail(services, second))._unsafeUnwrap()).toEqual({ email: ANN.email });
    expect((await services.users.findById(ANN.id))?.emailVerifiedAt).toBe(verifiedAt);
  });

  it('lets one of many concurrent opens use the link', async () => {
    const token = await mailedToken();
    const markUsed = vi.spyOn(services.singleUseLinks, 'markUsed');
    const answers = await Promise.all(Array.from({ length: 5 }, () => verifyEmail(services, token)));
    expect(answers.filter((answer) => answer.isOk()).length).toBeGreaterThanOrEqual(1);
    expect((await Promise.all(markUsed.mock.results.map((r) => r.value as Promise<boolean>))).filter(Boolean)).toHaveLength(1);
  });
});

describe('registration', () => {
  const register = (email: string) => execute('register', { email, password: 'a long enough password' }, { services, credential: null, requestId: 'r', batchKey: null });

  it('mails the new account its verification link when this condor has mail', async () => {
    expect((await register('new@example.com')).isOk()).toBe(true);
    await vi.waitFor(() => {
      expect(outbox.sent.map((mail) => mail.to)).toEqual(['new@example.com']);
    });
    expect(tokenIn(outbox.sent[0])).not.toBe('');
    expect(JSON.stringify(outbox.sent)).not.toContain('a long enough password');
  });

  it('succeeds when the mail server refuses, and without mail', async () => {
    outbox.down = true;
    expect((await register('down@example.com')).isOk()).toBe(true);
    await vi.waitFor(() => {
      expect(services.logger.lines.some((line) => line.event === 'verification_mail_not_sent')).toBe(true);
    });
    services = createTestServices();
    expect((await register('nomail@example.com')).isOk()).toBe(true);
  });
});
