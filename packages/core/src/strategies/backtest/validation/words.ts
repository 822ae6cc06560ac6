import { moneyGrouped } from '../../../words/money.js';
import { percent } from '../../../words/percent.js';
import type { Validation } from './validate.js';

/** A deflated Sharpe ratio this high says, with the usual confidence, that rank 1's edge is more than the luck of the tries. */
export const DEFLATED_SHARPE_CONFIDENCE = 0.95;
/** "Likely": more probable than not. */
const LIKELY = 0.5;

/**
 * Whether rank 1 is likely luck — more probably than not: its deflated Sharpe ratio (the probability its edge is real
 * after the tries) is below one half, or it has too few trades for one, or CSCV finds the in-sample best falling to
 * the bottom half out of sample in more than half the splits. Null without a rank 1.
 */
export function likelyLuck(validation: Validation, hasRankOne: boolean): boolean | null {
  if (!hasRankOne) return null;
  const { deflatedSharpe, overfitting } = validation;
  return deflatedSharpe === null || deflatedSharpe.probability < LIKELY || (overfitting.probability !== null && overfitting.probability > LIKELY);
}

/** What rank 1 and the selection earned after the choice, for the sentence. */
export interface AfterTheChoice {
  readonly evaluated: number;
  /** Out-of-sample P/L and trades of rank 1; null without a rank 1. */
  readonly rankOne: { readonly pnl: number; readonly trades: number } | null;
  readonly chosenBy: string;
}

/** The validation in words a trader reads: "With 540 rule sets tried, …". */
export function validationWords(validation: Validation, after: AfterTheChoice): string {
  const tried = `With ${after.evaluated.toLocaleString('en-US')} rule sets tried`;
  const luck = likelyLuck(validation, after.rankOne !== null);
  if (luck === null || after.rankOne === null) return `${tried}, none traded before the choice on ${after.chosenBy}, so there is no rank 1 to judge.`;
  const { overfitting, deflatedSharpe, walkForward } = validation;
  const verdict = luck ? 'rank 1 is likely luck' : 'rank 1 looks like more than luck';
  const cscv =
    overfitting.probability === null
      ? 'the history is too short to split into blocks'
      : `in ${percent(overfitting.probability)} of the ${String(overfitting.combinations)} ways of splitting the history in halves (${String(overfitting.blocks)} blocks), the best rule set on one half ranked in the bottom half on the other`;
  const dsr =
    deflatedSharpe === null
      ? 'rank 1 has too few trades before the choice for a deflated Sharpe ratio'
      : `rank 1’s deflated Sharpe ratio is ${deflatedSharpe.probability.toFixed(2)}: the chance its edge is real after that many tries (under 0.50, more likely luck; ${DEFLATED_SHARPE_CONFIDENCE.toFixed(2)} or more, real with the usual confidence)`;
  const folds = walkForward.folds.length;
  return (
    `${tried}, ${verdict}: ${cscv}, and ${dsr}. ` +
    `Chosen on the trades closed by ${after.chosenBy}, it made ${moneyGrouped(after.rankOne.pnl)} over the ${String(after.rankOne.trades)} trades after; ` +
    `choosing the best on the past and trading it over the next stretch, ${String(folds)} times in a row, made ${moneyGrouped(walkForward.pnl)} over ${String(walkForward.trades)} trades.`
  );
}
