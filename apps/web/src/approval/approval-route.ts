import {
  approvalTicket,
  approveByLink,
  CONFIRM_FLOOR_S,
  freshQuote,
  rejectByLink,
  startPasskeyApproval,
  type AppError,
  type BrowserCaller,
  type OrderTicket,
  type Services,
} from '@condor/core';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pageStatus, sendErrorPage } from '../shared/error-page.js';
import { field } from '../shared/form-field.js';
import { formGuard } from '../shared/form-guard.js';
import type { SignedIn } from '../shared/layout.js';
import { markup, type Markup } from '../shared/markup.js';
import { pageGuard } from '../shared/page-guard.js';
import { sendPage } from '../shared/send-page.js';
import type { WebEnv } from '../shared/web-env.js';
import { renderApprovalPage } from './approval-page.js';
import { COUNTDOWN_SCRIPT } from './countdown-script.js';
import { passkeyAnswer } from '../passkeys/passkey-answer.js';
import { STEP_UP_SCRIPT } from '../passkeys/step-up-script.js';
import { renderPlaced, renderRejected } from './result-page.js';
import { renderTicket } from './ticket.js';

/**
 * `GET /approve/:token` (the ticket with Approve and Reject), `POST /approve/:token/approve` (with a passkey's
 * assertion in `passkey_challenge` and `passkey_response` where one is required), `POST /approve/:token/passkey` (the assertion's
 * options, JSON for the page's script), `POST /approve/:token/reject` and, on an expired ticket,
 * `POST /approve/:token/fresh-quote` (a new proposal of the same order made by the person, then its own ticket). Every
 * one needs the owner's browser session; the posts pass the form guard.
 */
export function mountApproval(app: Hono<WebEnv>, services: Services): void {
  app.get('/approve/:token', pageGuard(services), (c) => {
    const { caller, signedIn } = c.get('session');
    return showTicket(c, services, caller, c.req.param('token'), signedIn, null, null);
  });

  // A reload of a result page's address (or a typed one) shows the ticket rather than a 405.
  for (const action of ['approve', 'reject', 'fresh-quote']) app.get(`/approve/:token/${action}`, (c) => c.redirect(`/approve/${encodeURIComponent(c.req.param('token'))}`, 303));

  app.post('/approve/:token/passkey', formGuard(services), async (c) => {
    const { caller } = c.get('post');
    const options = await startPasskeyApproval(services, caller, c.req.param('token'));
    if (options.isErr()) return c.json({ error: options.error.message ?? 'This proposal cannot be approved now.' }, pageStatus(options.error), { 'Cache-Control': 'no-store' });
    return c.json({ options: options.value.options }, 200, { 'Cache-Control': 'no-store' });
  });

  app.post('/approve/:token/approve', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn, form } = c.get('post');
    const evidence = { client: c.req.header('user-agent') ?? caller.userAgent, address: c.get('clientIp') ?? null };
    const placed = await approveByLink(services, caller, token, evidence, passkeyAnswer(field(form, 'passkey_challenge'), field(form, 'passkey_response')));
    if (placed.isOk()) return sendPage(c, 200, { title: 'Order placed', signedIn, body: renderPlaced(placed.value.ticket, placed.value.orderId, placed.value.orderStatus) });
    return refused(c, services, caller, token, signedIn, placed.error);
  });

  app.post('/approve/:token/reject', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn } = c.get('post');
    const rejected = await rejectByLink(services, caller, token);
    if (rejected.isOk()) return sendPage(c, 200, { title: 'Proposal rejected', signedIn, body: renderRejected(rejected.value) });
    return refused(c, services, caller, token, signedIn, rejected.error);
  });

  app.post('/approve/:token/fresh-quote', formGuard(services), async (c) => {
    const token = c.req.param('token');
    const { caller, signedIn } = c.get('post');
    const fresh = await freshQuote(services, caller, token, { client: c.req.header('user-agent') ?? caller.userAgent, address: c.get('clientIp') ?? null });
    if (fresh.isOk()) return c.redirect(`/approve/${fresh.value.token}`, 303);
    const { error } = fresh;
    if (error.code === 'NOT_FOUND' || error.code === 'PROPOSAL_ALREADY_CONSUMED') return refused(c, services, caller, token, signedIn, error);
    // Still open, or the tool's own refusal (the position no longer qualifies, the price moved): why, above the ticket.
    const heading = error.code === 'CONFLICT' ? 'Not expired yet' : 'No fresh quote this time';
    return showTicket(c, services, caller, token, signedIn, () => notice(error.code, heading, `${error.message ?? 'The fresh quote could not be made.'} Nothing was proposed or placed.`, 'error'), pageStatus(error));
  });
}

