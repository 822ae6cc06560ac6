import { DAY_MS } from '../calendar/days.js';
import type { Ids } from '../ports/ids.js';
import type { Proposal } from '../ports/proposal-store.js';
import type { WorkingOrder } from '../ports/working-order-store.js';
import { loginEndsWords } from '../words/broker-login.js';
import { WALK_STATUS_WORDS } from '../words/working-order.js';
import { expiresAt } from '../lifecycle/proposal-timing.js';
import type { News } from './news.js';

const HOUR_MS = 60 * 60_000;

/** Where a person opens one of their proposals: their desk mints a fresh approval link (and offers a fresh quote once it expired). */
export const proposalPath = (proposalId: string): string => `/desk/approvals/${encodeURIComponent(proposalId)}`;

/** A proposal made for the person that only they can approve: told at once, worth telling only while it lives. */
export function proposalWaitingNews(proposal: Proposal, ids: Ids): News {
  return {
    id: ids.uuid(),
    ownerId: proposal.ownerId,
    kind: 'proposal_waiting',
    key: `proposal:${proposal.id}`,
    topic: `proposal:${proposal.id}`,
    title: `Approve? ${proposal.ticker} ${proposal.kind === 'entry' ? 'iron condor' : proposal.kind}`,
    body: proposal.summary,
    path: proposalPath(proposal.id),
    createdAt: proposal.createdAt,
    expiresAt: expiresAt(proposal.createdAt),
    urgency: 'high',
  };
}

/** What a notification says of an alert on a position (the monitor's `AutorollAlert`, with its rule in words). */
export interface AlertNewsFacts {
  readonly positionId: string;
  readonly ticker: string;
  readonly rule: string;
  readonly ruleWords: string;
  readonly severity: 'info' | 'warning' | 'critical';
  readonly reason: string;
}

/**
 * An alert on an open position, told the first time the monitor sees it and never again for that position and rule
 * (a rule that clears and fires again near its threshold would otherwise tell the person over and over).
 */
export function positionAlertNews(alert: AlertNewsFacts, now: number, ids: Ids, ownerId: string): News {
  return {
    id: ids.uuid(),
    ownerId,
    kind: 'position_alert',
    key: `alert:${alert.positionId}:${alert.rule}`,
    topic: `position:${alert.positionId}`,
    title: `${alert.ticker}: ${alert.ruleWords}`,
    body: alert.reason,
    path: '/',
    createdAt: now,
    expiresAt: now + (alert.severity === 'critical' ? 12 * HOUR_MS : DAY_MS),
    urgency: alert.severity === 'info' ? 'normal' : 'high',
  };
}

/** A working order that ended: filled, partly filled, or ended unfilled. */
export function orderEndedNews(walk: WorkingOrder, ticker: string, now: number, ids: Ids): News {
  const filled = walk.status === 'filled' || walk.status === 'partial';
  return {
    id: ids.uuid(),
    ownerId: walk.ownerId,
    kind: 'order_ended',
    key: `order:${walk.proposalId}`,
    topic: `order:${walk.proposalId}`,
    title: `${ticker} order ${walk.status === 'filled' ? 'filled' : walk.status === 'partial' ? 'partly filled' : 'not filled'}`,
    body: walk.detail ?? `${String(walk.filledQty)} of ${String(walk.qty)} filled: ${WALK_STATUS_WORDS[walk.status]}.`,
    path: '/',
    createdAt: now,
    expiresAt: now + DAY_MS,
    urgency: filled ? 'normal' : 'high',
  };
}

/** A broker link that stopped working (the broker refused its keys or grant): told once per refusal of a link. */
export function linkFailedNews(ownerId: string, brokerName: string, linkedAt: number, reason: string, now: number, ids: Ids): News {
  return {
    id: ids.uuid(),
    ownerId,
    kind: 'link_failed',
    key: `link:${ownerId}:${String(linkedAt)}`,
    topic: 'broker-link',
    title: `${brokerName} stopped working for condor`,
    body: `${reason} Link your account again from your desk; nothing can be placed until you do.`,
    path: '/',
    createdAt: now,
    expiresAt: now + 7 * DAY_MS,
    urgency: 'high',
  };
}

/**
 * A login at a broker that ends within a day (Schwab's lasts 7 days): told once per login, a day before, with what to
 * do. It is the same kind as a refused link (always mailed too), and replaces an older news of the link not yet told.
 */
export function loginEndingNews(link: { readonly ownerId: string; readonly loggedInAt: number }, broker: string, endsAt: number, now: number, ids: Ids): News {
  return {
    id: ids.uuid(),
    ownerId: link.ownerId,
    kind: 'link_failed',
    key: `login-ends:${link.ownerId}:${String(link.loggedInAt)}`,
    topic: 'broker-link',
    title: `Your ${broker} login ends within a day`,
    body: `${loginEndsWords(broker, endsAt, now)} Open the broker keys page from your desk and log in at ${broker}; your positions stay as they are.`,
    path: '/',
    createdAt: now,
    expiresAt: endsAt,
    urgency: 'normal',
  };
}

/** What happened to the account that its owner must hear of, whatever they chose. */
export type SecurityEvent =
  | { readonly kind: 'passkey_added'; readonly name: string }
  | { readonly kind: 'passkey_removed'; readonly name: string }
  | { readonly kind: 'trade_key_created'; readonly name: string }
  | { readonly kind: 'trade_client_granted'; readonly name: string }
  | { readonly kind: 'password_changed' };

const SECURITY_WORDS = {
  passkey_added: (e) => [`A passkey was added: ${quoted(e)}`, '/settings'],
  passkey_removed: (e) => [`A passkey was removed: ${quoted(e)}`, '/settings'],
  trade_key_created: (e) => [`An API key that can trade was created: ${quoted(e)}`, '/api-keys'],
  trade_client_granted: (e) => [`An app was given the trade scope: ${quoted(e)}`, '/oauth/connections'],
  password_changed: () => ['Your condor password was changed', '/settings'],
} as const satisfies Record<SecurityEvent['kind'], (event: SecurityEvent) => readonly [string, string]>;

function quoted(event: SecurityEvent): string {
  return 'name' in event ? `“${event.name.slice(0, 80)}”` : '';
}

/** Security news: mailed always; the words say what to do if it was not the person. */
export function securityNews(ownerId: string, event: SecurityEvent, now: number, ids: Ids): News {
  const [title, path] = SECURITY_WORDS[event.kind](event);
  const id = ids.uuid();
  return {
    id,
    ownerId,
    kind: 'security',
    key: `security:${id}`,
    topic: `security:${id}`,
    title,
    body: `${title}. If this was not you, sign in to condor, change your password and remove what you do not recognise.`,
    path,
    createdAt: now,
    expiresAt: now + 7 * DAY_MS,
    urgency: 'high',
  };
}
