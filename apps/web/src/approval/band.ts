import type { TicketBand } from '@condor/core';
import { BAND_COLUMN_WORDS } from '@condor/core/words';
import { markup, type Markup } from '../shared/markup.js';

/**
 * The price band on the ticket: how the order walks it, and a fill at its start price beside one at its worst (the
 * sentence that asks for approval sits by the Approve button, `renderApprovalPage`).
 */
export function renderBand(band: TicketBand): Markup {
  return markup`<h2>Price band</h2>
<p data-role="band-walk" data-mode="${band.mode}">${band.walkWords}</p>
${band.rows.length === 0 ? '' : effectTable(band)}`;
}

function effectTable(band: TicketBand): Markup {
  return markup`<table data-role="band-effect">
<thead><tr><th scope="col">${BAND_COLUMN_WORDS.label}</th><th scope="col">${BAND_COLUMN_WORDS.start}</th><th scope="col">${BAND_COLUMN_WORDS.worst}</th></tr></thead>
<tbody>${band.rows.map((row) => markup`<tr><th scope="row">${row.label}</th><td>${row.atStart}</td><td>${row.atWorst}</td></tr>`)}</tbody>
</table>`;
}
