import { newYorkTime, type WorkingOrderViewOutput } from '@condor/core';
import { perShareWords, STEP_STATE_WORDS, WALK_STATUS_WORDS } from '@condor/core/words';
import { markup, type Markup } from '../shared/markup.js';

/** The placed order as condor works it: each price step sent, what filled, and the time left or how it ended. */
export function renderWorking(working: WorkingOrderViewOutput): Markup {
  return markup`<section data-role="working-order" data-status="${working.status}">
<h2>Working the order</h2>
<p><strong>${WALK_STATUS_WORDS[working.status]}</strong> · <span data-role="working-filled">${working.filled}</span>${
    working.time_left_seconds === null ? '' : markup` · <span data-role="working-time-left">${String(working.time_left_seconds)} s left</span>`
  }</p>
<ol data-role="working-steps">${working.price_steps.map(
    (step) => markup`<li data-state="${step.state}" data-limit="${String(step.limit_price)}">${newYorkTime(Date.parse(step.at))}: limit ${perShareWords(step.limit_price)} per share — ${STEP_STATE_WORDS[step.state]}</li>`,
  )}</ol>
${working.detail === null ? '' : markup`<p data-role="working-detail">${working.detail}</p>`}
</section>`;
}
