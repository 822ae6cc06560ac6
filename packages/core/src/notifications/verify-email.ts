import { err, ok, ResultAsync, type Result } from 'neverthrow';
import { DAY_MS } from '../calendar/days.js';
import type { Services } from '../services.js';
import { verificationMail } from './news-mail.js';

/** How long a verification link works. */
export const VERIFY_LINK_TTL_MS = DAY_MS;
/** Verification mails one person may have sent per window (registration's counts): enough for a lost mail, too few to flood a mailbox. */
export const VERIFY_MAIL_RATE = { mails: 3, windowMs: 60 * 60_000 } as const;

/** The page a verification link opens: it works without a login, once. */
export const verifyEmailPath = (token: string): string => `/verify-email/${token}`;

export type VerificationServices = Pick<Services, 'users' | 'mail' | 'singleUseLinks' | 'rateLimits' | 'ids' | 'digest' | 'clock' | 'config'>;

/** Why no verification mail went. */
export type VerificationMailRefusal = 'mail_off' | 'no_account' | 'already_verified' | 'too_many' | 'mail_failed';

export const VERIFICATION_MAIL_WORDS = {
  mail_off: 'Mail is not set up on this condor, so it cannot send the verification mail.',
  no_account: 'This account no longer exists.',
  already_verified: 'Your address is verified already.',
  too_many: `condor sent ${String(VERIFY_MAIL_RATE.mails)} verification mails in the last hour. Look for them (and in your spam folder), or try again later.`,
  mail_failed: 'The mail server did not take the verification mail. Try again in a few minutes.',
} as const satisfies Record<VerificationMailRefusal, string>;

/** Why a verification link did nothing. */
export type VerifyLinkRefusal = 'unknown' | 'used' | 'expired';

export const VERIFY_LINK_WORDS = {
  unknown: 'This verification link is not one condor sent, or it was cut short. Open it from the mail again, whole.',
  used: 'This verification link was used already. Log in and send a new one from your settings page.',
  expired: `This verification link has expired (they work for ${String(VERIFY_LINK_TTL_MS / 3_600_000)} hours). Log in and send a new one from your settings page.`,
} as const satisfies Record<VerifyLinkRefusal, string>;

/** What `Ids.opaqueToken()` makes; anything else is never hashed or looked up. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Mails the person a link that proves their address theirs: a single-use `verify_email` link living
 * `VERIFY_LINK_TTL_MS`, to `${publicUrl}/verify-email/<token>`. At most `VERIFY_MAIL_RATE` per person; none when mail is
 * not configured or the address is verified already.
 */
export const sendVerificationMail = (services: VerificationServices, userId: string): ResultAsync<{ readonly to: string }, VerificationMailRefusal> =>
  new ResultAsync(sending(services, userId));

async function sending(services: VerificationServices, userId: string): Promise<Result<{ readonly to: string }, VerificationMailRefusal>> {
  const mail = services.mail;
  if (mail === null) return err('mail_off' as const);
  const user = await services.users.findById(userId);
  if (user === undefined) return err('no_account' as const);
  if ((user.emailVerifiedAt ?? null) !== null) return err('already_verified' as const);
  const now = services.clock.now();
  const window = await services.rateLimits.hit(`verify-mail:${userId}`, VERIFY_MAIL_RATE.windowMs, now);
  if (window.count > VERIFY_MAIL_RATE.mails) return err('too_many' as const);
  // Minted here rather than with browser/links' mintLink: accounts (registration) calls this, and browser imports accounts.
  const token = services.ids.opaqueToken();
  await services.singleUseLinks.insert({
    digest: services.digest.sha256(token),
    purpose: 'verify_email',
    ownerId: userId,
    proposalId: null,
    createdAt: now,
    expiresAt: now + VERIFY_LINK_TTL_MS,
    usedAt: null,
  });
  const sent = await mail.send(verificationMail(user.email, `${services.config.publicUrl ?? ''}${verifyEmailPath(token)}`));
  return sent === 'sent' ? ok({ to: user.email }) : err('mail_failed' as const);
}

/**
 * Opens a verification link: marks it used (once, whoever races) and the owner's address verified. Unknown, used and
 * expired links change nothing; a link whose owner's address is verified already (a mail scanner opened it first, or
 * another link did it) answers that the address is verified, changing nothing.
 */
export const verifyEmail = (services: Pick<Services, 'users' | 'singleUseLinks' | 'digest' | 'clock'>, token: string): ResultAsync<{ readonly email: string }, VerifyLinkRefusal> =>
  new ResultAsync(verifying(services, token));

async function verifying(services: Pick<Services, 'users' | 'singleUseLinks' | 'digest' | 'clock'>, token: string): Promise<Result<{ readonly email: string }, VerifyLinkRefusal>> {
  if (!TOKEN.test(token)) return err('unknown' as const);
  const digest = services.digest.sha256(token);
  const link = await services.singleUseLinks.find(digest);
  if (link?.purpose !== 'verify_email') return err('unknown' as const);
  const user = await services.users.findById(link.ownerId);
  if (user === undefined) return err('unknown' as const);
  if ((user.emailVerifiedAt ?? null) !== null) return ok({ email: user.email });
  if (link.usedAt !== null) return err('used' as const);
  const now = services.clock.now();
  if (now >= link.expiresAt) return err('expired' as const);
  if (!(await services.singleUseLinks.markUsed(digest, now))) return err('used' as const);
  await services.users.markEmailVerified(user.id, now);
  return ok({ email: user.email });
}

/** The account's address as the settings page shows it. */
export interface AddressView {
  readonly email: string;
  readonly verified: boolean;
  /** Whether this condor can send mail at all. */
  readonly mailConfigured: boolean;
}

export async function addressView(services: Pick<Services, 'users' | 'mail'>, userId: string): Promise<AddressView | null> {
  const user = await services.users.findById(userId);
  return user === undefined ? null : { email: user.email, verified: (user.emailVerifiedAt ?? null) !== null, mailConfigured: services.mail !== null };
}
