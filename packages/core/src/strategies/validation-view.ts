import * as v from 'valibot';
import type { OptimizeResult } from './backtest/optimizer.js';
import { likelyLuck, validationWords } from './backtest/validation/words.js';
import type { TradeWindow } from './backtest/validation/windows.js';
import { RULE_FIELDS } from './rule-fields.js';
import type { MarketHistory, RuleSet } from './types.js';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));
const round = (value: number, places: number): number => Number(value.toFixed(places));

/** The dates of a stretch of the history. */
export const STRETCH_FIELDS = {
  from: described(v.nullable(v.string()), 'First session, YYYY-MM-DD; null when the stretch is empty.'),
  to: described(v.nullable(v.string()), 'Last session, YYYY-MM-DD; null when the stretch is empty.'),
};

const StretchView = described(v.object(STRETCH_FIELDS), 'A stretch of the history.');

const FoldRulesView = v.object(RULE_FIELDS);

const FoldView = v.object({
  from: described(v.nullable(v.string()), 'First entry session of the fold.'),
  to: described(v.nullable(v.string()), 'Last session before the next fold (the history’s last for the last fold).'),
  chosen: described(v.nullable(FoldRulesView), 'The rule set best on every trade closed before the fold began; null when none had traded yet.'),
  trades: described(v.number(), 'Its trades entered in the fold.'),
  total_pnl: described(v.number(), 'Their P/L after costs, dollars.'),
  return_on_risk: described(v.number(), 'Their P/L over their summed max loss.'),
});

export const ValidationView = described(
  v.object({
    in_sample: described(StretchView, 'Rule sets were ranked on the trades closed within it.'),
    out_of_sample: described(StretchView, 'Trades entered within it were not seen by the ranking.'),
    walk_forward: described(
      v.object({
        folds: v.array(FoldView),
        trades: described(v.number(), 'Trades of the chosen rule sets in all folds.'),
        total_pnl: described(v.number(), 'What running the optimizer and trading its rank 1 until the next run would have made, after costs, dollars.'),
        return_on_risk: described(v.number(), 'Their P/L over their summed max loss.'),
        win_rate: described(v.number(), 'Share of them closed with a profit after costs.'),
      }),
      'Choose the best rule set on the past, trade it over the next fold, roll forward: the selection procedure measured only after each choice.',
    ),
    overfitting: described(
      v.object({
        probability: described(v.nullable(v.number()), 'PBO, 0–1: how often the in-sample best ranks in the bottom half out of sample; null when the history has too few entries.'),
        blocks: described(v.number(), 'S: the history is cut into this many blocks of entries.'),
        combinations: described(v.number(), 'C(S, S/2): the in-sample/out-of-sample splits scored.'),
      }),
      'Probability of backtest overfitting over every rule set tried, by combinatorially symmetric cross-validation (Bailey, Borwein, López de Prado & Zhu, 2014).',
    ),
    deflated_sharpe: described(
      v.nullable(
        v.object({
          ratio: described(v.number(), 'DSR, 0–1: the probability that rank 1’s true Sharpe ratio is above 0, given how many rule sets were tried.'),
          sharpe: described(v.number(), 'Rank 1’s Sharpe ratio in-sample, per scheduled entry (the P/L after costs of the trade entered there).'),
          expected_max_sharpe: described(v.number(), 'The Sharpe ratio per entry the best of the trials would reach by luck alone.'),
          trades: described(v.number(), 'T: the scheduled entries in-sample, each one observation (0 where none was taken).'),
          trials: described(v.number(), 'N: every rule set tried.'),
          skew: described(v.number(), 'Of rank 1’s in-sample returns; negative for the rare large loss of a short condor.'),
          kurtosis: described(v.number(), 'Not in excess: 3 for normal returns.'),
        }),
      ),
      'The deflated Sharpe ratio of rank 1 (Bailey & López de Prado, 2014); null without a rank 1 with two in-sample trades.',
    ),
    likely_luck: described(
      v.nullable(v.boolean()),
      'True when rank 1 is more likely luck than not: deflated Sharpe ratio below 0.5 (or too few trades for one), or probability of overfitting above 0.5; null without a rank 1.',
    ),
    words: described(v.string(), 'What the figures mean, in a paragraph.'),
  }),
  'How far to trust the ranking (design §19).',
);

