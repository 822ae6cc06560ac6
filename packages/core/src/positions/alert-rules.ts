import type { ManagedPosition, PositionLeg } from '../ports/position-store.js';
import { money } from '../words/money.js';

export type AutorollRule = 'take_profit' | 'stop_loss' | 'management_dte' | 'short_strike_tested' | 'pin_risk' | 'expiry' | 'legs_changed';
export type Severity = 'info' | 'warning' | 'critical';

/** The exact call of propose_exit or propose_roll that acts on an alert (it only proposes; a human confirms). */
export type ProposalCall =
  | { readonly tool: 'propose_exit'; readonly arguments: { readonly position_id: string; readonly remaining_only?: true } }
  | {
      readonly tool: 'propose_roll';
      readonly arguments: {
        readonly position_id: string;
        readonly side: 'put' | 'call' | 'both';
        readonly target_dte?: number;
        readonly short_delta?: number;
      };
    };

export interface AutorollAlert {
  readonly positionId: string;
  readonly ticker: string;
  readonly rule: AutorollRule;
  readonly severity: Severity;
  /** Why, with the numbers the rule compared. */
  readonly reason: string;
  /** check_broker: nothing condor can propose; the person looks at the broker (shares from an assignment, legs gone). */
  readonly suggestedAction: 'close' | 'roll' | 'check_broker';
  /** Null when there is nothing to propose (check_broker). */
  readonly proposalCall: ProposalCall | null;
  /** A second reasonable action (the 21-DTE roll out), or null. */
  readonly alternative: ProposalCall | null;
}

/** The thresholds of options-math §2.10 (tastytrade-style management). */
export interface ManagementRules {
  /** Take profit when the debit to close is at most this share of the entry credit. */
  readonly takeProfitShare: number;
  /** Manage (close or roll out) at or below this many days to expiry. */
  readonly managementDte: number;
  /** Where a roll out goes. */
  readonly rollTargetDte: number;
  /** A short strike is tested at this |delta| … */
  readonly testedDelta: number;
  /** … or when the price is within this fraction of it, or beyond it. */
  readonly testedDistance: number;
  /** The delta the untested side is rolled to. */
  readonly rollShortDelta: number;
  /** The untested side's roll is worth it only if it collects this share of the entry credit. */
  readonly minRollCreditShare: number;
  /** Close when the loss reaches this multiple of the entry credit. */
  readonly stopLossMultiple: number;
  /** Pin risk applies at or below this many days to expiry … */
  readonly pinDte: number;
  /** … with the price within this fraction of a short strike, or beyond it. */
  readonly pinDistance: number;
}

export const MANAGEMENT_RULES: ManagementRules = {
  takeProfitShare: 0.5,
  managementDte: 21,
  rollTargetDte: 45,
  testedDelta: 0.3,
  testedDistance: 0.01,
  rollShortDelta: 0.25,
  minRollCreditShare: 0.25,
  stopLossMultiple: 2,
  pinDte: 7,
  pinDistance: 0.01,
};

/** What the rules look at for one open position; null where the market had no answer (those rules are skipped). */
export interface PositionState {
  readonly position: ManagedPosition;
  readonly dte: number;
  /** Debit per share to close now. */
  readonly value: number | null;
  /** The underlying's price. */
  readonly spot: number | null;
  /** Deltas of the short put and short call from the chain of the position's expiry. */
  readonly shortDelta: { readonly put: number | null; readonly call: number | null };
}

const SEVERITY_ORDER: Readonly<Record<Severity, number>> = { critical: 0, warning: 1, info: 2 };

/** Most severe first; at equal severity a close before a roll. */
export const bySeverity = (a: AutorollAlert, b: AutorollAlert): number =>
  SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || Number(a.suggestedAction === 'roll') - Number(b.suggestedAction === 'roll');

/** Prices and shares are compared with this tolerance, so a value exactly at a threshold counts as reaching it. */
const EPS = 1e-9;
const exitCall = (positionId: string): ProposalCall => ({ tool: 'propose_exit', arguments: { position_id: positionId } });
const pct = (share: number): string => `${(share * 100).toFixed(1)} %`;
const shortLeg = (position: ManagedPosition, type: 'put' | 'call'): PositionLeg | undefined =>
  position.legs.find((leg) => leg.side === 'short' && leg.type === type);

/**
 * The management alerts one open iron condor triggers now (options-math §2.10), most severe first.
 * Read-only: each names the propose_exit or propose_roll call that would act on it.
 *
 * @example autorollAlerts({ position, dte: 30, value: 0.5, spot: 571, shortDelta: { put: -0.1, call: 0.12 } })
 * // -> [{ rule: 'take_profit', suggestedAction: 'close', proposalCall: { tool: 'propose_exit', … } }] when entered for $1.25
 */
export function autorollAlerts(state: PositionState, rules: ManagementRules = MANAGEMENT_RULES): AutorollAlert[] {
  const { position } = state;
  const exit = exitCall(position.id);
  const alert = (rule: AutorollRule, severity: Severity, reason: string, call: ProposalCall = exit, alternative: ProposalCall | null = null): AutorollAlert => ({
    positionId: position.id,
    ticker: position.ticker,
    rule,
    severity,
    reason,
    suggestedAction: call.tool === 'propose_exit' ? 'close' : 'roll',
    proposalCall: call,
    alternative,
  });
  const alerts = [...profitAndLoss(state, rules, alert), ...timeRules(state, rules, alert), ...testedRules(state, rules, alert)];
  return alerts.sort(bySeverity);
}

type MakeAlert = (rule: AutorollRule, severity: Severity, reason: string, call?: ProposalCall, alternative?: ProposalCall | null) => AutorollAlert;

