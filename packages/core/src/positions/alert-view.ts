import * as v from 'valibot';
import type { AutorollAlert } from './alert-rules.js';

export const ProposalCallView = v.object({
  tool: v.picklist(['propose_exit', 'propose_roll']),
  arguments: v.pipe(v.record(v.string(), v.unknown()), v.description('Pass these to the tool as they are.')),
});

export const AlertView = v.object({
  position_id: v.string(),
  ticker: v.string(),
  rule: v.pipe(
    v.picklist(['take_profit', 'stop_loss', 'management_dte', 'short_strike_tested', 'pin_risk', 'expiry', 'legs_changed']),
    v.description(
      'take_profit: debit to close ≤ 50 % of the entry credit; stop_loss: loss ≥ 2 × the credit; management_dte: ≤ 21 days to expiry; ' +
        'short_strike_tested: a short leg at |delta| ≥ 0.30 or the price within 1 % of it or beyond; pin_risk: ≤ 7 days and the price within 1 % of a short strike or beyond; ' +
        'expiry: from the session before expiry (two sessions before an early-close expiry), close the whole condor in one order before the broker acts on expiry day; ' +
        'legs_changed: the broker no longer holds every leg (closed, assigned or exercised outside condor): close what is left.',
    ),
  ),
  severity: v.picklist(['info', 'warning', 'critical']),
  reason: v.pipe(v.string(), v.description('Why, with the numbers the rule compared.')),
  suggested_action: v.pipe(v.picklist(['close', 'roll', 'check_broker']), v.description('check_broker: nothing to propose; look at the broker account.')),
  proposal_call: v.pipe(v.nullable(ProposalCallView), v.description('The call that proposes the action; nothing trades until the user confirms it. Null for check_broker.')),
  alternative: v.pipe(v.nullable(ProposalCallView), v.description('Another reasonable action, e.g. rolling out instead of closing at 21 DTE.')),
});

export type AlertViewOutput = v.InferOutput<typeof AlertView>;

export const alertView = (alert: AutorollAlert): AlertViewOutput => ({
  position_id: alert.positionId,
  ticker: alert.ticker,
  rule: alert.rule,
  severity: alert.severity,
  reason: alert.reason,
  suggested_action: alert.suggestedAction,
  proposal_call: alert.proposalCall === null ? null : { tool: alert.proposalCall.tool, arguments: { ...alert.proposalCall.arguments } },
  alternative: alert.alternative === null ? null : { tool: alert.alternative.tool, arguments: { ...alert.alternative.arguments } },
});
