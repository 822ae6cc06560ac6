import { RECENT_ORDERS, type DeskSection, type OrderViewOutput } from '@condor/core';
import { perShareWords } from '@condor/core/words';
import { markup, type Markup } from '../shared/markup.js';
import { minuteWords, partNote } from './desk-words.js';

const KIND_WORDS: Readonly<Record<NonNullable<OrderViewOutput['kind']>, string>> = { entry: 'Entry', roll: 'Roll', exit: 'Exit' };

const what = (order: OrderViewOutput): string =>
  order.kind !== null ? `${KIND_WORDS[order.kind]}, ${String(order.legs.length)} legs` : order.service_placed ? `${String(order.legs.length)} legs` : `${String(order.legs.length)} legs, not placed by condor`;

const row = (order: OrderViewOutput): Markup => markup`<tr data-role="order" data-order="${order.order_id}" data-status="${order.status}">
<td>${minuteWords(order.submitted_at)}</td>
<td>${what(order)}</td>
<td>${perShareWords(order.limit_price)}</td>
<td>${String(order.filled_qty)} of ${String(order.qty)}${order.filled_avg_price === null ? '' : ` at ${perShareWords(order.filled_avg_price)}`}</td>
<td><span class="status">${order.status}</span></td>
</tr>`;

/** The broker's newest orders, condor's and others, with their limit, fills and status. */
export const renderRecentOrders = (part: DeskSection<OrderViewOutput>): Markup => markup`<section class="card" data-role="desk-orders">
<h2>Recent orders</h2>
${partNote(part, 'No orders at the broker yet.')}
${part.items.length === 0 ? '' : markup`<table><thead><tr><th>Sent</th><th>Order</th><th>Limit per share</th><th>Filled</th><th>Status</th></tr></thead><tbody>${part.items.map(row)}</tbody></table>
<p class="muted">The newest ${String(RECENT_ORDERS)} at most.</p>`}
</section>`;
