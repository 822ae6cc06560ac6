import { appError, oauthResource, renderError, type Authentication, type Services } from '@condor/core';
import { errorResponse } from '../error-response.js';

/**
 * Refuses an OAuth access token at `/v1`. condor issues OAuth tokens for one resource, its MCP endpoint
 * (RFC 8707, design §13), and a token is good only where it was issued for (RFC 9068 §4, MCP authorization), so
 * `/v1`, which is no OAuth resource, answers one with 401 SESSION_INVALID and an `invalid_token` challenge without
 * `resource_metadata` (there is none for `/v1` to point to). Password sessions and API keys are not OAuth tokens
 * and pass. `authenticated` is the request's own authentication, which `execute` then reuses: one lookup.
 * Null lets the request on, a credential that authenticates no one included (`execute` answers that as before).
 */
export async function refuseOAuthToken(authenticated: Authentication, services: Services): Promise<Response | null> {
  // A store that throws is left to `execute`, which meets the same failure and answers it as it always has.
  const caller = await Promise.resolve(authenticated()).catch(() => null);
  if (caller === null || caller.isErr() || caller.value.credential !== 'oauth') return null;
  const rendered = renderError(
    appError('SESSION_INVALID', {
      message: `This OAuth access token was issued for ${oauthResource(services)}, and the REST API under /v1 is not that resource.`,
      suggestion: 'Call the same operations as MCP tools at /mcp with this token, or use an API key or a login session (POST /v1/sessions) here.',
      seeTool: null,
    }),
  );
  const response = errorResponse(rendered);
  response.headers.set('WWW-Authenticate', 'Bearer error="invalid_token", error_description="The token was issued for another resource."');
  return response;
}
