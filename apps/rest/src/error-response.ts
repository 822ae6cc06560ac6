import { insufficientScopeChallenge, renderHttpStatus, type RenderedError } from '@condor/core';

/**
 * The HTTP response for a failure: the ErrorResult as JSON with the rendered status, plus
 * `Retry-After` when the error says when a retry can succeed, and an `insufficient_scope`
 * challenge (`WWW-Authenticate`) when the scope gate refused the call.
 *
 * @example errorResponse(renderHttpStatus(415, 'Send JSON.'))
 */
export function errorResponse(rendered: RenderedError): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=UTF-8' });
  if (rendered.retryAfterSeconds !== null) {
    headers.set('Retry-After', String(Math.max(0, Math.ceil(rendered.retryAfterSeconds))));
  }
  if (rendered.requiredScope !== null) headers.set('WWW-Authenticate', insufficientScopeChallenge(rendered.requiredScope));
  return new Response(JSON.stringify(rendered.body), { status: rendered.status, headers });
}

/** A bare HTTP status rendered through the contract's fallback table (status kept). */
export const statusResponse = (status: number, message: string): Response =>
  errorResponse(renderHttpStatus(status, message));
