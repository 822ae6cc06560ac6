import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import type { ApprovalMethod } from './ticket-types.js';

/**
 * Whether an approval by `method` may place an order on an account of `environment` (design §12): a person's
 * method always may (an MCP App's only while the deployment trusts app approvals); the agent's own confirm only
 * under `CONDOR_APPROVAL=confirm`, and only for paper accounts — a live order always needs a person.
 */
export function methodAllowed(method: ApprovalMethod, environment: BrokerEnvironment, services: Services): boolean {
  if (method === 'confirm') return environment === 'paper' && services.config.approvalPolicy === 'confirm';
  if (method === 'app') return services.config.appApprovals !== false;
  return true;
}
