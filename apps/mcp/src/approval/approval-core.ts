import type { OrderTicket, RenderedError } from '@condor/core';

/** What the MCP shell asks of core's approval module (design §12); one seam, so the shell never reaches past it. */
export interface ApprovalCore {
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
