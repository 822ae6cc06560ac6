import * as v from 'valibot';
import { errAsync, type ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { issuesToAppError } from '../validation/issues-to-error.js';
import { CreateApiKeyInput } from './create-api-key.js';
import { issueApiKey, type IssuedKey } from './issue-api-key.js';
import { personHolder } from './key-holder.js';
import { keysOf } from './list-api-keys.js';
import { revokeKey, type RevokedKey } from './revoke-api-key.js';
import type { ApiKeyViewOutput } from './schemas.js';

/**
 * The API keys page's three acts, for the person of a browser session (every scope, no key of their own): the
 * same rules as create_api_key, list_api_keys and revoke_api_key, the form's input checked as the tool's is.
 */
export const personKeys = (services: Services, userId: string): ResultAsync<ApiKeyViewOutput[], never> => keysOf(services, personHolder(userId));

export function createPersonKey(services: Services, userId: string, input: unknown): ResultAsync<IssuedKey, AppError> {
  const parsed = v.safeParse(CreateApiKeyInput, input);
  if (!parsed.success) return errAsync(issuesToAppError('create_api_key', CreateApiKeyInput, parsed.issues));
  return issueApiKey(services, personHolder(userId), parsed.output);
}

export const revokePersonKey = (services: Services, userId: string, apiKeyId: string): ResultAsync<RevokedKey, AppError> =>
  revokeKey(services, personHolder(userId), apiKeyId);
