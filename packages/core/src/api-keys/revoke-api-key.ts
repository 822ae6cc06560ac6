import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation } from '../operations/operation.js';
import type { ApiKey } from '../ports/api-key-store.js';
import type { Services } from '../services.js';
import { oauthMayNot } from './issue-api-key.js';
import { holderOf, type KeyHolder } from './key-holder.js';
import { ApiKeyId, ApiKeyView, apiKeyView, type ApiKeyViewOutput } from './schemas.js';

export interface RevokedKey {
  readonly revoked: true;
  readonly key: ApiKeyViewOutput;
  /** The keys this key had created (directly or not) that this revocation ended too. */
  readonly also_revoked: string[];
}

/** The keys `id` created, and those they created, and so on. */
function descendantsOf(id: string, keys: readonly ApiKey[]): ApiKey[] {
  const found: ApiKey[] = [];
  let parents = new Set([id]);
  while (parents.size > 0) {
    const children = keys.filter((key) => key.createdBy !== null && parents.has(key.createdBy) && !found.includes(key));
    found.push(...children);
    parents = new Set(children.map((key) => key.id));
  }
  return found;
}

/**
 * Revokes one of the holder's user's keys, and every key it created: the next request with any of them is
 * refused, on every instance. Idempotent (a revoked key keeps its first revocation time). A person or password
 * session may revoke any of the user's keys; an API key itself and the keys it created; an OAuth client none.
 */
export function revokeKey(services: Services, holder: KeyHolder, id: string): ResultAsync<RevokedKey, AppError> {
  if (holder.credential === 'oauth') return errAsync(oauthMayNot('revoke'));
  return ResultAsync.fromSafePromise(services.apiKeys.list(holder.userId)).andThen((keys) => {
    const target = keys.find((key) => key.id === id);
    if (target === undefined) return errAsync(notFound(id));
    if (holder.keyId !== null && holder.keyId !== id && !descendantsOf(holder.keyId, keys).includes(target)) return errAsync(notItsOwn());
    const descendants = descendantsOf(id, keys);
    const now = services.clock.now();
    const ended = [target, ...descendants];
    return ResultAsync.fromSafePromise(
      Promise.all(ended.map((key) => services.apiKeys.revoke(holder.userId, key.id, now))).then(() => services.apiKeys.get(holder.userId, id)),
    ).andThen((after) =>
      okAsync({
        revoked: true as const,
        key: apiKeyView(after ?? target, holder.keyId),
        also_revoked: descendants.filter((key) => key.revokedAt === null).map((key) => key.id),
      }),
    );
  });
}

const notFound = (id: string): AppError =>
  appError('NOT_FOUND', {
    message: 'You have no API key with this id.',
    suggestion: 'Take the api_key_id from list_api_keys.',
    received: { api_key_id: id },
    seeTool: 'list_api_keys',
  });

const notItsOwn = (): AppError =>
  appError('FORBIDDEN', {
    message: 'An API key may revoke only itself and the keys it created.',
    suggestion: 'Ask the person to revoke other keys on condor’s API keys page (/api-keys).',
  });

export const revokeApiKey = defineOperation({
  name: 'revoke_api_key',
  title: 'Revoke an API key',
  description:
    'Revokes one of your API keys, and the keys it created: the next request with any of them is refused (SESSION_INVALID), ' +
    'on every instance. Revoking a revoked key changes nothing. An API key may revoke itself and the keys it created.',
  input: v.strictObject({ api_key_id: ApiKeyId }),
  output: v.object({
    revoked: v.literal(true),
    key: ApiKeyView,
    also_revoked: v.pipe(v.array(v.string()), v.description('The ids of keys it had created that this revocation ended too.')),
  }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/api-keys/:api_key_id' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  fieldRules: { api_key_id: { seeTool: 'list_api_keys' } },
  errors: ['NOT_FOUND', 'FORBIDDEN', 'INVALID_UUID'],
  handler: (input, { services, caller }) => revokeKey(services, holderOf(caller), input.api_key_id),
});
