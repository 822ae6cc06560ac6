import { describe, expect, it } from 'vitest';
import { readCandidate } from './candidate-input.js';

const leg = (strike: number) => ({ strike, occ_symbol: 'X', type: 'put', bid: 1, ask: 1.1, mid: 1.05, delta: -0.2, iv: 0.2 });
const candidate = {
  ticker: 'SPY',
  expiry: '2026-12-18',
  net_credit: 1.25,
  legs: { long_put: leg(540), short_put: leg(545), short_call: leg(600), long_call: leg(605) },
};
const strategy = {
  kind: 'strategy',
  rank: 1,
  ticker: 'SPY',
  objective_value: 0.1,
  rules: { short_delta: 0.16, wing_width: 5, entry_dte: 45 },
  metrics: { trades: 40, win_rate: 0.8 },
};

const without = (value: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));
const codeOf = (value: unknown) => readCandidate(value).match(() => 'ok', (error) => error.code);

describe('readCandidate', () => {
  it('reads the strikes and credit of a complete candidate', () => {
    expect(readCandidate(candidate)._unsafeUnwrap()).toEqual({
      ticker: 'SPY',
      expiry: '2026-12-18',
      strikes: { longPut: 540, shortPut: 545, shortCall: 600, longCall: 605 },
      netCredit: 1.25,
    });
  });

  it('recognises a top_strategies entry as STRATEGY_NOT_CANDIDATE, with or without its kind marker', () => {
    expect(codeOf(strategy)).toBe('STRATEGY_NOT_CANDIDATE');
    expect(codeOf(without(strategy, 'kind'))).toBe('STRATEGY_NOT_CANDIDATE');
    expect(readCandidate(strategy)._unsafeUnwrapErr().received).toEqual({ candidate: { kind: 'strategy', rank: 1, ticker: 'SPY' } });
  });

  it('names every missing strike and credit field', () => {
    const error = readCandidate({ ...without(candidate, 'net_credit'), legs: { ...candidate.legs, short_call: { bid: 1 } } })._unsafeUnwrapErr();
    expect(error.code).toBe('MISSING_CANDIDATE_FIELDS');
    expect(error.received).toEqual({ missing: ['net_credit', 'legs.short_call.strike'] });
  });

  it('refuses what is not a dictionary, and malformed fields, as INVALID_CANDIDATE', () => {
    for (const value of [null, 'SPY 545/600', 42, [candidate]]) expect(codeOf(value)).toBe('INVALID_CANDIDATE');
    expect(codeOf({ ...candidate, net_credit: '1.25' })).toBe('INVALID_CANDIDATE');
    expect(codeOf({ ...candidate, expiry: 'next friday' })).toBe('INVALID_CANDIDATE');
    expect(codeOf({ ...candidate, legs: { ...candidate.legs, short_put: leg(610) } })).toBe('INVALID_CANDIDATE');
    expect(codeOf({ ...candidate, net_credit: -0.5 })).toBe('INVALID_CANDIDATE');
  });
});
