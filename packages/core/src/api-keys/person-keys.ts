import * as v from 'valibot';
import { errAsync, ResultAsync } from 'neverthrow';
import { confirmGrantPasskey } from '../passkeys/grant-step-up.js';
import { startPasskeyAssertion, type PasskeyAnswer } from '../passkeys/assert-passkey.js';
import { grantPurpose } from '../passkeys/purposes.js';
import { PASSKEY_REFUSAL_WORDS } from '../passkeys/refusals.js';
import { appError, type AppError } from '../errors/app-error.js';
import type { WebAuthnOptions } from '../ports/webauthn-verifier.js';
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

/**
 * Creates a key on the page. A key with the `trade` scope, for a person who has a passkey, needs a fresh assertion
 * made for this key's name and scopes (`grantPurpose`); the same name and scopes from another assertion grant nothing.
 */
export function createPersonKey(services: Services, userId: string, input: unknown, passkey: PasskeyAnswer | null = null): ResultAsync<IssuedKey, AppError> {
  const parsed = v.safeParse(CreateApiKeyInput, input);
  if (!parsed.success) return errAsync(issuesToAppError('create_api_key', CreateApiKeyInput, parsed.issues));
  const { name, scopes } = parsed.output;
  return confirmGrantPasskey(services, { userId, purpose: grantPurpose('api-key', name, scopes), scopes, answer: passkey })
    .mapErr((refusal) => appError('FORBIDDEN', { message: PASSKEY_REFUSAL_WORDS[refusal] }))
    .andThen(() => issueApiKey(services, personHolder(userId), parsed.output));
}

/** The browser's options for the passkey a key with these fields asks for (see `createPersonKey`). */
export function startPersonKeyPasskey(services: Services, userId: string, input: unknown): ResultAsync<WebAuthnOptions, AppError> {
  const parsed = v.safeParse(CreateApiKeyInput, input);
  if (!parsed.success) return errAsync(issuesToAppError('create_api_key', CreateApiKeyInput, parsed.issues));
  const { name, scopes } = parsed.output;
  return ResultAsync.fromSafePromise(startPasskeyAssertion(services, userId, grantPurpose('api-key', name, scopes)));
}

export const revokePersonKey = (services: Services, userId: string, apiKeyId: string): ResultAsync<RevokedKey, AppError> =>
  revokeKey(services, personHolder(userId), apiKeyId);
