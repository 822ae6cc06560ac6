import { renderPayoffChart } from '@condor/web/chart';
import { bandDecisionMarkup, bandMarkup } from './band-markup.js';
import { duration, escapeHtml, money, price } from './html-text.js';
import { payoffCurve, secondsUntilApprovable, type TicketWire } from './ticket-wire.js';

const row = (term: string, value: string): string => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`;

/** What the view needs besides the ticket: the proposal it belongs to, and where it can be approved in a browser (shown when absolute). */
export interface TicketExtras {
  readonly proposalId: string;
  readonly approvalUrl: string | null;
}

/**
 * The order ticket as HTML: the headline, the price in words, the legs, what it can win and lose, the breakevens,
 * POP, the account, the time left, the price band, the payoff chart, and Approve / Reject while it awaits approval
 * with the band's sentence beside them, or the band approved once placed. Every text is escaped; the view fills
 * the countdowns (`data-countdown`) and wires the buttons (`data-action`).
 *
 * @example
 * root.innerHTML = ticketMarkup(answer.ticket, { proposalId: answer.proposal_id, approvalUrl: answer.approval_url });
 */
export function ticketMarkup(ticket: TicketWire, extras: TicketExtras): string {
  const open = ticket.status === 'awaiting_approval';
  const wait = open ? secondsUntilApprovable(ticket) : 0;
  const facts = [
    row('Price', escapeHtml(ticket.price_words)),
    ticket.max_profit === null ? '' : row('Max profit', escapeHtml(money(ticket.max_profit))),
    ticket.max_loss === null ? '' : row('Max loss', escapeHtml(money(-Math.abs(ticket.max_loss)))),
    ticket.breakevens.length === 0 ? '' : row('Breakevens', escapeHtml(ticket.breakevens.map(price).join(' and '))),
    ticket.pop === null ? '' : row('Probability of profit', escapeHtml(ticket.pop_words)),
    ticket.costs === null ? '' : row('Costs', escapeHtml(ticket.costs.words)),
    ticket.buying_power === null ? '' : row('Buying power', escapeHtml(ticket.buying_power.words)),
    row('Account', escapeHtml(ticket.account.words)),
    row('Status', escapeHtml(ticket.status_words)),
    open ? row('Time left', `<span data-countdown="expires" data-seconds="${String(ticket.seconds_left)}">${escapeHtml(duration(ticket.seconds_left))}</span>`) : '',
  ].join('');
  const flags =
    ticket.flags.length === 0
      ? ''
      : `<ul class="flags">${ticket.flags.map((f) => `<li data-flag="${escapeHtml(f.code)}">${escapeHtml(f.message)}</li>`).join('')}</ul>`;
  const legs = ticket.legs.map((leg) => `<li>${escapeHtml(leg.words)}</li>`).join('');
  const notice = ticket.market_notice === null ? '' : `<p class="notice">${escapeHtml(ticket.market_notice)}</p>`;
  const chart = ticket.payoff === null ? '' : `<figure class="chart">${renderPayoffChart(payoffCurve(ticket.payoff), `payoff-${extras.proposalId}`)}</figure>`;
  const waiting =
    wait > 0
      ? `<p class="wait" data-countdown="approvable" data-seconds="${String(wait)}">It can be approved in ${escapeHtml(duration(wait))}.</p>`
      : '';
  const decision = open && ticket.band !== null ? bandDecisionMarkup(ticket.band, extras.proposalId) : { sentence: '', covers: '', describedBy: '' };
  const actions = open
    ? `<div class="actions"><button type="button" data-action="approve"${decision.describedBy}>Approve</button><button type="button" data-action="reject">Reject</button></div>`
    : '';
  const approved = ticket.approval?.band == null ? '' : `<p class="approved-band">Price band approved: ${escapeHtml(ticket.approval.band.words)}</p>`;
  const link =
    open && extras.approvalUrl !== null && /^https?:\/\//.test(extras.approvalUrl)
      ? `<p class="elsewhere">Or approve it on condor's own page: <a href="${escapeHtml(extras.approvalUrl)}" target="_blank" rel="noopener">${escapeHtml(extras.approvalUrl)}</a></p>`
      : '';
  return (
    `<article class="ticket" data-proposal-id="${escapeHtml(extras.proposalId)}" data-status="${ticket.status}">` +
    `<h1>${escapeHtml(ticket.headline)}</h1>` +
    `<ul class="legs">${legs}</ul>` +
    `<dl class="facts">${facts}</dl>` +
    (ticket.band === null ? '' : bandMarkup(ticket.band)) +
    flags +
    notice +
    chart +
    decision.sentence +
    waiting +
    actions +
    decision.covers +
    approved +
    '<p class="outcome" role="status" aria-live="polite"></p>' +
    link +
    '</article>'
  );
}