function profitAndLoss({ position, value }: PositionState, rules: ManagementRules, alert: MakeAlert): AutorollAlert[] {
  const credit = position.entryCredit;
  if (value === null || credit <= 0) return [];
  const contracts = 100 * position.qty;
  if (value <= rules.takeProfitShare * credit + EPS) {
    return [
      alert(
        'take_profit',
        'info',
        `Debit to close ${money(value)} is ${pct(value / credit)} of the ${money(credit)} entry credit (rule: at most ${pct(rules.takeProfitShare)}): ` +
          `${money((credit - value) * contracts)} of profit can be taken now. Close.`,
      ),
    ];
  }
  const loss = value - credit;
  if (loss >= rules.stopLossMultiple * credit - EPS) {
    return [
      alert(
        'stop_loss',
        'critical',
        `Loss of ${money(loss)} per share (${money(loss * contracts)} in all) is ${(loss / credit).toFixed(2)} × the ${money(credit)} entry credit ` +
          `(rule: at least ${String(rules.stopLossMultiple)} ×); the debit to close is ${money(value)}. Close to cap the loss.`,
      ),
    ];
  }
  return [];
}

function timeRules({ position, dte }: PositionState, rules: ManagementRules, alert: MakeAlert): AutorollAlert[] {
  if (dte > rules.managementDte) return [];
  const rollOut: ProposalCall = { tool: 'propose_roll', arguments: { position_id: position.id, side: 'both', target_dte: rules.rollTargetDte } };
  return [
    alert(
      'management_dte',
      'warning',
      `${String(dte)} days to expiry (rule: at most ${String(rules.managementDte)}): gamma risk grows from here. Close, or roll the whole ` +
        `condor out to about ${String(rules.rollTargetDte)} DTE (the alternative call) — only if the roll collects a net credit.`,
      undefined,
      rollOut,
    ),
  ];
}

/** How far the price is from a short strike, as a fraction of the strike, and whether it is beyond it (in the money). */
function distance(spot: number, leg: PositionLeg): { share: number; beyond: boolean } {
  const beyond = leg.type === 'put' ? spot < leg.strike : spot > leg.strike;
  return { share: Math.abs(spot - leg.strike) / leg.strike, beyond };
}

const where = (spot: number, leg: PositionLeg, ticker: string): string => {
  const { share, beyond } = distance(spot, leg);
  const side = spot < leg.strike ? 'below' : 'above';
  return `${ticker} at ${spot.toFixed(2)} is ${pct(share)} ${side} the short ${leg.type} ${String(leg.strike)}${beyond ? ' (beyond it)' : ''}`;
};

function testedRules(state: PositionState, rules: ManagementRules, alert: MakeAlert): AutorollAlert[] {
  const { position, spot, dte } = state;
  const legs = { put: shortLeg(position, 'put'), call: shortLeg(position, 'call') };
  const tested = (['put', 'call'] as const).flatMap((type) => {
    const leg = legs[type];
    if (leg === undefined) return [];
    const delta = state.shortDelta[type];
    const near = spot === null ? null : distance(spot, leg);
    const byDelta = delta !== null && Math.abs(delta) >= rules.testedDelta - EPS;
    const byPrice = near !== null && (near.beyond || near.share <= rules.testedDistance + EPS);
    return byDelta || byPrice ? [{ type, leg, delta, byDelta, byPrice }] : [];
  });
  const alerts: AutorollAlert[] = [];
  const [first] = tested;
  if (first !== undefined) {
    const facts = tested
      .map(({ leg, delta, byPrice }) =>
        [
          byPrice && spot !== null ? where(spot, leg, position.ticker) : null,
          delta === null ? null : `the short ${leg.type} ${String(leg.strike)} has delta ${delta.toFixed(2)}`,
        ]
          .filter((fact) => fact !== null)
          .join(' and '),
      )
      .join('; ');
    const threshold = `(rule: |delta| at least ${rules.testedDelta.toFixed(2)}, or the price within ${pct(rules.testedDistance)} of a short strike or beyond it)`;
    if (tested.length === 2) {
      alerts.push(alert('short_strike_tested', 'warning', `Both short strikes are tested: ${facts} ${threshold}. There is no untested side to roll; close.`));
    } else {
      const untested = first.type === 'put' ? 'call' : 'put';
      const minCredit = rules.minRollCreditShare * position.entryCredit;
      const roll: ProposalCall = {
        tool: 'propose_roll',
        arguments: { position_id: position.id, side: untested, ...(dte >= 1 ? { target_dte: dte } : {}), short_delta: rules.rollShortDelta },
      };
      alerts.push(
        alert(
          'short_strike_tested',
          'warning',
          `The short ${first.type} side is tested: ${facts} ${threshold}. Roll the untested ${untested} side toward the price ` +
            `(short at about ${rules.rollShortDelta.toFixed(2)} delta, same expiry) only if it collects at least ${pct(rules.minRollCreditShare)} ` +
            `of the entry credit (${money(minCredit)} per share); propose_roll shows the credit.`,
          roll,
          exitCall(position.id),
        ),
      );
    }
  }
  if (dte <= rules.pinDte && spot !== null) {
    const pinned = [legs.put, legs.call].filter((leg): leg is PositionLeg => {
      if (leg === undefined) return false;
      const near = distance(spot, leg);
      return near.beyond || near.share <= rules.pinDistance + EPS;
    });
    if (pinned.length > 0) {
      alerts.push(
        alert(
          'pin_risk',
          'critical',
          `${String(dte)} days to expiry (rule: at most ${String(rules.pinDte)}) and ${pinned.map((leg) => where(spot, leg, position.ticker)).join('; ')} ` +
            `(rule: within ${pct(rules.pinDistance)} or beyond): pin and assignment risk. Close before expiry.`,
        ),
      );
    }
  }
  return alerts;
}