/** The ticket page, with a notice above it made from the ticket, and `status` (default: 200, or 410 once expired). */
async function showTicket(
  c: Context,
  services: Services,
  caller: BrowserCaller,
  token: string,
  signedIn: SignedIn,
  notice: ((ticket: OrderTicket) => Markup) | null,
  status: ContentfulStatusCode | null,
): Promise<Response> {
  const found = await approvalTicket(services, caller, token);
  if (found.isErr()) return sendErrorPage(c, found.error, signedIn);
  const { ticket, linkUsed, passkey, freshQuoteOf } = found.value;
  const open = ticket.status === 'awaiting_approval' && !linkUsed;
  const withPasskey = passkey.required && passkey.registered;
  return sendPage(c, status ?? (ticket.status === 'expired' ? 410 : 200), {
    title: ticket.headline,
    signedIn,
    fetchesSelf: open && withPasskey,
    script: open ? (withPasskey ? `${COUNTDOWN_SCRIPT}\n${STEP_UP_SCRIPT}` : COUNTDOWN_SCRIPT) : null,
    body: renderApprovalPage({ ticket, token, csrf: signedIn.csrf, linkUsed, passkey, notice: notice?.(ticket) ?? null, freshQuoteOf }),
  });
}

const notice = (code: string, heading: string, text: string, tone: 'warn' | 'error'): Markup =>
  markup`<section class="card" data-role="message" data-code="${code}"><h1>${heading}</h1><p class="notice ${tone}">${text}</p></section>`;

/**
 * A refused Approve or Reject. Too early: the page again, saying in how many seconds. Decided already (a second
 * click, or the other button): what became of it, with the ticket. Anything else: the error, with the ticket.
 */
function refused(c: Context, services: Services, caller: BrowserCaller, token: string, signedIn: SignedIn, error: AppError): Promise<Response> {
  if (error.code === 'CONFIRM_TOO_FAST') {
    return showTicket(c, services, caller, token, signedIn, (ticket) =>
      notice(error.code, 'Too early', `Too early: a proposal can be approved ${String(CONFIRM_FLOOR_S)} seconds after it was made. You can approve in ${String(Math.max(1, ticket.secondsUntilApprovable))} s.`, 'warn'), 422);
  }
  if (error.code === 'PROPOSAL_ALREADY_CONSUMED') {
    return showTicket(c, services, caller, token, signedIn, () =>
      notice(error.code, 'Already decided', 'This proposal was already approved or rejected (a second click does nothing). What became of it is below.', 'warn'), 409);
  }
  if (error.code === 'CONFIRM_BLOCKED') {
    return showTicket(c, services, caller, token, signedIn, () =>
      notice(error.code, 'Not approved', error.message ?? 'This order needs your passkey to approve. Nothing was placed.', 'error'), 403);
  }
  if (error.code === 'PROPOSAL_EXPIRED') {
    return showTicket(c, services, caller, token, signedIn, () =>
      notice(error.code, 'This proposal has expired', error.message ?? 'Nothing was placed; ask your agent for a new proposal.', 'error'), 410);
  }
  return errorWithTicket(c, services, caller, token, signedIn, error);
}

/** Any other refusal (the broker's, the entry rules'), with the ticket under it when it still loads. */
async function errorWithTicket(c: Context, services: Services, caller: BrowserCaller, token: string, signedIn: SignedIn, error: AppError): Promise<Response> {
  const found = error.code === 'NOT_FOUND' ? null : await approvalTicket(services, caller, token);
  return sendErrorPage(c, error, signedIn, found?.isOk() ? renderTicket(found.value.ticket) : null);
}

