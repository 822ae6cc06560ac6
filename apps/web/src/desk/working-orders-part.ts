import type { DeskSection, DeskWorkingOrder, WorkingOrderViewOutput } from '@condor/core';
import { bandRangeWords, perShareWords, STEP_STATE_WORDS } from '@condor/core/words';
import { markup, type Markup } from '../shared/markup.js';
import { countdown, minuteWords, partNote } from './desk-words.js';

const step = (item: WorkingOrderViewOutput['price_steps'][number]): Markup =>
  markup`<li data-role="step" data-state="${item.state}">${perShareWords(item.limit_price)} per share, ${STEP_STATE_WORDS[item.state]} at ${minuteWords(item.at)}</li>`;

/** The limit at the broker now, or the one last sent while the broker has not confirmed it. */
function limitWords(view: WorkingOrderViewOutput): string {
  if (view.current_limit !== null) return `Standing at ${perShareWords(view.current_limit)} per share`;
  const last = view.price_steps.at(-1);
  return last === undefined ? 'No limit sent yet' : `Sent at ${perShareWords(last.limit_price)} per share, waiting for the broker to confirm it`;
}

const walk = ({ proposalId, positionId, headline, view }: DeskWorkingOrder): Markup => markup`<article class="item" data-role="working-order" data-proposal="${proposalId}">
<h3><a href="#position-${positionId}">${headline}</a></h3>
<p data-role="current-limit">${limitWords(view)}; you approved ${bandRangeWords(view.band.start_price, view.band.worst_price)} (${view.mode}).</p>
<p>${view.filled}. ${countdown(view.time_left_seconds ?? 0, 'Its time is up: condor cancels what is left', 'Cancelled unfilled in ')}.</p>
<ol class="steps" data-role="steps">${view.price_steps.map(step)}</ol>
</article>`;

/** The orders condor is walking inside their approved bands: the limit standing now, every step so far, and the time left. */
export const renderWorkingOrders = (part: DeskSection<DeskWorkingOrder>): Markup => markup`<section class="card" data-role="desk-working-orders">
<h2>Working orders</h2>
${partNote(part, 'condor is working no order for you right now.')}
${part.items.map(walk)}
</section>`;
