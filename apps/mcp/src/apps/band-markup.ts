import { BAND_COLUMN_WORDS } from '@condor/core/words';
import { escapeHtml } from './html-text.js';
import type { TicketWire } from './ticket-wire.js';

/** The band as the ticket carries it. */
export type BandWire = NonNullable<TicketWire['band']>;

/** How the order walks the band, and a fill at its start price beside one at its worst, as the approval page shows them. */
export function bandMarkup(band: BandWire): string {
  const head = [BAND_COLUMN_WORDS.label, BAND_COLUMN_WORDS.start, BAND_COLUMN_WORDS.worst].map((words) => `<th scope="col">${escapeHtml(words)}</th>`).join('');
  const rows = band.rows
    .map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.at_start)}</td><td>${escapeHtml(row.at_worst)}</td></tr>`)
    .join('');
  const table = band.rows.length === 0 ? '' : `<table class="band-effect"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
  return `<section class="band"><h2>Price band</h2><p class="band-walk" data-mode="${escapeHtml(band.mode)}">${escapeHtml(band.walk_words)}</p>${table}</section>`;
}

/** Beside Approve: the sentence with the band's worst case, and what the button covers (its description). */
export function bandDecisionMarkup(band: BandWire, proposalId: string): { readonly sentence: string; readonly covers: string; readonly describedBy: string } {
  const id = `band-approval-${proposalId}`;
  return {
    sentence: `<p class="band-sentence"><strong>${escapeHtml(band.words)}</strong></p>`,
    covers: `<p class="band-approval" id="${escapeHtml(id)}">${escapeHtml(band.approve_words)}</p>`,
    describedBy: ` aria-describedby="${escapeHtml(id)}"`,
  };
}
