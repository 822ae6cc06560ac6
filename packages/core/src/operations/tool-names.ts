/**
 * Every tool of the service (design §3), whether or not its operation is in the catalogue yet.
 * `see_tool` may only name one of these.
 */
export const TOOL_NAMES = [
  'register',
  'login',
  'refresh_session',
  'logout',
  'get_legal_document',
  'accept_eua',
  'acknowledge_risk',
  'get_onboarding_status',
  'get_subscription',
  'subscribe',
  'cancel_subscription',
  'set_broker_keys',
  'get_broker_keys_link',
  'connect_broker',
  'disconnect_broker',
  'create_api_key',
  'list_api_keys',
  'revoke_api_key',
  'create_strategy',
  'get_optimization_history',
  'save_strategy',
  'get_saved_strategies',
  'delete_saved_strategy',
  'activate_saved_strategy',
  'find_iron_condors',
  'propose_entry',
  'propose_roll',
  'propose_exit',
  'confirm_proposal',
  'get_proposal',
  'get_positions',
  'positions',
  'suggest_iron_condor_autoroll',
  'execute_iron_condor_autoroll',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
