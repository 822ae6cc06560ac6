import type { AlertViewOutput } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { RULE_WORDS } from './alert-words.js';


const callWords = (alert: AlertViewOutput): string =>
  alert.proposal_call === null ? 'Nothing to propose: look at the broker account.' : `Your agent can propose it with ${alert.proposal_call.tool}(${JSON.stringify(alert.proposal_call.arguments)}); you approve it here.`;

const alert = (item: AlertViewOutput): Markup => markup`<article class="notice ${item.severity === 'critical' ? 'error' : 'warn'}" data-role="alert" data-rule="${item.rule}" data-severity="${item.severity}">
<strong>${RULE_WORDS[item.rule]} · ${item.ticker}</strong>
<p>${item.reason}</p>
<p class="muted">${callWords(item)} <a href="#position-${item.position_id}">See the position</a></p>
</article>`;

/** The expiry-day guardian's and the orphaned legs' alerts, the critical ones first. */
export const renderAlerts = (alerts: readonly AlertViewOutput[]): Markup => markup`<section class="card" id="alerts" data-role="desk-alerts">
<h2>Alerts</h2>
${alerts.length === 0 ? markup`<p class="muted" data-role="empty">No alerts: no position is near expiry or missing a leg.</p>` : alerts.map(alert)}
</section>`;
