import type { DeskSection, DeskWorkingOrder, WorkingOrderViewOutput } from '@condor/core';
import { bandRangeWords, perShareWords } from '@condor/core/words';
import { markup, type Markup } from '../shared/markup.js';
import { countdown, minuteWords, partNote } from './desk-words.js';

const STEP_WORDS: Readonly<Record<WorkingOrderViewOutput['steps'][number]['state'], string>> = {
  requested: 'being sent',
  standing: 'sent',
  refused: 'refused by the broker',
};

const step = (item: WorkingOrderViewOutput['steps'][number]): Markup =>
  markup`<li data-role="step" data-state="${item.state}">${perShareWords(item.limit_price)} per share, ${STEP_WORDS[item.state]} at ${minuteWords(item.at)}</li>`;

const walk = ({ proposalId, positionId, headline, view }: DeskWorkingOrder): Markup => markup`<article class="item" data-role="working-order" data-proposal="${proposalId}">
<h3><a href="#position-${positionId}">${headline}</a></h3>
<p data-role="current-limit">${view.current_limit === null ? 'No limit standing right now.' : `Standing at ${perShareWords(view.current_limit)} per share`}; you approved ${bandRangeWords(view.band.start_price, view.band.worst_price)} (${view.mode}).</p>
<p>${view.filled}. ${countdown(view.time_left_seconds ?? 0, 'Its time is up: condor cancels what is left', 'Cancelled unfilled in ')}.</p>
<ol class="steps" data-role="steps">${view.steps.map(step)}</ol>
</article>`;

/** The orders condor is walking inside their approved bands: the limit standing now, every step so far, and the time left. */
export const renderWorkingOrders = (part: DeskSection<DeskWorkingOrder>): Markup => markup`<section class="card" data-role="desk-working-orders">
<h2>Working orders</h2>
${partNote(part, 'condor is working no order for you right now.')}
${part.items.map(walk)}
</section>`;
