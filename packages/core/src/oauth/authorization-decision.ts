import { errAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Scope } from '../scopes/scopes.js';
import type { Services } from '../services.js';
import type { AuthorizationRefusal, AuthorizationRequest } from './authorization-request.js';
import { issuerOf } from './issuer.js';
import { scopeText } from './requested-scopes.js';
import { withResponseParameters } from './redirect-uri.js';

/** How long an authorization code may wait for its token request. */
export const AUTHORIZATION_CODE_TTL_MS = 2 * 60_000;

/**
 * The person approved `request` on the consent page, with the scopes they left ticked (`granted`, at most those
 * asked; all of them when absent): a single-use code bound to the client, the redirect URI, the PKCE challenge, the
 * scopes and the resource, stored as its digest only. Answers where to send the browser: the redirect URI with
 * `code`, `state` and `iss` (RFC 9207). Granting none of the scopes asked is VALIDATION_ERROR.
 */
export function approveAuthorization(request: AuthorizationRequest, userId: string, services: Services, granted?: readonly Scope[]): ResultAsync<string, AppError> {
  const scopes = granted === undefined ? request.scopes : request.scopes.filter((scope) => granted.includes(scope));
  if (scopes.length === 0) return errAsync(appError('VALIDATION_ERROR', { message: 'Leave at least one scope ticked, or press Deny.' }));
  const code = services.ids.opaqueToken();
  const now = services.clock.now();
  const familyId = services.ids.uuid();
  // The family exists before the code does, so a reused code always has a family to revoke, even mid-exchange.
  return ResultAsync.fromSafePromise(
    services.sessions.createFamily({ id: familyId, userId, createdAt: now, revokedAt: null }).then(() => services.oauth.codes.insert({
      digest: services.digest.sha256(code),
      clientId: request.client.clientId,
      clientName: request.client.name,
      userId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: scopeText(scopes),
      resource: request.resource,
      familyId,
      createdAt: now,
      expiresAt: now + AUTHORIZATION_CODE_TTL_MS,
      usedAt: null,
    })),
  ).map(() => withResponseParameters(request.redirectUri, { code, state: request.state, iss: issuerOf(services) }));
}

/** The person said no: the client hears `access_denied`. */
export const denyAuthorization = (request: AuthorizationRequest, services: Services): string =>
  refusalRedirect({ kind: 'redirect', failure: { error: 'access_denied', description: 'The person did not allow access.' }, redirectUri: request.redirectUri, state: request.state }, services);

/** Where a redirectable refusal sends the browser: the redirect URI with `error`, `error_description`, `state` and `iss`. */
export const refusalRedirect = (refusal: Extract<AuthorizationRefusal, { kind: 'redirect' }>, services: Services): string =>
  withResponseParameters(refusal.redirectUri, {
    error: refusal.failure.error,
    error_description: refusal.failure.description,
    state: refusal.state,
    iss: issuerOf(services),
  });
