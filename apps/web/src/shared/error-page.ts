import { ERROR_CATALOGUE, statusOf, type AppError, type ErrorCode } from '@condor/core';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Markup } from './markup.js';
import type { SignedIn } from './layout.js';
import { renderMessage } from './message.js';
import { sendPage } from './send-page.js';

const HEADINGS: Partial<Record<ErrorCode, string>> = {
  NOT_FOUND: 'Not found',
  PROPOSAL_NOT_FOUND: 'Not found',
  PROPOSAL_EXPIRED: 'This proposal has expired',
  PROPOSAL_ALREADY_CONSUMED: 'Already decided',
  CONFIRM_TOO_FAST: 'Too early',
  RATE_LIMITED: 'Too many attempts',
  UNAUTHORIZED: 'Please log in',
  SESSION_INVALID: 'Please log in again',
};

/** The HTTP status of an error on a page: the catalogue's, except that a soft code (200 there) is a 422 here. */
export const pageStatus = (error: AppError): ContentfulStatusCode => {
  const status = statusOf(error.code);
  return status === 200 ? 422 : status;
};

/** An error as a page: a heading for its code, its message, and `more` below (the ticket, a link). */
export function sendErrorPage(c: Context, error: AppError, signedIn: SignedIn | null, more: Markup | null = null): Response {
  const heading = HEADINGS[error.code] ?? 'That did not work';
  const retry = error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) };
  return sendPage(
    c,
    pageStatus(error),
    { title: heading, signedIn, body: renderMessage({ heading, text: error.message ?? ERROR_CATALOGUE[error.code].message, tone: 'error', more }) },
    retry,
  );
}
