import type { OptionContract } from '../ports/market-data.js';
import { standardMoneyness } from './smile.js';
import type { SmileShape, SpreadModel } from './types.js';

/** One expiry's chain and the market it was quoted in. Rates continuous; years to expiry. */
export interface ChainSnapshot {
  readonly contracts: readonly OptionContract[];
  readonly spot: number;
  readonly rate: number;
  readonly dividendYield: number;
  readonly years: number;
}

const MIN_CONTRACTS = 5;
const MAX_STANDARD_MONEYNESS = 3.5;
const SKEW_RANGE = [0, 0.6] as const;
const CURVATURE_RANGE = [0, 0.3] as const;
const MAX_ITERATIONS = 50;
const NEAR_ATM = 0.5;
const FALLBACK_ATM_SPREAD = 0.05;
const FALLBACK_PER_Z2 = 0.3;
const PER_Z2_RANGE = [0, 2] as const;

const clamp = (value: number, [low, high]: readonly [number, number]): number => Math.min(high, Math.max(low, value));

function forwardOf(input: ChainSnapshot): number {
  return input.spot * Math.exp((input.rate - input.dividendYield) * input.years);
}

/** Out-of-the-money (puts below the forward, calls at or above) with a bid and an uncrossed ask. */
function quotedOutOfTheMoney(contracts: readonly OptionContract[], forward: number): OptionContract[] {
  return contracts.filter(
    (c) =>
      c.strike > 0 &&
      Number.isFinite(c.strike) &&
      c.bid > 0 &&
      c.ask >= c.bid &&
      Number.isFinite(c.ask) &&
      (c.type === 'put' ? c.strike < forward : c.strike >= forward),
  );
}

/** Solves the square system m·x = v by Gaussian elimination with partial pivoting; null when singular. */
function solve(m: number[][], v: number[]): number[] | null {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = row;
    const pivotRow = a[pivot] ?? [];
    if (!(Math.abs(pivotRow[col] ?? 0) > 1e-14)) return null;
    [a[col], a[pivot]] = [pivotRow, a[col] ?? []];
    for (let row = col + 1; row < n; row++) {
      const target = a[row] ?? [];
      const factor = (target[col] ?? 0) / (pivotRow[col] ?? 1);
      for (let k = col; k <= n; k++) target[k] = (target[k] ?? 0) - factor * (pivotRow[k] ?? 0);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    const r = a[row] ?? [];
    let sum = r[n] ?? 0;
    for (let k = row + 1; k < n; k++) sum -= (r[k] ?? 0) * (x[k] ?? 0);
    x[row] = sum / (r[row] ?? 1);
  }
  return x;
}

/** Least squares of y on the given columns (functions of z); null when they are collinear on the data. */
function leastSquares(zs: readonly number[], ys: readonly number[], columns: readonly ((z: number) => number)[]): number[] | null {
  const n = columns.length;
  const normal = columns.map(() => new Array<number>(n).fill(0));
  const rhs = new Array<number>(n).fill(0);
  // Loops rather than a map and closures per point (the fit runs up to 50 times per chain); the sums keep their order.
  const row = new Array<number>(n).fill(0);
  for (let i = 0; i < zs.length; i++) {
    const z = zs[i] as number;
    const y = ys[i] ?? 0;
    for (let r = 0; r < n; r++) row[r] = (columns[r] as (z: number) => number)(z);
    for (let r = 0; r < n; r++) {
      const ri = row[r] as number;
      rhs[r] = (rhs[r] as number) + ri * y;
      const line = normal[r] as number[];
      for (let c = 0; c < n; c++) line[c] = (line[c] as number) + ri * (row[c] as number);
    }
  }
  return solve(normal, rhs);
}

interface SmileFit {
  readonly atmVol: number;
  readonly skew: number;
  readonly curvature: number;
}

/**
 * σ = a·(1 − skew·z + curvature·z²) at fixed z, linear in (a, a·skew, a·curvature); a parameter
 * given (clamped) is held fixed and the rest refitted.
 */
function fitAtMoneyness(zs: readonly number[], vols: readonly number[], fixedSkew: number | null, fixedCurvature: number | null): SmileFit | null {
  const columns = [(z: number) => 1 - (fixedSkew ?? 0) * z + (fixedCurvature ?? 0) * z * z];
  if (fixedSkew === null) columns.push((z) => -z);
  if (fixedCurvature === null) columns.push((z) => z * z);
  const solution = leastSquares(zs, vols, columns);
  if (solution === null) return null;
  const [atmVol = Number.NaN, ...rest] = solution;
  const skew = fixedSkew ?? (rest.shift() ?? Number.NaN) / atmVol;
  const curvature = fixedCurvature ?? (rest.shift() ?? Number.NaN) / atmVol;
  return { atmVol, skew, curvature };
}

