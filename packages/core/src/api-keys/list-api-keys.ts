import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import type { Services } from '../services.js';
import { holderOf, type KeyHolder } from './key-holder.js';
import { ApiKeyView, apiKeyView, type ApiKeyViewOutput } from './schemas.js';

/** The holder's user's API keys, newest first, revoked ones included; never a key itself. */
export const keysOf = (services: Services, holder: KeyHolder): ResultAsync<ApiKeyViewOutput[], never> =>
  ResultAsync.fromSafePromise(services.apiKeys.list(holder.userId)).map((keys) => keys.map((key) => apiKeyView(key, holder.keyId)));

export const listApiKeys = defineOperation({
  name: 'list_api_keys',
  title: 'List your API keys',
  description:
    'Your API keys, newest first, revoked ones included: name, scopes, hint (prefix and last four characters), created, ' +
    'expires, last used (to the minute) and revoked times; `current` marks the key making this call. Never the keys themselves.',
  input: v.strictObject({}),
  output: v.object({ api_keys: v.array(ApiKeyView) }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/api-keys' },
  annotations: READ_ONLY,
  errors: [],
  handler: (_input, { services, caller }) => keysOf(services, holderOf(caller)).map((api_keys) => ({ api_keys })),
});
