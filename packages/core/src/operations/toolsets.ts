import type { ToolName } from './tool-names.js';

/**
 * The groups a client may ask for instead of every tool (`CONDOR_MCP_TOOLSETS`): `account` is who
 * you are and what you have set up (sign-in, onboarding and its documents, the subscription, the
 * broker link), `research` finds and backtests condors, `trading` proposes, confirms and manages them.
 */
export const TOOLSETS = ['account', 'research', 'trading'] as const;

export type Toolset = (typeof TOOLSETS)[number];

/** The one toolset each tool belongs to. */
export const TOOLSET_OF = {
  register: 'account',
  login: 'account',
  refresh_session: 'account',
  logout: 'account',
  get_legal_document: 'account',
  accept_eua: 'account',
  acknowledge_risk: 'account',
  get_onboarding_status: 'account',
  get_subscription: 'account',
  subscribe: 'account',
  cancel_subscription: 'account',
  // Linking a broker is set-up done once, beside onboarding, not part of trading itself.
  set_broker_keys: 'account',
  get_broker_keys_link: 'account',
  connect_broker: 'account',
  disconnect_broker: 'account',
  // API keys are credentials of the account, like the session itself.
  create_api_key: 'account',
  list_api_keys: 'account',
  revoke_api_key: 'account',
  create_strategy: 'research',
  get_optimization_history: 'research',
  save_strategy: 'research',
  get_saved_strategies: 'research',
  delete_saved_strategy: 'research',
  activate_saved_strategy: 'research',
  find_iron_condors: 'research',
  propose_entry: 'trading',
  propose_roll: 'trading',
  propose_exit: 'trading',
  confirm_proposal: 'trading',
  get_proposal: 'trading',
  get_positions: 'trading',
  positions: 'trading',
  suggest_iron_condor_autoroll: 'trading',
  execute_iron_condor_autoroll: 'trading',
} as const satisfies Record<ToolName, Toolset>;
