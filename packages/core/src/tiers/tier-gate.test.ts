import { describe, expect, it } from 'vitest';
import { renderError } from '../errors/render.js';
import { checkTier } from './tier-gate.js';
import { CREATE_STRATEGY_TIER as RULES } from './create-strategy-tier.js';

const blocked = async (given: Record<string, unknown>) => {
  const result = await checkTier('create_strategy', RULES, 'free', given);
  return renderError(result._unsafeUnwrapErr());
};

describe('TIER_BLOCKED (contract rule 2.1.2)', () => {
  it("keeps create_strategy's free parameters exactly the contract's list (rule 2.1.3)", () => {
    expect([...RULES.freeParameters].sort()).toEqual(
      ['dte_max', 'dte_min', 'iv_rank_gate_mode', 'iv_rank_threshold', 'max_capital', 'ticker', 'top_k'].sort(),
    );
    expect(RULES.freeParameters).not.toContain('pop_model');
  });

  it('is asserted field by field for a premium parameter', async () => {
    const { status, body } = await blocked({ ticker: 'SPY', top_k: 3, pop_model: 'monte_carlo' });
    expect(status).toBe(403);
    expect(body.error).toBe('TIER_BLOCKED');
    // message: names the blocked parameter, the current tier, and lists the allowed parameters.
    expect(body.message).toBe(
      'The parameter pop_model is not available on your current tier (free). Parameters allowed for create_strategy ' +
        'on the free tier: dte_max, dte_min, iv_rank_gate_mode ("off" or "minimum"), iv_rank_threshold, max_capital, ticker, top_k (up to 5).',
    );
    // suggestion: recommends upgrading.
    expect(body.suggestion).toBe('Upgrade to the premium tier (subscribe) to use pop_model, or call create_strategy again without it.');
    // received: the blocked parameter(s) only.
    expect(body.received).toEqual({ pop_model: 'monte_carlo' });
    expect(body.tier_upgrade_hint).toBe(true);
    expect(body.see_tool).toBe('subscribe');
    expect(body.expected).toContain('only these parameters on the free tier: dte_max');
  });

  it('names every blocked parameter, premium values of free parameters included', async () => {
    const { body } = await blocked({ ticker: 'SPY', top_k: 20, pop_model: 'monte_carlo', iv_rank_gate_mode: 'maximum' });
    expect(body.message).toMatch(/^The parameters top_k, pop_model, iv_rank_gate_mode are not available on your current tier \(free\)\./);
    expect(body.received).toEqual({ top_k: 20, pop_model: 'monte_carlo', iv_rank_gate_mode: 'maximum' });
  });

  it('admits free parameters with free values, every premium call, and operations without rules', async () => {
    expect((await checkTier('create_strategy', RULES, 'free', { ticker: 'SPY', top_k: 5, iv_rank_gate_mode: 'off' })).isOk()).toBe(true);
    expect((await checkTier('create_strategy', RULES, 'premium', { pop_model: 'monte_carlo', top_k: 50 })).isOk()).toBe(true);
    expect((await checkTier('create_strategy', undefined, 'free', { anything: 1 })).isOk()).toBe(true);
  });

  it('ignores parameters given as undefined (absent)', async () => {
    expect((await checkTier('create_strategy', RULES, 'free', { ticker: 'SPY', pop_model: undefined })).isOk()).toBe(true);
  });
});
