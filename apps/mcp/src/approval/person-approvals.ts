import {
  authentication,
  closeElicitation,
  openElicitation,
  proposalTicket,
  rejectProposal,
  renderError,
  ticketView,
  type OrderTicket,
  type RenderedError,
  type Services,
} from '@condor/core';

/**
 * What the MCP shell asks of core to get a person's approval (design §12): who the caller is, the ticket they
 * are shown, a single-use elicitation, and a Reject. One seam, so the shell never reaches past it.
 */
export interface PersonApprovals {
  /** The caller's user id behind `credential` (a live access token or API key), or null. */
  userIdOf(credential: string | null): Promise<string | null>;
  /** The order ticket of the caller's proposal, or null when they cannot see it (then nobody is asked). */
  ticket(credential: string | null, proposalId: string): Promise<OrderTicket | null>;
  /** Opens a single-use elicitation for the proposal: its nonce and until when an answer counts (epoch ms). */
  openElicitation(userId: string, proposalId: string): Promise<{ readonly nonce: string; readonly expiresAt: number }>;
  /** Closes it: true exactly once per nonce, and only before it expires. */
  closeElicitation(userId: string, proposalId: string, nonce: string): Promise<boolean>;
  /** A person's Reject: ends the proposal, nothing is placed; the value is the ticket as answers carry it. */
  reject(credential: string | null, proposalId: string): Promise<{ readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RenderedError }>;
}

/** Core's approval functions over `services`, as the MCP shell calls them. */
export function personApprovals(services: Services): PersonApprovals {
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
