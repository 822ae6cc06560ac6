import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { ApiKey } from '../ports/api-key-store.js';
import { scopeList, type Scope } from '../scopes/scopes.js';
import { securityNews } from '../notifications/news-of.js';
import type { Services } from '../services.js';
import { isoTime } from '../words/time.js';
import type { KeyHolder } from './key-holder.js';
import { keyHint, mintApiKey } from './key-text.js';
import { apiKeyView, type ApiKeyViewOutput } from './schemas.js';
import { keyRefused } from './usable-key.js';

/** Keys a user may hold that still work; one more is refused until one is revoked or expires. */
export const MAX_ACTIVE_KEYS = 50;

export interface NewKeyRequest {
  readonly name: string;
  readonly scopes: readonly Scope[];
  /** ISO-8601; absent: no expiry (or, for a key made by a key that expires, that key's expiry). */
  readonly expires_at?: string | undefined;
}

export interface IssuedKey {
  /** The key itself: in this answer only. */
  readonly api_key: string;
  readonly key: ApiKeyViewOutput;
}

/**
 * Creates an API key for the holder's user and answers the key once. What may create what (design §13):
 * a person or password session any key; an API key only a key with a subset of its own scopes that expires no
 * later than itself, recorded as its child (revoking it revokes the child); an OAuth client none, so that
 * disconnecting a client ends all it could do. The key is stored as its digest only.
 */
export function issueApiKey(services: Services, holder: KeyHolder, request: NewKeyRequest): ResultAsync<IssuedKey, AppError> {
  if (holder.credential === 'oauth') return errAsync(oauthMayNot('create'));
  const scopes = scopeList(request.scopes);
  const beyond = scopes.filter((scope) => !holder.scopes.has(scope));
  if (beyond.length > 0) {
    return errAsync(
      appError('FORBIDDEN', {
        message: `A key cannot give more than it has: this API key lacks ${beyond.map((s) => `'${s}'`).join(' and ')}.`,
        suggestion: `Ask only for scopes this key has (${scopeList(holder.scopes).join(', ')}), or ask the person to create the key on condor’s API keys page (/api-keys).`,
        expected: `scopes among: ${scopeList(holder.scopes).join(', ')}`,
        received: { scopes },
      }),
    );
  }
  const now = services.clock.now();
  const asked = request.expires_at === undefined ? null : Date.parse(request.expires_at);
  if (asked !== null && asked <= now) return errAsync(expiryRefused(`expires_at must be in the future (now is ${isoTime(now)}).`, request.expires_at));
  return parentOf(services, holder).andThen((parent) => {
    const ceiling = parent?.expiresAt ?? null;
    if (ceiling !== null && asked !== null && asked > ceiling) {
      return errAsync(expiryRefused(`A key made by an API key may not outlive it: expires_at must be at most ${isoTime(ceiling)}.`, request.expires_at));
    }
    return ResultAsync.fromSafePromise(services.apiKeys.list(holder.userId)).andThen((keys) => {
      const active = keys.filter((k) => k.revokedAt === null && (k.expiresAt === null || k.expiresAt > now));
      if (active.length >= MAX_ACTIVE_KEYS) return errAsync(tooMany());
      const key = mintApiKey(services.ids);
      const record: ApiKey = {
        id: services.ids.uuid(),
        ownerId: holder.userId,
        name: request.name,
        digest: services.digest.sha256(key),
        hint: keyHint(key),
        scopes,
        createdBy: parent?.id ?? null,
        createdAt: now,
        expiresAt: asked ?? ceiling,
        lastUsedAt: null,
        revokedAt: null,
      };
      return ResultAsync.fromSafePromise(stored(services, record, parent)).andThen((kept) =>
        kept ? okAsync({ api_key: key, key: apiKeyView(record, holder.keyId) }) : errAsync(keyRefused('The API key making this call was revoked.')),
      );
    });
  });
}

/** The acting API key, which must still be live; null for a person or a password session. */
function parentOf(services: Services, holder: KeyHolder): ResultAsync<ApiKey | null, AppError> {
  if (holder.keyId === null) return okAsync(null);
  return ResultAsync.fromSafePromise(services.apiKeys.get(holder.userId, holder.keyId)).andThen((parent) =>
    parent === undefined || parent.revokedAt !== null ? errAsync(keyRefused('The API key making this call was revoked.')) : okAsync(parent),
  );
}

/**
 * Inserts the key; a child whose parent was revoked meanwhile is revoked at once, so a revocation racing the
 * creation never leaves a live child behind (the revocation revokes the children it finds; this finds the rest).
 */
async function stored(services: Services, record: ApiKey, parent: ApiKey | null): Promise<boolean> {
  await services.apiKeys.insert(record);
  // A key that can trade is worth a security mail: whoever holds it can place orders a person then approves.
  if (record.scopes.includes('trade')) await services.news.add(securityNews(record.ownerId, { kind: 'trade_key_created', name: record.name }, record.createdAt, services.ids));
  if (parent === null) return true;
  const now = await services.apiKeys.get(record.ownerId, parent.id);
  if (now?.revokedAt === null) return true;
  await services.apiKeys.revoke(record.ownerId, record.id, services.clock.now());
  return false;
}

const expiryRefused = (message: string, given: string | undefined): AppError =>
  appError('OUT_OF_RANGE', { message, suggestion: 'Give a later (or earlier) expires_at, or none.', expected: 'a future ISO-8601 instant', received: { expires_at: given ?? null } });

const tooMany = (): AppError =>
  appError('CONFLICT', {
    message: `You already have ${String(MAX_ACTIVE_KEYS)} API keys that work; no more can be created until one is revoked or expires.`,
    suggestion: 'Revoke keys you no longer use (list_api_keys, then revoke_api_key, or on the API keys page).',
    seeTool: 'list_api_keys',
  });

/** An OAuth client may neither create nor revoke API keys. */
export const oauthMayNot = (what: 'create' | 'revoke'): AppError =>
  appError('FORBIDDEN', {
    message: `An OAuth client cannot ${what} API keys: keys are managed by the person (condor’s API keys page), a password session, or an API key.`,
    suggestion: 'Ask the person to manage API keys on condor’s API keys page (/api-keys).',
  });
