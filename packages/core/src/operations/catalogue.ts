import { createApiKey } from '../api-keys/create-api-key.js';
import { listApiKeys } from '../api-keys/list-api-keys.js';
import { revokeApiKey } from '../api-keys/revoke-api-key.js';
import { login } from '../accounts/login.js';
import { logout } from '../accounts/logout.js';
import { refreshSession } from '../accounts/refresh-session.js';
import { register } from '../accounts/register.js';
import { executeIronCondorAutoroll } from '../autoroll/execute-autoroll.js';
import { connectBroker } from '../brokers/connect-broker.js';
import { confirmProposal } from '../placement/confirm-proposal.js';
import { getProposal } from '../proposals/get-proposal.js';
import { getPositions } from '../positions/get-positions.js';
import { positions } from '../positions/positions.js';
import { suggestIronCondorAutoroll } from '../autoroll/suggest-autoroll.js';
import { proposeEntry } from '../proposals/propose-entry.js';
import { proposeExit } from '../proposals/propose-exit.js';
import { proposeRoll } from '../proposals/propose-roll.js';
import { disconnectBroker } from '../brokers/disconnect-broker.js';
import { setBrokerKeys } from '../brokers/set-broker-keys.js';
import { getBrokerKeysLink } from '../browser/broker-keys-link.js';
import { findIronCondors } from '../condors/find-iron-condors.js';
import { getLegalDocument } from '../legal/get-legal-document.js';
import { acceptEua, acknowledgeRisk, getOnboardingStatus } from '../onboarding/operations.js';
import { cancelSubscription } from '../subscriptions/cancel-subscription.js';
import { getSubscription } from '../subscriptions/get-subscription.js';
import { subscribe } from '../subscriptions/subscribe.js';
import { activateSavedStrategy } from '../strategies/activate-saved-strategy.js';
import { createStrategy } from '../strategies/create-strategy.js';
import { deleteSavedStrategy } from '../strategies/delete-saved-strategy.js';
import { getOptimizationHistory } from '../strategies/get-optimization-history.js';
import { getSavedStrategies } from '../strategies/get-saved-strategies.js';
import { saveStrategy } from '../strategies/save-strategy.js';
import type { AnyOperation } from './operation.js';

/** Every operation the service offers: the one table both shells are generated from. */
export const CATALOGUE: readonly AnyOperation[] = [
  register,
  login,
  refreshSession,
  logout,
  getLegalDocument,
  acceptEua,
  acknowledgeRisk,
  getOnboardingStatus,
  getSubscription,
  subscribe,
  cancelSubscription,
  setBrokerKeys,
  getBrokerKeysLink,
  connectBroker,
  disconnectBroker,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  createStrategy,
  getOptimizationHistory,
  saveStrategy,
  getSavedStrategies,
  deleteSavedStrategy,
  activateSavedStrategy,
  findIronCondors,
  proposeEntry,
  proposeRoll,
  proposeExit,
  getProposal,
  confirmProposal,
  getPositions,
  positions,
  suggestIronCondorAutoroll,
  executeIronCondorAutoroll,
];

const BY_NAME = new Map(CATALOGUE.map((op) => [op.name as string, op]));

export const findOperation = (name: string): AnyOperation | undefined => BY_NAME.get(name);
