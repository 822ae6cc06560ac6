import type { BrokerOrder, CancelOutcome } from '../ports/broker.js';

/**
 * What a cancel came to, from the order as the broker reports it right after accepting the cancel: still working
 * counts as cancelled (the broker completes a cancel asynchronously), filled or already ended as refused.
 */
export function cancelOutcomeOf(order: BrokerOrder): CancelOutcome {
  switch (order.status) {
    case 'canceled':
    case 'pending_cancel':
    case 'accepted':
    case 'partially_filled':
      return { kind: 'canceled' };
    case 'filled':
      return { kind: 'refused', message: 'the order filled before it could be cancelled' };
    case 'rejected':
    case 'expired':
    case 'replaced':
      return { kind: 'refused', message: `the order is already ${order.status}` };
  }
}
