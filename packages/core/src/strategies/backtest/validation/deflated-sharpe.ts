import { inverseNormalCdf } from '../../../options/inverse-normal.js';
import { normalCdf } from '../../../options/normal.js';

const EULER_MASCHERONI = 0.5772156649015329;

/** The moments of a return series that the deflated Sharpe ratio takes; Sharpe per observation, kurtosis not in excess. */
export interface ReturnMoments {
  readonly observations: number;
  readonly mean: number;
  readonly sharpe: number;
  readonly skew: number;
  readonly kurtosis: number;
}

/** Mean, Sharpe ratio (mean over the sample standard deviation), skewness and kurtosis of `returns[from … to − 1]`; null under 2 observations or without dispersion. */
export function returnMoments(returns: ArrayLike<number>, from = 0, to = returns.length): ReturnMoments | null {
  const n = to - from;
  if (n < 2) return null;
  let sum = 0;
  for (let i = from; i < to; i++) sum += returns[i] ?? 0;
  const mean = sum / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (let i = from; i < to; i++) {
    const d = (returns[i] ?? 0) - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  if (!(m2 > 0)) return null;
  const population = m2 / n;
  return {
    observations: n,
    mean,
    sharpe: mean / Math.sqrt(m2 / (n - 1)),
    skew: m3 / n / population ** 1.5,
    kurtosis: m4 / n / (population * population),
  };
}

/**
 * The Sharpe ratio the best of `trials` independent trials would show by luck alone when their Sharpe ratios vary
 * with `variance` around a true 0 (Bailey & López de Prado, "The Deflated Sharpe Ratio", 2014, eq. 7):
 * √V · ((1 − γ) Z⁻¹[1 − 1/N] + γ Z⁻¹[1 − 1/(N e)]), γ the Euler–Mascheroni constant.
 */
export function expectedMaxSharpe(trials: number, variance: number): number {
  if (trials < 2 || !(variance > 0)) return 0;
  return Math.sqrt(variance) * ((1 - EULER_MASCHERONI) * inverseNormalCdf(1 - 1 / trials) + EULER_MASCHERONI * inverseNormalCdf(1 - 1 / (trials * Math.E)));
}

/**
 * The probability that a Sharpe ratio `moments.sharpe` (per observation) is above `benchmark` given its sample length,
 * skew and kurtosis (the probabilistic Sharpe ratio, ibid. eq. 9):
 * Z[(SR − SR*) √(T − 1) / √(1 − γ₃ SR + (γ₄ − 1)/4 SR²)]. With `benchmark` = `expectedMaxSharpe`, the deflated Sharpe ratio.
 */
export function probabilisticSharpe(moments: ReturnMoments, benchmark: number): number {
  const { sharpe, skew, kurtosis, observations } = moments;
  const spread = 1 - skew * sharpe + ((kurtosis - 1) / 4) * sharpe * sharpe;
  if (!(spread > 0)) return sharpe > benchmark ? 1 : 0;
  return normalCdf(((sharpe - benchmark) * Math.sqrt(observations - 1)) / Math.sqrt(spread));
}
