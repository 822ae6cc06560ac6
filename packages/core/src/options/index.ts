/**
 * Options math (issue 4), pure: the normal distribution, Black–Scholes–Merton prices and greeks,
 * implied volatility, lognormal probabilities and iron-condor statistics. Times in years, rates and
 * yields continuous, values per share. Formulas and reference values: options-math.md.
 */
export { normalCdf, normalPdf, logNormalCdf } from './normal.js';
export { inverseNormalCdf } from './inverse-normal.js';
export { priceOption, type OptionPricingInput, type OptionValuation } from './price-option.js';
export { impliedVolatility, type ImpliedVolatilityInput, type NoImpliedVolatility } from './implied-volatility.js';
export { finishAbove, finishAboveScore, probabilityFinishAbove, probabilityOfTouch, type LognormalMarket } from './lognormal.js';
export { ironCondorStats, type IronCondorInput, type IronCondorStats } from './iron-condor.js';
export { strikeForDelta, type StrikeForDeltaInput } from './strike-for-delta.js';
export { expectedMove, type ExpectedMoveInput } from './expected-move.js';
export { yearsBetween } from './years-between.js';
export { volatilityFromMids, type MidMarket, type QuotedOption } from './volatility-from-mids.js';
export type { InvalidOptionsInput } from './invalid-input.js';
