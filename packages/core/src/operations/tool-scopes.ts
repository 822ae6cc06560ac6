import type { Scope } from '../scopes/scopes.js';
import type { ToolName } from './tool-names.js';

/**
 * The scope a tool needs: one for every call, none (public tools, and `logout`, which only ever ends the
 * caller's own session), or one per value of a parameter (`positions`: listing orders reads, cancelling trades).
 */
export type ScopeRule = Scope | null | { readonly param: string; readonly values: Readonly<Record<string, Scope>> };

/**
 * Every tool's scope (design §13), in one table like the toolsets: reads of research and of the account need
 * `read`; making proposals `propose`; whatever places, cancels or links, accepts terms, spends money or
 * manages API keys `trade`. Research bookkeeping (saving, deleting, activating a saved strategy) is research, so `read`.
 */
export const TOOL_SCOPES = {
  register: null,
  login: null,
  refresh_session: null,
  logout: null,
  get_legal_document: 'read',
  accept_eua: 'trade',
  acknowledge_risk: 'trade',
  get_onboarding_status: 'read',
  get_subscription: 'read',
  subscribe: 'trade',
  cancel_subscription: 'trade',
  set_broker_keys: 'trade',
  get_broker_keys_link: 'trade',
  connect_broker: 'trade',
  disconnect_broker: 'trade',
  create_api_key: 'trade',
  list_api_keys: 'read',
  revoke_api_key: 'trade',
  create_strategy: 'read',
  get_optimization_history: 'read',
  save_strategy: 'read',
  get_saved_strategies: 'read',
  delete_saved_strategy: 'read',
  activate_saved_strategy: 'read',
  find_iron_condors: 'read',
  propose_entry: 'propose',
  propose_roll: 'propose',
  propose_exit: 'propose',
  confirm_proposal: 'trade',
  get_proposal: 'read',
  get_positions: 'read',
  positions: { param: 'action', values: { orders: 'read', cancel: 'trade' } },
  suggest_iron_condor_autoroll: 'read',
  execute_iron_condor_autoroll: 'propose',
} as const satisfies Record<ToolName, ScopeRule>;

/**
 * The scope one call of `tool` needs, from its parameters as given (the check runs before validation). A
 * parameter-dependent rule needs `trade` for a value it does not name: an unknown action is never cheaper.
 */
export function requiredScope(tool: ToolName, given: unknown): Scope | null {
  const rule: ScopeRule = TOOL_SCOPES[tool];
  if (rule === null || typeof rule === 'string') return rule;
  const value = typeof given === 'object' && given !== null && !Array.isArray(given) ? (given as Record<string, unknown>)[rule.param] : undefined;
  return typeof value === 'string' && Object.hasOwn(rule.values, value) ? (rule.values[value] ?? 'trade') : 'trade';
}
