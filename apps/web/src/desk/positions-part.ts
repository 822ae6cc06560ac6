import type { AlertViewOutput, DeskPosition, DeskSection, PositionViewOutput } from '@condor/core';
import { perShareWords } from '@condor/core/words';
import { renderPayoffChart } from '../chart/payoff-chart.js';
import { dollars } from '../shared/format.js';
import { markup, trusted, type Markup } from '../shared/markup.js';
import { firstSentence, RULE_WORDS } from './alert-words.js';
import { partNote, profitOrLoss } from './desk-words.js';

const STATUS_WORDS: Readonly<Record<PositionViewOutput['status'], string>> = {
  opening: 'Opening: its entry order is working',
  open: 'Open',
  closing: 'Closing: its exit order is working',
  closed: 'Closed',
};

/** "SPY 2026-03-20 540/545/600/605". */
export const positionTitle = (view: PositionViewOutput): string =>
  `${view.ticker} ${view.expiry} ${view.legs
    .map((leg) => leg.strike)
    .sort((a, b) => a - b)
    .join('/')}`;

const daysWords = (dte: number | null): string => (dte === null ? '—' : dte === 0 ? 'expires today' : `${String(dte)} day${dte === 1 ? '' : 's'}`);

const alertLine = (alert: AlertViewOutput): Markup =>
  markup`<li data-role="position-alert" data-rule="${alert.rule}" class="notice ${alert.severity === 'critical' ? 'error' : 'warn'}"><strong>${RULE_WORDS[alert.rule]}</strong>: ${firstSentence(alert.reason)} <a href="#alerts">What to do</a></li>`;

const chart = ({ view, payoff }: DeskPosition): Markup | string =>
  payoff === null
    ? ''
    : markup`<figure class="small-chart" data-role="position-chart">${trusted(renderPayoffChart(payoff, `payoff-${view.position_id}`))}<figcaption>Profit or loss at expiry, all ${String(view.qty)} condor${view.qty === 1 ? '' : 's'}</figcaption></figure>`;

const position = (held: DeskPosition): Markup => {
  const { view, payoff } = held;
  return markup`<article class="item" id="position-${view.position_id}" data-role="position" data-position="${view.position_id}" data-status="${view.status}">
<h3>${positionTitle(view)}</h3>
<div class="split">
<dl class="facts">
<dt>Status</dt><dd data-role="status">${STATUS_WORDS[view.status]}</dd>
<dt>Condors</dt><dd>${String(view.qty)}</dd>
<dt>Opened for</dt><dd>${perShareWords(-view.entry_credit)} per share</dd>
<dt>P&amp;L now</dt><dd data-role="pl">${profitOrLoss(view.unrealized_pl)}</dd>
<dt>Max profit</dt><dd data-role="position-max-profit">${payoff === null ? '—' : dollars(payoff.maxProfit)}</dd>
<dt>Max loss</dt><dd data-role="position-max-loss">${payoff === null ? '—' : dollars(payoff.maxLoss)}</dd>
<dt>Days to expiry</dt><dd data-role="dte">${daysWords(view.dte)}</dd>
</dl>
${chart(held)}
</div>
${view.alerts.length === 0 ? '' : markup`<ul class="alerts">${view.alerts.map(alertLine)}</ul>`}
</article>`;
};

/** The person's live positions: each condor's P&L now, max profit and loss, days to expiry, alerts and a small payoff chart. */
export const renderPositions = (part: DeskSection<DeskPosition>): Markup => markup`<section class="card" data-role="desk-positions">
<h2>Open positions</h2>
${partNote(part, 'No open positions.')}
${part.items.map(position)}
</section>`;
