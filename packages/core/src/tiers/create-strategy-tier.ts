import type { TierRules } from './tier-rules.js';

/**
 * The free tier of `create_strategy` (contract rule 2.1.3): exactly these parameters; `pop_model`
 * and every other optimizer knob are premium, and so are top_k above 5 and IV-rank gate modes
 * beyond off/minimum.
 */
export const CREATE_STRATEGY_TIER: TierRules = {
  freeParameters: ['dte_max', 'dte_min', 'iv_rank_gate_mode', 'iv_rank_threshold', 'max_capital', 'ticker', 'top_k'],
  freeValues: { top_k: { kind: 'max', max: 5 }, iv_rank_gate_mode: { kind: 'values', values: ['off', 'minimum'] } },
};
