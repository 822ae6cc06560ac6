import type { DeskView } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';
import { renderAccount } from './account-part.js';
import { renderAgents } from './agents-part.js';
import { renderAlerts } from './alerts-part.js';
import { renderApprovals } from './approvals-part.js';
import { renderNews } from './news-part.js';
import { renderRecentOrders } from './orders-part.js';
import { renderPositions } from './positions-part.js';
import { renderWorkingOrders } from './working-orders-part.js';

/** Where the desk's script reads its parts again. */
export const DESK_PARTS_PATH = '/desk/parts';

/** Everything on the desk that changes: what the page shows first and what its script swaps in on each refresh. */
export const renderDeskParts = (view: DeskView, csrf: string): Markup => markup`<p class="muted" data-role="as-of">As of ${view.asOf.slice(11, 19)} UTC.<noscript> Reload the page to see what changed.</noscript></p>
${view.marketNotice === null ? '' : markup`<p class="notice warn" data-role="market-notice">${view.marketNotice}</p>`}
<p class="muted" data-role="market-source">${view.marketWords}</p>
<div class="desk-columns">
${renderApprovals(view.approvals)}
${renderAlerts(view.alerts)}
</div>
${renderPositions(view.positions)}
${renderWorkingOrders(view.workingOrders)}
${renderRecentOrders(view.recentOrders)}
<div class="desk-columns">
${renderAgents(view.apiKeys, view.clients, csrf)}
${renderAccount(view, csrf)}
</div>
${renderNews(view.news)}`;

/** The person's desk (design §16); it reads whole without JavaScript, and with it refreshes itself and counts down. */
export const renderDesk = (view: DeskView, csrf: string): Markup => markup`<h1>Your desk</h1>
<div id="desk" data-role="desk" data-refresh="${DESK_PARTS_PATH}">
${renderDeskParts(view, csrf)}
</div>`;
