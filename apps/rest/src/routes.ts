import { authentication, CATALOGUE, execute, type AnyOperation, type Services } from '@condor/core';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { BATCH_HEADER, batchKeyOf } from './batch-key.js';
import { findCredential } from './credential.js';
import { isCrossSiteWrite } from './csrf.js';
import { refuseOAuthToken } from './oauth/token-audience.js';
import { errorResponse, statusResponse } from './error-response.js';
import { readInput } from './request-input.js';
import { stampedJson, type RestEnv } from './request-id.js';
import { applySessionEffect } from './session-cookie.js';

/** The REST prefix every operation lives under. */
export const API_BASE = '/v1';

/** `Cache-Control: no-store` on every response under `/v1`, refusals by earlier middleware included. */
export const noStore: MiddlewareHandler<RestEnv> = async (c, next) => {
  c.get('stamp')['Cache-Control'] = 'no-store';
  await next();
};

/** Mounts one route per catalogue operation at `/v1<rest.path>`; each only translates HTTP to `execute`. */
export function mountOperations(app: Hono<RestEnv>, services: Services): void {
  for (const operation of CATALOGUE) {
    app.on(operation.rest.method, `${API_BASE}${operation.rest.path}`, (c) => callOperation(c, operation, services));
  }
}

async function callOperation(c: Context<RestEnv>, operation: AnyOperation, services: Services): Promise<Response> {
  const { credential, source } = findCredential(c);
  if (source === 'cookie' && isCrossSiteWrite(c.req.method, { ...c.req.header(), host: hostOf(c) }, services.config.publicUrl ?? null)) {
    return statusResponse(403, 'Cross-origin request refused: a session cookie only works from this site. Send Authorization: Bearer <token> instead.');
  }
  const batchKey = batchKeyOf(c.req.header(BATCH_HEADER));
  if (batchKey === null) return statusResponse(400, `${BATCH_HEADER} must be at most 128 characters.`);
  const input = await readInput(c, operation);
  if (!input.ok) return errorResponse(input.error);
  const authenticated = authentication(credential, services);
  const wrongAudience = operation.access === 'public' ? null : await refuseOAuthToken(authenticated, services);
  if (wrongAudience !== null) return wrongAudience;
  const result = await execute(operation.name, input.value, {
    services,
    credential,
    authenticated,
    requestId: c.get('requestId'),
    batchKey,
    clientIp: c.get('clientIp'),
  });
  return result.match(
    ({ value, session }) => {
      if (session === null) return stampedJson(c, JSON.stringify(value), 200);
      applySessionEffect(c, session);
      return c.json(value as object, 200);
    },
    errorResponse,
  );
}

const hostOf = (c: Context): string => c.req.header('Host') ?? new URL(c.req.url).host;
