import { percent, tenths } from './percent.js';

/** The states of a proposal's ticket (see `OrderTicket.status`). */
export type TicketStatus = 'awaiting_approval' | 'blocked' | 'expired' | 'placed' | 'rejected' | 'unknown' | 'void';

/** What each state of a proposal is called on its ticket, the same on the approval page, the MCP App and the API. */
export const TICKET_STATUS_WORDS = {
  awaiting_approval: 'Awaiting your approval',
  blocked: 'Can no longer be placed, so it cannot be approved; nothing was placed',
  expired: 'Expired: nothing was placed',
  placed: 'Placed',
  rejected: 'Rejected: nothing was placed',
  unknown: 'Sent to the broker; its answer is not known yet',
  void: 'Void: another order of this position was approved first; nothing was placed',
} as const satisfies Record<TicketStatus, string>;

/**
 * The probability of profit at expiry as a person reads it: a whole percentage, or to a tenth beside the figure after
 * costs (costs move it by tenths of a point, so whole ones would show the same number twice).
 * @example popWords(0.684, null) // '68%'; popWords(0.6843, 0.6801) // '68.4% (68.0% after costs)'; popWords(null, null) // 'unknown'
 */
export function popWords(pop: number | null, afterCosts: number | null): string {
  if (pop === null) return 'unknown';
  return afterCosts === null ? percent(pop) : `${tenths(pop)} (${tenths(afterCosts)} after costs)`;
}
