import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Proposal } from '../ports/proposal-store.js';
import { PROPOSAL_TTL_S } from '../lifecycle/proposal-timing.js';
import { madeBy } from '../lifecycle/proposal-maker.js';
import type { Services } from '../services.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import { findLink } from '../browser/links.js';
import { approvalPurpose, PASSKEY_REFUSAL_WORDS, startPasskeyAssertion, type PasskeyRefusal } from '../passkeys/index.js';
import type { WebAuthnOptions } from '../ports/webauthn-verifier.js';
import { pricingOf } from '../working-orders/proposal-pricing.js';
import { passkeyNeed, type PasskeyNeed } from './passkey-need.js';
import { PAGE_REQUIRED_EXPECTED } from './person-required.js';
import { loadTicket } from './load-ticket.js';
import { rejectOwnProposal } from './reject-proposal.js';
import type { OrderTicket } from './ticket-types.js';

/**
 * The ticket behind an approval link of the browser session's owner, whether the link has been used, what approving it
 * asks of the person, and the expired proposal it is a fresh quote of (null for any other).
 */
export function approvalTicket(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
): ResultAsync<{ ticket: OrderTicket; linkUsed: boolean; passkey: PasskeyNeed; freshQuoteOf: string | null }, AppError> {
  return linkedProposal(services, caller, linkToken, false).andThen(({ proposal, used }) =>
    loadTicket(services, proposal).andThen((ticket) =>
      ResultAsync.fromSafePromise(passkeyNeed(services, caller.userId, ticket.account.environment)).map((passkey) => ({
        ticket,
        linkUsed: used,
        passkey,
        freshQuoteOf: madeBy(proposal)?.freshQuoteOf ?? null,
      })),
    ),
  );
}

/**
 * The browser's options for a passkey assertion approving the link's proposal at its band: its challenge is bound
 * to both (`approvalPurpose`), single use. A person without a passkey is told to add one.
 */
export function startPasskeyApproval(services: Services, caller: BrowserCaller, linkToken: string): ResultAsync<WebAuthnOptions, AppError> {
  return linkedProposal(services, caller, linkToken, true).andThen(({ proposal }) =>
    ResultAsync.fromSafePromise(services.passkeys.list(caller.userId)).andThen((passkeys) =>
      passkeys.length === 0
        ? errAsync(passkeyRefused(proposal, 'no_passkey'))
        : ResultAsync.fromSafePromise(startPasskeyAssertion(services, caller.userId, proposalPurpose(proposal))),
    ),
  );
}

/** Rejects on the page: the proposal ends without an order. */
export function rejectByLink(services: Services, caller: BrowserCaller, linkToken: string): ResultAsync<OrderTicket, AppError> {
  return linkedProposal(services, caller, linkToken, true).andThen(({ proposal, digest }) =>
    rejectOwnProposal(services, proposal, 'on the approval page')
      .andThen(() => markUsed(services, digest))
      .andThen(() => reloadTicket(services, caller, proposal.id)),
  );
}

/** The proposal of the owner's approval link: NOT_FOUND for an unknown link or another user's; PROPOSAL_EXPIRED past its time when acting. */
export function linkedProposal(services: Services, caller: BrowserCaller, linkToken: string, acting: boolean): ResultAsync<{ proposal: Proposal; used: boolean; digest: string }, AppError> {
  return findLink(services, linkToken, 'approve_proposal', caller.userId).andThen(({ link, expired }) => {
    if (link.proposalId === null) return errAsync(appError('NOT_FOUND'));
    return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, link.proposalId)).andThen((proposal) => {
      if (proposal === undefined) return errAsync(appError('NOT_FOUND'));
      // A proposal already acted on is answered by what became of it, whatever the link's age.
      if (expired && acting && proposal.consumedAt === null) {
        return errAsync(appError('PROPOSAL_EXPIRED', { message: `This approval link has expired with its proposal (${String(PROPOSAL_TTL_S)} seconds). Nothing was placed; ask for a new proposal.` }));
      }
      return okAsync({ proposal, used: link.usedAt !== null, digest: link.digest });
    });
  });
}

/** What an assertion approving `proposal` is bound to: the proposal and the band the page shows (one price without a plan). */
export const proposalPurpose = (proposal: Proposal): string => {
  const plan = pricingOf(proposal);
  return approvalPurpose(proposal.id, plan?.startPrice ?? proposal.limitPrice, plan?.worstPrice ?? proposal.limitPrice);
};

/** CONFIRM_BLOCKED for a passkey the page could not accept, saying why; nothing was placed. */
export const passkeyRefused = (proposal: Proposal, refusal: PasskeyRefusal): AppError =>
  appError('CONFIRM_BLOCKED', {
    message: `${PASSKEY_REFUSAL_WORDS[refusal]} Nothing was placed.`,
    expected: PAGE_REQUIRED_EXPECTED,
    received: { proposal_id: proposal.id },
    personApproval: 'page',
  });

/** Marks the approval link used (single use). */
export const markUsed = (services: Services, digest: string): ResultAsync<boolean, never> =>
  ResultAsync.fromSafePromise(services.singleUseLinks.markUsed(digest, services.clock.now()));

/** The ticket of the owner's proposal as it is now, after the page acted on it. */
export function reloadTicket(services: Services, caller: BrowserCaller, proposalId: string): ResultAsync<OrderTicket, AppError> {
  return ResultAsync.fromSafePromise(services.proposals.get(caller.userId, proposalId)).andThen((proposal) =>
    proposal === undefined ? errAsync(appError('NOT_FOUND')) : loadTicket(services, proposal),
  );
}
