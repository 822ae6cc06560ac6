import { okAsync, type ResultAsync } from 'neverthrow';
import { linkedProposal, markUsed, passkeyRefused, proposalPurpose, reloadTicket } from '../approval/approval-page.js';
import type { OrderTicket } from '../approval/ticket-types.js';
import type { BrowserCaller } from '../browser/browser-session.js';
import type { AppError } from '../errors/app-error.js';
import type { HandlerContext } from '../operations/operation.js';
import type { PasskeyAnswer } from '../passkeys/assert-passkey.js';
import { verifyPasskeyAssertion } from '../passkeys/index.js';
import type { Proposal } from '../ports/proposal-store.js';
import { ALL_SCOPES } from '../scopes/scopes.js';
import type { Services } from '../services.js';
import { placeProposal } from './place-proposal.js';

/**
 * Approves on the page: places the order through the one placement path — with method `passkey` when the person
 * answered with a passkey (verified first, against a challenge made for this proposal and its band), else `page`,
 * which the policy refuses where a passkey is required. The link is marked used once the proposal is consumed; a
 * second click finds the proposal consumed and is told its order.
 */
export function approveByLink(
  services: Services,
  caller: BrowserCaller,
  linkToken: string,
  evidence: { client: string | null; address: string | null },
  passkey: PasskeyAnswer | null = null,
): ResultAsync<{ ticket: OrderTicket; orderId: string; orderStatus: string }, AppError> {
  return linkedProposal(services, caller, linkToken, true).andThen(({ proposal, digest }) =>
    verifiedPasskey(services, caller.userId, proposal, passkey)
      .andThen((passkeyId) => placeProposal(proposal.id, passkeyId === null ? 'page' : 'passkey', pageContext(services, caller, evidence), passkeyId))
      .andThen((placed) => markUsed(services, digest).map(() => placed))
      .andThen((placed) => reloadTicket(services, caller, proposal.id).map((ticket) => ({ ticket, orderId: placed.order_id, orderStatus: placed.order_status }))),
  );
}

/**
 * The passkey that approved, verified for this proposal and its band; null when the person gave none, or when the
 * proposal is decided already (a second click is then told what became of it, and places nothing either way).
 */
function verifiedPasskey(services: Services, userId: string, proposal: Proposal, answer: PasskeyAnswer | null): ResultAsync<string | null, AppError> {
  if (answer === null || proposal.consumedAt !== null) return okAsync(null);
  return verifyPasskeyAssertion(services, { userId, purpose: proposalPurpose(proposal), challenge: answer.challenge, response: answer.response })
    .map(({ credentialId }): string | null => credentialId)
    .mapErr((refusal) => passkeyRefused(proposal, refusal));
}

/** A page approval acts as its owner, outside any tool-call batch, with the browser as the client. */
function pageContext(services: Services, caller: BrowserCaller, evidence: { client: string | null; address: string | null }): HandlerContext<'trading'> {
  return {
    services,
    caller: { userId: caller.userId, email: caller.email, tier: 'free', sessionId: caller.sessionDigest, credential: 'session', scopes: ALL_SCOPES },
    requestId: 'approval-page',
    batchKey: null,
    clientIp: evidence.address,
    progress: null,
    client: evidence.client,
    approval: null,
  };
}
