import { authentication, execute, type AnyOperation, type Services } from '@condor/core';
import { BATCH_HEADER, batchKeyOf } from './batch-key.js';
import { findCredential } from './credential.js';
import { isCrossSiteWrite, type RequestHeaders } from './csrf.js';
import { refuseOAuthToken } from './oauth/token-audience.js';
import { errorResponse, statusResponse } from './error-response.js';
import { readInput } from './request-input.js';
import { stampOnto } from './request-id.js';
import { sessionCookieHeader } from './session-cookie.js';

/** One request for an operation, as the steps found it (a `Pass` is one). */
export interface OperationRequest {
  readonly request: Request;
  readonly requestId: string;
  readonly clientIp: string | null;
  /** The headers its answer leaves with; a success carries them from the start. */
  readonly stamp: Readonly<Record<string, string>>;
}

/** The operation a route found, with its path parameters, decoded. */
export interface FoundOperation {
  readonly operation: AnyOperation;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Translates one request to `execute` and its result to HTTP: the credential (header, else session cookie, which
 * only same-site writes may use), the batch key, the raw input, then `execute`; a success is its JSON (with the
 * session cookie a login or logout sets), a failure its ErrorResult, both with the request's stamp.
 */
export async function callOperation(call: OperationRequest, { operation, params }: FoundOperation, services: Services): Promise<Response> {
  const { request, stamp } = call;
  const refuse = (response: Response): Response => stampOnto(response, stamp);
  const { credential, source } = findCredential(request.headers);
  if (source === 'cookie' && isCrossSiteWrite(request.method, { ...headerRecord(request.headers), host: hostOf(request) }, services.config.publicUrl ?? null)) {
    return refuse(statusResponse(403, 'Cross-origin request refused: a session cookie only works from this site. Send Authorization: Bearer <token> instead.'));
  }
  const batchKey = batchKeyOf(request.headers.get(BATCH_HEADER) ?? undefined);
  if (batchKey === null) return refuse(statusResponse(400, `${BATCH_HEADER} must be at most 128 characters.`));
  const input = await readInput(request, params, operation);
  if (!input.ok) return refuse(errorResponse(input.error));
  const authenticated = authentication(credential, services);
  const wrongAudience = operation.access === 'public' ? null : await refuseOAuthToken(authenticated, services);
  if (wrongAudience !== null) return refuse(wrongAudience);
  const result = await execute(operation.name, input.value, {
    services,
    credential,
    authenticated,
    requestId: call.requestId,
    batchKey,
    clientIp: call.clientIp,
  });
  return result.match(
    ({ value, session }) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', ...stamp };
      if (session !== null) headers['Set-Cookie'] = sessionCookieHeader(session);
      return new Response(JSON.stringify(value), { status: 200, headers });
    },
    (rendered) => refuse(errorResponse(rendered)),
  );
}

/** Every header by lower-case name, as Hono's `c.req.header()` gave them. */
function headerRecord(headers: Headers): RequestHeaders {
  const record: Record<string, string> = Object.create(null) as Record<string, string>;
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

const hostOf = (request: Request): string => request.headers.get('Host') ?? new URL(request.url).host;
