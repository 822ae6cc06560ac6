/**
 * The order ticket view (MCP Apps), bundled with the ext-apps App client into one inline script. It shows the
 * proposal the host hands it (the tool result's structured content) and calls the app-only tools
 * approve_proposal / reject_proposal on the person's click. Nothing is fetched: no network, no CDN.
 */
import { App } from '@modelcontextprotocol/ext-apps/app-with-deps';
import { duration } from '../src/apps/html-text.js';
import { ticketMarkup } from '../src/apps/ticket-markup.js';
import type { TicketWire } from '../src/apps/ticket-wire.js';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const root = document.getElementById('ticket');
const app = new App({ name: 'condor-ticket', version: '1.0.0' }, {}, { autoResize: true });
let countdown: ReturnType<typeof setInterval> | undefined;

function say(text: string): void {
  const outcome = root?.querySelector('.outcome');
  if (outcome) outcome.textContent = text;
}

/** The countdowns run on this page's clock from the seconds the ticket gave: no clock skew with the server. */
function startCountdowns(): void {
  clearInterval(countdown);
  const started = Date.now();
  const update = (): void => {
    const elapsed = (Date.now() - started) / 1000;
    for (const element of root?.querySelectorAll<HTMLElement>('[data-countdown]') ?? []) {
      const left = Number(element.dataset.seconds) - elapsed;
      if (element.dataset.countdown === 'expires') element.textContent = left > 0 ? duration(left) : 'expired';
      else element.textContent = left > 0 ? `It can be approved in ${duration(left)}.` : 'It can be approved now.';
    }
  };
  countdown = setInterval(update, 1000);
}

function show(content: unknown): void {
  if (root === null) return;
  const ticket = isRecord(content) && isRecord(content.ticket) ? (content.ticket as unknown as TicketWire) : null;
  const proposalId = isRecord(content) && typeof content.proposal_id === 'string' ? content.proposal_id : null;
  if (ticket === null || proposalId === null) {
    const message = isRecord(content) && typeof content.message === 'string' ? content.message : 'This result has no order ticket.';
    root.textContent = message;
    return;
  }
  const approvalUrl = isRecord(content) && typeof content.approval_url === 'string' ? content.approval_url : null;
  root.innerHTML = ticketMarkup(ticket, { proposalId, approvalUrl });
  startCountdowns();
}

/** What a call's answer means for the person: its own message, or what happened. */
function outcomeText(action: 'approve' | 'reject', result: { isError?: boolean; structuredContent?: Json }): string {
  const body = result.structuredContent ?? {};
  if (result.isError === true) return typeof body.message === 'string' ? body.message : 'It did not work.';
  if (action === 'reject') return 'Rejected: nothing will be placed.';
  const order = typeof body.order_id === 'string' ? ` Order ${body.order_id}` : '';
  const status = typeof body.order_status === 'string' ? ` (${body.order_status})` : '';
  return `Approved and sent to the broker.${order}${status}`;
}

async function act(action: 'approve' | 'reject'): Promise<void> {
  const article = root?.querySelector<HTMLElement>('article.ticket');
  const proposalId = article?.dataset.proposalId;
  if (article === undefined || article === null || proposalId === undefined) return;
  const buttons = article.querySelectorAll<HTMLButtonElement>('button[data-action]');
  for (const button of buttons) button.disabled = true; // one click, one call: a double click cannot approve twice
  say(action === 'approve' ? 'Approving…' : 'Rejecting…');
  try {
    const result = await app.callServerTool({ name: `${action}_proposal`, arguments: { proposal_id: proposalId } });
    const failed = result.isError === true;
    say(outcomeText(action, { isError: failed, ...(isRecord(result.structuredContent) ? { structuredContent: result.structuredContent } : {}) }));
    article.dataset.outcome = failed ? 'error' : action === 'approve' ? 'approved' : 'rejected';
    if (failed) for (const button of buttons) button.disabled = false;
    else clearInterval(countdown);
  } catch (error) {
    say(`The request failed: ${error instanceof Error ? error.message : String(error)}`);
    article.dataset.outcome = 'error';
    for (const button of buttons) button.disabled = false;
  }
}

root?.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-action]') : null;
  const action = target?.dataset.action;
  if (action === 'approve' || action === 'reject') void act(action);
});

app.addEventListener('toolresult', (result) => {
  show(result.structuredContent);
});

void app.connect().catch((error: unknown) => {
  if (root !== null) root.textContent = `Could not reach the host: ${error instanceof Error ? error.message : String(error)}`;
});