const dateOf = (history: MarketHistory, index: number): string | null => history.sessions[index]?.date ?? null;

/** The sessions a window's trades span: its first entry to its last exit (or the session before the next window). */
function stretch(history: MarketHistory, entryIndices: readonly number[], window: TradeWindow): v.InferOutput<typeof StretchView> {
  const first = entryIndices[window.fromSlot];
  if (first === undefined || window.toSlot <= window.fromSlot) return { from: null, to: null };
  return { from: dateOf(history, first), to: dateOf(history, window.lastExit) };
}

const foldRules = (rules: RuleSet): v.InferOutput<typeof FoldRulesView> => ({
  short_delta: rules.shortDelta,
  wing_width: rules.wingWidth,
  entry_dte: rules.entryDte,
  profit_take_pct: rules.profitTakePct,
  management_dte: rules.managementDte,
  stop_loss_multiple: rules.stopLossMultiple,
});

/** The validation of a run as its answer shows it. */
export function validationView(result: OptimizeResult, history: MarketHistory, entryIndices: readonly number[]): v.InferOutput<typeof ValidationView> {
  const { validation, ranked, evaluated } = result;
  const { split, walkForward, overfitting, deflatedSharpe } = validation;
  const inSample = stretch(history, entryIndices, split.inSample);
  const rankOne = ranked[0];
  const ratio = (pnl: number, risk: number): number => (risk > 0 ? round(pnl / risk, 4) : 0);
  return {
    in_sample: inSample,
    out_of_sample: stretch(history, entryIndices, split.outOfSample),
    walk_forward: {
      folds: walkForward.folds.map((fold, i) => {
        const next = entryIndices[fold.measure.toSlot];
        return {
          from: dateOf(history, entryIndices[fold.measure.fromSlot] ?? -1),
          to: dateOf(history, next === undefined ? history.sessions.length - 1 : next - 1),
          chosen: result.foldChoices[i] === null || result.foldChoices[i] === undefined ? null : foldRules(result.foldChoices[i]),
          trades: fold.trades,
          total_pnl: round(fold.pnl, 2),
          return_on_risk: ratio(fold.pnl, fold.maxLoss),
        };
      }),
      trades: walkForward.trades,
      total_pnl: round(walkForward.pnl, 2),
      return_on_risk: ratio(walkForward.pnl, walkForward.maxLoss),
      win_rate: walkForward.trades > 0 ? round(walkForward.wins / walkForward.trades, 4) : 0,
    },
    overfitting: { probability: overfitting.probability === null ? null : round(overfitting.probability, 4), blocks: overfitting.blocks, combinations: overfitting.combinations },
    deflated_sharpe:
      deflatedSharpe === null
        ? null
        : {
            ratio: round(deflatedSharpe.probability, 4),
            sharpe: round(deflatedSharpe.sharpe, 4),
            expected_max_sharpe: round(deflatedSharpe.expectedMaxSharpe, 4),
            trades: deflatedSharpe.observations,
            trials: deflatedSharpe.trials,
            skew: round(deflatedSharpe.skew, 4),
            kurtosis: round(deflatedSharpe.kurtosis, 4),
          },
    likely_luck: likelyLuck(validation, rankOne !== undefined),
    words: validationWords(validation, {
      evaluated,
      rankOne: rankOne === undefined ? null : { pnl: rankOne.outOfSample.totalPnl, trades: rankOne.outOfSample.trades },
      chosenBy: inSample.to ?? 'the first entry',
    }),
  };
}
