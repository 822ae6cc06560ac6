const YEAR_30D = 30 / 365;
const TERM_DECAY_YEARS = 0.5;
const SMILE_CURVATURE = 0.04;
const MAX_STANDARD_MONEYNESS = 3.5;

/** The inputs of the simulated volatility surface at one instant. */
export interface SurfaceParams {
  /** Today's 30-day ATM implied volatility. */
  readonly atmVol30: number;
  /** The level long-dated ATM volatility tends to. */
  readonly longVol: number;
  /** Put-skew slope per standard deviation of moneyness. */
  readonly skew: number;
}

const decay = (years: number): number => {
  const x = Math.max(years, 1e-6) / TERM_DECAY_YEARS;
  return (1 - Math.exp(-x)) / x;
};

/** ATM volatility for a maturity: today's 30-day level fading into the long-run level as maturity grows. */
export function atmVol(params: SurfaceParams, years: number): number {
  const level = params.longVol + (params.atmVol30 - params.longVol) * (decay(years) / decay(YEAR_30D));
  return Math.max(0.03, level);
}

/**
 * Implied volatility at a strike: a quadratic smile in standardised moneyness ln(K/F)/(σ√T), tilted so
 * that puts below the forward are richer and flattening beyond 3.5 standard deviations.
 */
export function smileVol(params: SurfaceParams, years: number, strike: number, forward: number): number {
  const atm = atmVol(params, years);
  const z = Math.log(strike / forward) / (atm * Math.sqrt(Math.max(years, 1e-6)));
  const clamped = Math.min(MAX_STANDARD_MONEYNESS, Math.max(-MAX_STANDARD_MONEYNESS, z));
  return atm * Math.max(0.5, 1 - params.skew * clamped + SMILE_CURVATURE * clamped * clamped);
}
