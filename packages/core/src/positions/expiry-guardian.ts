import { parseDay } from '../calendar/days.js';
import { easternDay, isEarlyClose, sessionClose, sessionOpen, tradingDayOnOrBefore } from '../calendar/exchange-calendar.js';
import { newYorkTime } from '../words/time.js';
import { heldFindings } from './held-at-broker.js';
import type { BrokerPosition } from '../ports/broker.js';
import type { ManagedPosition } from '../ports/position-store.js';
import type { AutorollAlert, ProposalCall } from './alert-rules.js';

/** How long before the expiry-day close condor asks for the whole condor to be closed: before the broker's risk desk acts (about 15:15 New York). */
const CLOSE_BY_MINUTES_BEFORE_CLOSE = 60;
const MINUTE = 60_000;

/**
 * When the guardian starts watching an expiry: the open of the session before expiry day — of the two sessions
 * before it when expiry day closes early, since the last day is three hours shorter.
 */
export function guardianStart(expiryDay: number): number {
  const before = tradingDayOnOrBefore(expiryDay - 1);
  return sessionOpen(isEarlyClose(expiryDay) ? tradingDayOnOrBefore(before - 1) : before);
}

/**
 * The expiry-day guardian (design: never one leg alone): for an open condor from the session before expiry, an
 * `expiry` alert asking to close the whole condor as one multi-leg order before the broker's own expiry-day risk
 * handling (Alpaca liquidates from about 15:15 New York, one leg at a time — alpaca-py #774); and, whenever the
 * broker's holdings no longer match the legs condor opened (a leg closed, assigned or exercised outside condor),
 * a `legs_changed` alert proposing to close what is left. `held` is null when the broker's holdings are unknown.
 */
export function guardianAlerts(position: ManagedPosition, held: readonly BrokerPosition[] | null, now: number): AutorollAlert[] {
  if (position.status !== 'open') return [];
  const changed = held === null ? [] : heldFindings(position.legs, position.qty, held);
  const left = position.legs.length - changed.length;
  const remaining = changed.length > 0 && left > 0;
  const closeCall: ProposalCall = { tool: 'propose_exit', arguments: { position_id: position.id, ...(remaining ? { remaining_only: true } : {}) } };
  const alert = (rule: AutorollAlert['rule'], severity: AutorollAlert['severity'], reason: string, call: ProposalCall | null): AutorollAlert => ({
    positionId: position.id,
    ticker: position.ticker,
    rule,
    severity,
    reason,
    suggestedAction: call === null ? 'check_broker' : 'close',
    proposalCall: call,
    alternative: null,
  });
  const alerts: AutorollAlert[] = [];
  if (changed.length > 0) {
    const what = changed.map((f) => f.sentence).join(' ');
    alerts.push(
      left > 0
        ? alert(
            'legs_changed',
            'critical',
            `The broker's holdings no longer match this condor: ${what} A leg was closed, assigned or exercised outside condor, so the legs left ` +
              'are no longer a defined-risk condor. Close what is left in one order (the proposal_call); if a short leg was assigned, the account ' +
              'may also hold shares: check them at the broker.',
            closeCall,
          )
        : alert(
            'legs_changed',
            'warning',
            `The broker holds none of this condor's legs any more: ${what} It expired, or was closed, assigned or exercised outside condor. ` +
              'Check the broker for shares from an assignment; nothing is left for condor to close.',
            null,
          ),
    );
  }
  if (left > 0) alerts.push(...expiryAlert(position, now, alert, closeCall));
  return alerts;
}

function expiryAlert(
  position: ManagedPosition,
  now: number,
  alert: (rule: AutorollAlert['rule'], severity: AutorollAlert['severity'], reason: string, call: ProposalCall | null) => AutorollAlert,
  closeCall: ProposalCall,
): AutorollAlert[] {
  const day = parseDay(position.expiry);
  if (day === undefined || now < guardianStart(day)) return [];
  const close = sessionClose(day);
  const closeBy = close - CLOSE_BY_MINUTES_BEFORE_CLOSE * MINUTE;
  const when = `${newYorkTime(close)}${isEarlyClose(day) ? ' (an early close)' : ''}`;
  if (now >= close) {
    return [
      alert(
        'expiry',
        'critical',
        `It expired at ${when} and the broker still shows legs of it. Options in the money by $0.01 or more are exercised or assigned after ` +
          'the close: check the broker for shares and for legs it has not settled yet.',
        null,
      ),
    ];
  }
  const today = easternDay(now) === day;
  const deadline = newYorkTime(closeBy);
  return [
    alert(
      'expiry',
      today ? 'critical' : 'warning',
      `${today ? 'It expires today' : 'It expires soon'}, at ${when}. Close the whole condor as one order before ${deadline}: ` +
        "on expiry day the broker's risk desk may close in-the-money or near-the-money legs from about 15:15 (earlier in volatile markets), " +
        'one leg at a time, which can leave the other legs unhedged. condor never closes one leg of a condor alone.',
      closeCall,
    ),
  ];
}
