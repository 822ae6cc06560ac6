import type { BrokerEnvironment } from '../ports/broker-link-store.js';
import type { Services } from '../services.js';
import type { ApprovalMethod } from '../ports/proposal-store.js';

/**
 * Whether an approval by `method` may place an order on an account of `environment` (design §12, §16):
 * - `passkey` (the approval page with a fresh, user-verified passkey assertion bound to the proposal and its band)
 *   always may; where a passkey is required (`passkeyRequired`: live accounts always, paper ones when the person
 *   turned it on) nothing else may;
 * - `page` (the approval page, in the owner's browser session, password only) may otherwise;
 * - `elicitation` and `app` are answered by the MCP client, which anyone holding the user's token can act as:
 *   they may on paper accounts while the deployment trusts them (`elicitationApprovals`, `appApprovals`, on by
 *   default), never on live ones;
 * - the agent's own `confirm` only under `CONDOR_APPROVAL=confirm`, and only for paper accounts.
 */
export function methodAllowed(method: ApprovalMethod, environment: BrokerEnvironment, services: Services, passkeyRequired: boolean): boolean {
  if (method === 'passkey') return true;
  if (passkeyRequired) return false;
  const { config } = services;
  switch (method) {
    case 'page':
      return true;
    case 'confirm':
      return environment === 'paper' && config.approvalPolicy === 'confirm';
    case 'app':
      return config.appApprovals !== false && environment === 'paper';
    case 'elicitation':
      return config.elicitationApprovals !== false && environment === 'paper';
  }
}

/**
 * Whether approving an order on the person's account of `environment` needs their passkey: on a live account
 * always, on a paper one when they turned it on (a desk setting).
 */
export async function passkeyRequired(services: Services, userId: string, environment: BrokerEnvironment): Promise<boolean> {
  return environment === 'live' || (await services.userSettings.paperPasskeyApprovals(userId));
}

/**
 * The policy for one approval: whether the account needs a passkey, and whether this one may place. A `passkey`
 * approval counts only with the id of the passkey the page verified.
 */
export async function approvalPolicy(
  services: Services,
  userId: string,
  method: ApprovalMethod,
  passkeyId: string | null,
  environment: BrokerEnvironment,
): Promise<{ needsPasskey: boolean; allowed: boolean }> {
  const needsPasskey = await passkeyRequired(services, userId, environment);
  if (method === 'passkey') return { needsPasskey, allowed: passkeyId !== null };
  return { needsPasskey, allowed: methodAllowed(method, environment, services, needsPasskey) };
}
