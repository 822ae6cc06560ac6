import { authentication, closeElicitation, openElicitation, proposalTicket, rejectProposal, renderError, ticketView, type Services } from '@condor/core';
import type { ApprovalCore } from './approval-core.js';

/** The MCP shell's seam onto core's approval functions (design §12). */
export function coreApproval(services: Services): ApprovalCore {
  return {
    // An API key's principal is the key, not its user: the user comes from authenticating it.
    userIdOf: async (credential) => (await authentication(credential, services)()).map((caller) => caller.userId).unwrapOr(null),
    ticket: async (credential, proposalId) => (await proposalTicket(services, credential, proposalId)).unwrapOr(null),
    openElicitation: (userId, proposalId) => openElicitation(services, userId, proposalId),
    closeElicitation: (userId, proposalId, nonce) => closeElicitation(services, userId, proposalId, nonce),
    reject: async (credential, proposalId) =>
      (await rejectProposal(services, credential, proposalId)).match(
        (ticket) => ({ ok: true as const, value: ticketView(ticket) }),
        (error) => ({ ok: false as const, error: renderError(error) }),
      ),
  };
}
