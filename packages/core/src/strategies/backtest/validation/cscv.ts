/**
 * What CSCV needs of a set of strategies: every strategy's performance over a union of the S blocks, in time order
 * (higher is better), written into `into` (one per strategy); −Infinity where a strategy cannot be measured (no trades).
 */
export interface CscvInput {
  readonly strategies: number;
  /** S, even: the number of equal blocks the time series is cut into. */
  readonly blocks: number;
  readonly performance: (blocks: readonly number[], into: Float64Array) => void;
}

export interface CscvResult {
  /** The share of splits whose in-sample best ranks at or below the median out of sample; null with no split measured. */
  readonly probability: number | null;
  /** C(S, S/2): every way of choosing half the blocks as in-sample. */
  readonly combinations: number;
  /** The logit λ of each measured split's out-of-sample relative rank, in the order the splits were enumerated. */
  readonly logits: Float64Array;
}

/** Every set of `size` of the numbers 0 … n − 1, ascending, in increasing order of their bit masks. */
export function halves(n: number, size: number): number[][] {
  const sets: number[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    let bits = 0;
    for (let m = mask; m > 0; m &= m - 1) bits++;
    if (bits !== size) continue;
    const set: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) set.push(i);
    sets.push(set);
  }
  return sets;
}

/**
 * The probability of backtest overfitting by combinatorially symmetric cross-validation (Bailey, Borwein, López de
 * Prado & Zhu, "The Probability of Backtest Overfitting", 2014, §2): for every choice J of S/2 blocks, the strategy
 * n* best in J is ranked among all strategies on the other blocks J̄; ω̄ = rank / (N + 1) (rank 1 the worst, ties
 * at their mean rank), λ = ln(ω̄ / (1 − ω̄)), and PBO is the share of splits with λ ≤ 0. A strategy not measurable
 * in J̄ ranks below every measured one; a split where none is measurable in J is left out.
 */
export function probabilityOfOverfitting(input: CscvInput): CscvResult {
  const { strategies, blocks } = input;
  const splits = halves(blocks, blocks / 2);
  // Each half is one split's in-sample and its complement's out-of-sample: every strategy is scored on it once.
  const indexOf = new Map(splits.map((set, i) => [set.join(','), i]));
  const scores = new Float64Array(splits.length * strategies);
  splits.forEach((set, i) => {
    input.performance(set, scores.subarray(i * strategies, (i + 1) * strategies));
  });
  const logits: number[] = [];
  splits.forEach((chosen, i) => {
    const complement = Array.from({ length: blocks }, (_, block) => block).filter((block) => !chosen.includes(block));
    const inSample = i * strategies;
    const outOfSample = (indexOf.get(complement.join(',')) ?? 0) * strategies;
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let n = 0; n < strategies; n++) {
      const value = scores[inSample + n] ?? Number.NEGATIVE_INFINITY;
      if (value > bestValue) {
        best = n;
        bestValue = value;
      }
    }
    if (best < 0) return;
    const own = scores[outOfSample + best] ?? Number.NEGATIVE_INFINITY;
    let below = 0;
    let level = 0;
    for (let n = 0; n < strategies; n++) {
      const value = scores[outOfSample + n] ?? Number.NEGATIVE_INFINITY;
      if (value < own) below++;
      else if (value === own && n !== best) level++;
    }
    const relative = (1 + below + level / 2) / (strategies + 1);
    logits.push(Math.log(relative / (1 - relative)));
  });
  const overfit = logits.filter((lambda) => lambda <= 0).length;
  return { probability: logits.length === 0 ? null : overfit / logits.length, combinations: splits.length, logits: Float64Array.from(logits) };
}
