import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { SingleUseLink, LinkPurpose } from '../ports/single-use-link-store.js';
import type { Services } from '../services.js';
import { isOpaqueToken } from './opaque-token.js';

/** How long a broker-keys link lives. */
export const BROKER_KEYS_LINK_TTL_MS = 15 * 60_000;

/** Mints a single-use token for `purpose`, stores only its digest, and gives the token back. */
export async function mintLink(
  services: Services,
  purpose: LinkPurpose,
  ownerId: string,
  proposalId: string | null,
  expiresAt: number,
): Promise<string> {
  const token = services.ids.opaqueToken();
  await services.singleUseLinks.insert({
    digest: services.digest.sha256(token),
    purpose,
    ownerId,
    proposalId,
    createdAt: services.clock.now(),
    expiresAt,
    usedAt: null,
  });
  return token;
}

/** An absolute URL of one of condor's pages (relative when the deployment has no public URL). */
export const pageUrl = (services: Services, path: string): string => `${services.config.publicUrl ?? ''}${path}`;
export const approvalUrl = (services: Services, token: string): string => pageUrl(services, `/approve/${token}`);
export const brokerKeysUrl = (services: Services, token: string): string => pageUrl(services, `/broker-keys/${token}`);

/**
 * The owner's live link of `purpose` behind `token`: NOT_FOUND for an unknown token, another purpose or another
 * owner's link (indistinguishable); `expired` tells the caller whether it is past its time.
 */
export function findLink(services: Services, token: string, purpose: LinkPurpose, ownerId: string): ResultAsync<{ link: SingleUseLink; expired: boolean }, AppError> {
  if (!isOpaqueToken(token)) return errAsync(linkNotFound());
  return ResultAsync.fromSafePromise(services.singleUseLinks.find(services.digest.sha256(token))).andThen((link) =>
    link === undefined || link.purpose !== purpose || link.ownerId !== ownerId
      ? errAsync(linkNotFound())
      : okAsync({ link, expired: services.clock.now() >= link.expiresAt }),
  );
}

export const linkNotFound = (): AppError =>
  appError('NOT_FOUND', {
    message: 'This link does not exist, or it belongs to another account.',
    suggestion: 'Open the link from the answer that gave it to you while logged in as the same user.',
  });
