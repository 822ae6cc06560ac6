import type { ErrorCode } from '../errors/codes.js';
import type { ToolName } from '../operations/tool-names.js';

/** How a parameter's validation failures map to the contract's codes. */
export interface FieldRule {
  /** The code for any failure of this parameter. */
  readonly code?: ErrorCode;
  /** The code when the parameter is absent, null or empty (takes precedence over `code`). */
  readonly missingCode?: ErrorCode;
  /** Where the caller gets a valid value (INVALID_UUID's `see_tool`). */
  readonly seeTool?: ToolName;
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

/** Rules by parameter name, shared by every operation (contract §4); operations may add their own. */
export const FIELD_RULES: FieldRules = {
  qty: { code: 'INVALID_QTY' },
  strategy_rank: { code: 'INVALID_RANK', seeTool: 'get_optimization_history' },
  api_key: { missingCode: 'MISSING_API_KEY' },
  api_secret: { missingCode: 'MISSING_API_SECRET' },
  order_id: { missingCode: 'MISSING_ORDER_ID', seeTool: 'positions' },
  ticker: { code: 'INVALID_TICKER', missingCode: 'MISSING_TICKER' },
  email: { code: 'INVALID_EMAIL' },
  candidate: { code: 'INVALID_CANDIDATE' },
  proposal_id: { seeTool: 'get_proposal' },
  saved_strategy_id: { seeTool: 'get_saved_strategies' },
  position_id: { seeTool: 'get_positions' },
  run_id: { seeTool: 'get_optimization_history' },
};
