import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { grantNeedsPasskey } from '../passkeys/grant-step-up.js';
import { appError, type AppError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import { issueApiKey } from './issue-api-key.js';
import { holderOf } from './key-holder.js';
import { ApiKeyView, ScopeList } from './schemas.js';

/** What create_api_key takes (the API keys page takes the same). */
export const CreateApiKeyInput = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100), v.description('A name to tell the key by, e.g. "laptop agent".')),
  scopes: ScopeList,
  expires_at: v.optional(
    v.pipe(v.string(), v.isoTimestamp(), v.description('When the key stops working (ISO-8601, e.g. 2026-12-31T00:00:00Z); absent: until revoked.')),
  ),
});

/**
 * A person with a passkey gives an agent the trade scope only on the page, with the passkey: a token or password
 * session an agent holds must not mint itself a trading key. A key creating a narrower key of its own scopes may.
 */
const tradeKeyOnPage = (): AppError =>
  appError('FORBIDDEN', {
    message: 'A key with the trade scope needs your passkey: create it on condor’s API keys page (/api-keys), which asks for it.',
    suggestion: 'Ask the person to create the key on the API keys page, or create one without the trade scope.',
  });

export const createApiKey = defineOperation({
  name: 'create_api_key',
  title: 'Create an API key',
  description:
    'Creates a personal API key for an agent, a script or the stdio server (CONDOR_API_KEY), sent as Authorization: Bearer ' +
    '<key> on REST and MCP. It has the scopes given and, optionally, an expiry. The key is in this answer only (api_key): ' +
    'store it now, condor keeps only its digest. An API key may create only keys with some of its own scopes that expire no ' +
    'later than itself, and revoking it revokes them too. No scope lets a key approve an order: a person still does. A person ' +
    'with a passkey gives the trade scope only on the API keys page, with the passkey (FORBIDDEN here).',
  input: CreateApiKeyInput,
  output: v.object({
    api_key: v.pipe(v.string(), v.description('The key (condor_sk_…). Shown this once: condor cannot show it again.')),
    key: ApiKeyView,
  }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/api-keys' },
  annotations: WRITE,
  errors: ['FORBIDDEN', 'OUT_OF_RANGE', 'INVALID_VALUE', 'CONFLICT'],
  handler: (input, { services, caller }) =>
    ResultAsync.fromSafePromise(caller.credential !== 'api_key' ? grantNeedsPasskey(services, caller.userId, input.scopes) : Promise.resolve(false)).andThen((needsPasskey) =>
      needsPasskey ? errAsync(tradeKeyOnPage()) : issueApiKey(services, holderOf(caller), input),
    ),
});
