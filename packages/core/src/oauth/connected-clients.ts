import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';

/** A client a person connected on the consent page, while its access lasts. */
export interface ConnectedClient {
  /** The grant's id (its session family), for `revokeConnectedClient`. */
  readonly connection_id: string;
  readonly client_id: string;
  readonly client_name: string;
  readonly scopes: readonly string[];
  readonly resource: string;
  /** ISO 8601. */
  readonly connected_at: string;
  /** When it last used its access, to the minute (ISO 8601); null when it never has. */
  readonly last_used_at: string | null;
}

/** The user's live grants, oldest first: revoked ones (by the person, a logout or a refresh-token reuse) are gone. */
export function listConnectedClients(userId: string, services: Services): ResultAsync<readonly ConnectedClient[], AppError> {
  const work = async (): Promise<ConnectedClient[]> => {
    const grants = await services.oauth.grants.listByUser(userId);
    const families = await Promise.all(grants.map((grant) => services.sessions.findFamily(grant.familyId)));
    return grants
      .filter((_, i) => families[i]?.revokedAt === null)
      .map((grant) => ({
        connection_id: grant.familyId,
        client_id: grant.clientId,
        client_name: grant.clientName,
        scopes: grant.scope.split(' '),
        resource: grant.resource,
        connected_at: new Date(grant.createdAt).toISOString(),
        last_used_at: grant.lastUsedAt === null ? null : new Date(grant.lastUsedAt).toISOString(),
      }));
  };
  return ResultAsync.fromSafePromise(work());
}

/**
 * Ends a connected client's access: its grant's session family is revoked, so its access tokens are refused from
 * the next request on (on every instance) and its refresh token no longer works. Another user's grant, or none,
 * is NOT_FOUND; revoking twice is fine.
 */
export function revokeConnectedClient(userId: string, connectionId: string, services: Services): ResultAsync<{ revoked: true }, AppError> {
  return ResultAsync.fromSafePromise(services.oauth.grants.find(connectionId)).andThen((grant) =>
    grant?.userId !== userId
      ? errAsync(appError('NOT_FOUND', { message: 'You have no connected client with this id.' }))
      : ResultAsync.fromSafePromise(services.sessions.revokeFamily(grant.familyId, services.clock.now())).andThen(() => okAsync({ revoked: true as const })),
  );
}