/** The fit at fixed z with skew and curvature kept in their ranges (an out-of-range one is clamped and the rest refitted). */
function boundedFit(zs: readonly number[], vols: readonly number[]): SmileFit | null {
  let fixedSkew: number | null = null;
  let fixedCurvature: number | null = null;
  for (;;) {
    const fit = fitAtMoneyness(zs, vols, fixedSkew, fixedCurvature);
    if (fit === null) return null;
    const skewOut = fixedSkew === null && clamp(fit.skew, SKEW_RANGE) !== fit.skew;
    const curvatureOut = fixedCurvature === null && clamp(fit.curvature, CURVATURE_RANGE) !== fit.curvature;
    if (!skewOut && !curvatureOut) return fit;
    if (skewOut) fixedSkew = clamp(fit.skew, SKEW_RANGE);
    if (curvatureOut) fixedCurvature = clamp(fit.curvature, CURVATURE_RANGE);
  }
}

/**
 * Fits the smile of `SmileShape` to one expiry's chain: least squares of σ(z) = a·(1 − skew·z +
 * curvature·z²), z = ln(K/F)/(a√T) clamped to ±3.5 as `smileVolatility` does, over the
 * out-of-the-money contracts (puts with K < F, calls with K ≥ F) that have a volatility and a bid
 * and are not crossed. Since z depends on a, the fit is repeated at the new a until a settles.
 * Skew is clamped to [0, 0.6] and curvature to [0, 0.3] (the other refitted). Null with fewer than
 * 5 usable contracts, or when they cannot determine the fit.
 *
 * @example
 * fitSmile({ contracts: chain, spot: 450, rate: 0.045, dividendYield: 0.013, years: 30 / 365 })
 * // { atmVol: 0.17, smile: { skew: 0.21, curvature: 0.05 } }
 */
export function fitSmile(input: ChainSnapshot): { atmVol: number; smile: SmileShape } | null {
  if (!(input.spot > 0 && input.years > 0)) return null;
  const forward = forwardOf(input);
  const usable = quotedOutOfTheMoney(input.contracts, forward).filter((c) => c.volatility !== null && c.volatility > 0 && Number.isFinite(c.volatility));
  if (usable.length < MIN_CONTRACTS) return null;
  const xs = usable.map((c) => Math.log(c.strike / forward) / Math.sqrt(input.years));
  const vols = usable.map((c) => c.volatility ?? 0);
  const nearest = xs.reduce((best, x, i) => (Math.abs(x) < Math.abs(xs[best] ?? Infinity) ? i : best), 0);
  let atmVol = vols[nearest] ?? 0;
  let fit: SmileFit | null = null;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const scale = atmVol;
    const zs = xs.map((x) => Math.min(MAX_STANDARD_MONEYNESS, Math.max(-MAX_STANDARD_MONEYNESS, x / scale)));
    fit = boundedFit(zs, vols);
    if (fit === null || !(fit.atmVol > 0 && Number.isFinite(fit.atmVol))) return null;
    atmVol = fit.atmVol;
    if (Math.abs(atmVol - scale) <= 1e-12 * scale) break;
  }
  if (fit === null) return null;
  return { atmVol, smile: { skew: fit.skew, curvature: fit.curvature } };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Fits `SpreadModel` (width = atm·(1 + perZ2·z²)) to one expiry's quoted out-of-the-money contracts
 * (bid > 0, not crossed), with z the smile's standardised moneyness at `atmVol`: `atm` is the median
 * ask − bid of the contracts with |z| < 0.5 (0.05 when there are none); `perZ2` is the median of
 * ((ask − bid)/atm − 1)/z² over those with |z| ≥ 0.5, clamped to [0, 2] (0.3 when there are none).
 *
 * @example
 * fitSpreadModel({ contracts: chain, spot: 450, rate: 0.045, dividendYield: 0.013, years: 30 / 365, atmVol: 0.17 })
 * // { atm: 0.03, perZ2: 0.4 }
 */
export function fitSpreadModel(input: ChainSnapshot & { readonly atmVol: number }): SpreadModel {
  const forward = forwardOf(input);
  const quotes = quotedOutOfTheMoney(input.contracts, forward).map((c) => ({
    width: c.ask - c.bid,
    z: standardMoneyness(input.atmVol, input.years, c.strike, forward),
  }));
  const atm = median(quotes.filter(({ z }) => Math.abs(z) < NEAR_ATM).map(({ width }) => width)) ?? FALLBACK_ATM_SPREAD;
  const wings = atm > 0 ? quotes.filter(({ z }) => Math.abs(z) >= NEAR_ATM).map(({ width, z }) => (width / atm - 1) / (z * z)) : [];
  const perZ2 = median(wings.filter(Number.isFinite));
  return { atm, perZ2: perZ2 === null ? FALLBACK_PER_Z2 : clamp(perZ2, PER_Z2_RANGE) };
}
