import type { DeskSection } from '@condor/core';
import { secondsWords } from '@condor/core/words';
import { dollars } from '../shared/format.js';
import { markup, type Markup } from '../shared/markup.js';

/**
 * Seconds left, as text the desk's script counts down from (`data-seconds-left`, relative to when the part was
 * read): "in 58 s" until it reaches zero, then `done`. Without the script it stays what it was when read.
 */
export const countdown = (seconds: number, done: string, prefix = ''): Markup =>
  seconds > 0
    ? markup`<span data-seconds-left="${seconds}" data-prefix="${prefix}" data-done="${done}">${prefix}${secondsWords(seconds)}</span>`
    : markup`<span>${done}</span>`;

/** An ISO instant to the minute: "2026-02-10 15:04 UTC". */
export const minuteWords = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A profit (green) or a loss (red) in dollars; "—" when unknown. */
export const profitOrLoss = (amount: number | null): Markup =>
  amount === null ? markup`<span class="muted">—</span>` : markup`<span class="${amount < 0 ? 'loss' : 'gain'}">${dollars(amount)}</span>`;

/** Why a part of the desk could not be read, or `empty` when it has nothing to list. */
export function partNote<T>(part: DeskSection<T>, empty: string): Markup | string {
  if (part.problem !== null) return markup`<p class="notice warn" data-role="problem">${part.problem}</p>`;
  return part.items.length === 0 ? markup`<p class="muted" data-role="empty">${empty}</p>` : '';
}
