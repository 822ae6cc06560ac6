import { describe, expect, it } from 'vitest';
import type { Validation } from './validate.js';
import { likelyLuck, validationWords } from './words.js';

const window = { fromSlot: 0, toSlot: 100, lastExit: 500 };
const validation = (pbo: number | null, dsr: number | null): Validation => ({
  split: { inSample: window, outOfSample: { fromSlot: 100, toSlot: 150, lastExit: 752 } },
  walkForward: { folds: [1, 2, 3, 4, 5].map(() => ({ measure: window, chosen: 0, trades: 4, wins: 2, pnl: -20, maxLoss: 800 })), trades: 20, wins: 10, pnl: -100, maxLoss: 4000 },
  overfitting: { probability: pbo, blocks: 10, combinations: 252 },
  deflatedSharpe: dsr === null ? null : { observations: 100, mean: 1, sharpe: 0.1, skew: -1, kurtosis: 5, trials: 540, expectedMaxSharpe: 0.25, probability: dsr },
});
const after = { evaluated: 540, rankOne: { pnl: -120.4, trades: 31 }, chosenBy: '2025-11-17' };

describe('likely luck, in words', () => {
  it('flags rank 1 when its deflated Sharpe ratio is under one half, or its PBO over it, or it has no DSR', () => {
    expect(likelyLuck(validation(0.2, 0.97), true)).toBe(false);
    expect(likelyLuck(validation(0.2, 0.49), true)).toBe(true);
    expect(likelyLuck(validation(0.51, 0.99), true)).toBe(true);
    expect(likelyLuck(validation(null, null), true)).toBe(true);
    expect(likelyLuck(validation(0.2, 0.97), false)).toBeNull();
  });

  it('says what the figures mean, starting from the number of rule sets tried', () => {
    expect(validationWords(validation(0.62, 0.12), after)).toBe(
      'With 540 rule sets tried, rank 1 is likely luck: in 62% of the 252 ways of splitting the history in halves (10 blocks), ' +
        'the best rule set on one half ranked in the bottom half on the other, and rank 1’s deflated Sharpe ratio is 0.12: ' +
        'the chance its edge is real after that many tries (under 0.50, more likely luck; 0.95 or more, real with the usual confidence). ' +
        'Chosen on the trades closed by 2025-11-17, it made −$120.40 over the 31 trades after; choosing the best on the past and ' +
        'trading it over the next stretch, 5 times in a row, made −$100.00 over 20 trades.',
    );
    expect(validationWords(validation(0.05, 0.99), { ...after, evaluated: 20_000 })).toMatch(/^With 20,000 rule sets tried, rank 1 looks like more than luck: in 5% /);
    expect(validationWords(validation(0.05, 0.99), { ...after, rankOne: null })).toBe('With 540 rule sets tried, none traded before the choice on 2025-11-17, so there is no rank 1 to judge.');
  });
});
