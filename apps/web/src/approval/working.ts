import { newYorkTime, type WorkingOrderViewOutput } from '@condor/core';
import { markup, type Markup } from '../shared/markup.js';

const STATUS_WORDS: Readonly<Record<WorkingOrderViewOutput['status'], string>> = {
  working: 'condor is working the order inside the band you approved',
  filled: 'filled',
  partial: 'partly filled; the rest was cancelled',
  expired: 'not filled in time; cancelled',
  cancelled: 'cancelled at your request',
  ended: 'ended by the broker',
};

const STEP_WORDS: Readonly<Record<WorkingOrderViewOutput['price_steps'][number]['state'], string>> = {
  requested: 'being sent',
  standing: 'sent',
  refused: 'refused by the broker',
};

const perShare = (price: number): string => `${price < 0 ? 'credit' : 'debit'} $${Math.abs(price).toFixed(2)}`;

/** The placed order as condor works it: each price step sent, what filled, and the time left or how it ended. */
export function renderWorking(working: WorkingOrderViewOutput): Markup {
  return markup`<section data-role="working-order" data-status="${working.status}">
<h2>Working the order</h2>
<p><strong>${STATUS_WORDS[working.status]}</strong> · <span data-role="working-filled">${working.filled}</span>${
    working.time_left_seconds === null ? '' : markup` · <span data-role="working-time-left">${String(working.time_left_seconds)} s left</span>`
  }</p>
<ol data-role="working-steps">${working.price_steps.map(
    (step) => markup`<li data-state="${step.state}" data-limit="${String(step.limit_price)}">${newYorkTime(Date.parse(step.at))}: limit ${perShare(step.limit_price)} per share — ${STEP_WORDS[step.state]}</li>`,
  )}</ol>
${working.detail === null ? '' : markup`<p data-role="working-detail">${working.detail}</p>`}
</section>`;
}
