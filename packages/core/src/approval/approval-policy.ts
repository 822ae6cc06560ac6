import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import type { ApprovalMethod } from '../ports/proposal-store.js';

/**
 * Whether an approval by `method` may place an order on an account of `environment` (design §12):
 * - `page` (the approval page, in the owner's browser session) always may;
 * - `elicitation` and `app` are answered by the MCP client, which anyone holding the user's token can act as:
 *   they may on paper accounts while the deployment trusts them (`elicitationApprovals`, `appApprovals`, on by
 *   default), and on live accounts only where the deployment also says so (`liveClientApprovals`, off by default);
 * - the agent's own `confirm` only under `CONDOR_APPROVAL=confirm`, and only for paper accounts.
 */
export function methodAllowed(method: ApprovalMethod, environment: BrokerEnvironment, services: Services): boolean {
  const { config } = services;
  switch (method) {
    case 'page':
      return true;
    case 'confirm':
      return environment === 'paper' && config.approvalPolicy === 'confirm';
    case 'app':
      return config.appApprovals !== false && clientApprovalsAllowed(environment, services);
    case 'elicitation':
      return config.elicitationApprovals !== false && clientApprovalsAllowed(environment, services);
  }
}

/** Whether approvals answered by an MCP client (elicitation, MCP App) count at all on an account of `environment`. */
export const clientApprovalsAllowed = (environment: BrokerEnvironment, services: Services): boolean =>
  environment === 'paper' || services.config.liveClientApprovals === true;
