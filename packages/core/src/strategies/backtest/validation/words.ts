import { money } from '../../../words/money.js';
import { percent } from '../../../words/percent.js';
import type { Validation } from './validate.js';

/** Rank 1's deflated Sharpe ratio must reach this for its edge to count as more than the luck of the tries. */
export const DEFLATED_SHARPE_CONFIDENCE = 0.95;
/** Above this probability of overfitting, the in-sample best more often than not falls to the bottom half after. */
export const OVERFITTING_LIMIT = 0.5;

/**
 * Whether rank 1 is likely luck: its deflated Sharpe ratio is below `DEFLATED_SHARPE_CONFIDENCE` (or it has too few
 * trades for one), or CSCV finds the in-sample best overfit more often than `OVERFITTING_LIMIT`. Null without a rank 1.
 */
export function likelyLuck(validation: Validation, hasRankOne: boolean): boolean | null {
  if (!hasRankOne) return null;
  const { deflatedSharpe, overfitting } = validation;
  return deflatedSharpe === null || deflatedSharpe.probability < DEFLATED_SHARPE_CONFIDENCE || (overfitting.probability !== null && overfitting.probability > OVERFITTING_LIMIT);
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
      : `rank 1's deflated Sharpe ratio is ${deflatedSharpe.probability.toFixed(2)} (${DEFLATED_SHARPE_CONFIDENCE.toFixed(2)} or more would say its edge beats the luck of that many tries)`;
  const folds = walkForward.folds.length;
  return (
    `${tried}, ${verdict}: ${cscv}, and ${dsr}. ` +
    `Chosen on the trades closed by ${after.chosenBy}, it made ${money(after.rankOne.pnl)} over the ${String(after.rankOne.trades)} trades after; ` +
    `choosing the best on the past and trading it over the next stretch, ${String(folds)} times in a row, made ${money(walkForward.pnl)} over ${String(walkForward.trades)} trades.`
  );
}
