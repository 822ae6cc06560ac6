import { errAsync, ResultAsync } from 'neverthrow';
import type { BrowserCaller } from '../browser/browser-session.js';
import { BROKER_KEYS_LINK_TTL_MS, mintLink } from '../browser/links.js';
import { appError, type AppError } from '../errors/app-error.js';
import { expiresAt } from '../lifecycle/proposal-timing.js';
import type { Services } from '../services.js';

/**
 * A fresh approval link for one of the person's own proposals, opened from their desk: approval links are kept only
 * as digests, so the one the agent was given cannot be shown again. It expires with the proposal, and acts only for
 * the owner's browser session as every approval link does. Another user's proposal, or none, is NOT_FOUND.
 */
export function deskApprovalLink(services: Services, caller: BrowserCaller, proposalId: string): ResultAsync<string, AppError> {
  return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((proposal) =>
    proposal === undefined
      ? errAsync(appError('NOT_FOUND', { message: 'You have no proposal with this id.' }))
      : ResultAsync.fromSafePromise(mintLink(services, 'approve_proposal', caller.userId, proposal.id, expiresAt(proposal.createdAt))),
  );
}

/** A broker-keys link for the person themselves, as get_broker_keys_link gives one to their agent: single use, 15 minutes. */
export const deskBrokerKeysLink = (services: Services, caller: BrowserCaller): ResultAsync<string, never> =>
  ResultAsync.fromSafePromise(mintLink(services, 'broker_keys', caller.userId, null, services.clock.now() + BROKER_KEYS_LINK_TTL_MS));
