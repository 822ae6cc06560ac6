import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../seeded-random.js';
import { halves, probabilityOfOverfitting } from './cscv.js';
import { returnMoments } from './deflated-sharpe.js';

// Bailey, Borwein, López de Prado & Zhu, "The Probability of Backtest Overfitting" (2014), §2: a T × N matrix of
// returns is cut into S row blocks; every choice J of S/2 blocks is a training set, its complement J̄ the testing set;
// n* = argmax over J, ω̄ = rank of n* in J̄ / (N + 1), λ = ln(ω̄ / (1 − ω̄)); PBO = the share of λ ≤ 0.

/** CSCV over a returns matrix (rows: periods; columns: strategies) with the Sharpe ratio as the performance. */
function pboOfReturns(columns: Float64Array[], blocks: number): ReturnType<typeof probabilityOfOverfitting> {
  const periods = columns[0]?.length ?? 0;
  const rows = (chosen: readonly number[]): number[] =>
    chosen.flatMap((block) => Array.from({ length: periods / blocks }, (_, i) => block * (periods / blocks) + i));
  return probabilityOfOverfitting({
    strategies: columns.length,
    blocks,
    performance: (chosen, into) => {
      const picked = rows(chosen);
      columns.forEach((column, n) => {
        into[n] = returnMoments(picked.map((row) => column[row] ?? 0))?.sharpe ?? Number.NEGATIVE_INFINITY;
      });
    },
  });
}

describe('probabilityOfOverfitting (CSCV)', () => {
  it('scores C(S, S/2) splits: the paper’s S = 16 gives 12,870; condor’s S = 10 gives 252', () => {
    expect(halves(16, 8)).toHaveLength(12_870);
    expect(halves(10, 5)).toHaveLength(252);
    expect(halves(4, 2)).toEqual([[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]);
  });

  it('worked by hand, S = 2 and three strategies: the best of each half is the worst of the other — PBO 1', () => {
    // Block 0 performances 3, 2, 1; block 1 performances 1, 2, 3. Training on block 0 picks strategy 0, which ranks
    // 1st of 3 (the worst) on block 1: ω̄ = 1/4, λ = ln(1/3) < 0. Training on block 1 picks strategy 2, the worst on block 0.
    const byBlock = [
      [3, 2, 1],
      [1, 2, 3],
    ];
    const result = probabilityOfOverfitting({ strategies: 3, blocks: 2, performance: ([block], into) => { into.set(byBlock[block ?? 0] ?? []); } });
    expect(result.combinations).toBe(2);
    expect(Array.from(result.logits)).toEqual([Math.log(1 / 3), Math.log(1 / 3)]);
    expect(result.probability).toBe(1);
  });

  it('worked by hand: a ranking that holds out of sample has PBO 0 (ω̄ = 3/4, λ = ln 3)', () => {
    const same = [3, 2, 1];
    const result = probabilityOfOverfitting({ strategies: 3, blocks: 2, performance: (_, into) => { into.set(same); } });
    expect(Array.from(result.logits)).toEqual([Math.log(3), Math.log(3)]);
    expect(result.probability).toBe(0);
  });

  it('ties rank at their mean, and a strategy not measurable out of sample ranks below every measured one', () => {
    const byBlock = [
      [5, 1, 1],
      [Number.NEGATIVE_INFINITY, 1, 1],
    ];
    const result = probabilityOfOverfitting({ strategies: 3, blocks: 2, performance: ([block], into) => { into.set(byBlock[block ?? 0] ?? []); } });
    // Trained on block 0: strategy 0, unmeasured on block 1 — rank 1 of 3. Trained on block 1: strategy 1 (first of
    // the tie), which on block 0 ties strategy 2 below strategy 0: rank 1 + 0.5 = 1.5, ω̄ = 1.5 / 4.
    expect(Array.from(result.logits)).toEqual([Math.log(1 / 3), Math.log(1.5 / 2.5)]);
  });

  it('pure noise (no strategy has skill): the in-sample best is a coin toss out of sample, PBO near one half', () => {
    const random = new SeededRandom(7);
    const columns = Array.from({ length: 40 }, () => Float64Array.from({ length: 320 }, () => random.normal()));
    const { probability } = pboOfReturns(columns, 10);
    expect(probability).toBeGreaterThan(0.3);
    expect(probability).toBeLessThan(0.7);
  });

  it('one strategy with real skill among noise: chosen in every split and best out of sample, PBO 0', () => {
    const random = new SeededRandom(11);
    const columns = Array.from({ length: 40 }, (_, n) => Float64Array.from({ length: 320 }, () => random.normal() + (n === 17 ? 1 : 0)));
    expect(pboOfReturns(columns, 10).probability).toBe(0);
  });
});
