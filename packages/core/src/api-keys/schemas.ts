import * as v from 'valibot';
import { isoTime } from '../words/time.js';
import type { ApiKey } from '../ports/api-key-store.js';
import { SCOPES } from '../scopes/scopes.js';
import { maskedKey } from './key-text.js';

export const ApiKeyId = v.pipe(v.string(), v.uuid(), v.description('The api_key_id from list_api_keys.'));

export const ScopeList = v.pipe(
  v.array(v.picklist(SCOPES)),
  v.minLength(1),
  v.maxLength(SCOPES.length),
  v.description("What the key may do: 'read' (research, reading the account), 'propose' (make proposals), 'trade' (confirm and cancel, broker, terms, billing, API keys)."),
);

/** An API key as answers show it: everything but the key itself. */
export const ApiKeyView = v.object({
  api_key_id: v.string(),
  name: v.string(),
  key_hint: v.pipe(v.string(), v.description('The prefix and the last four characters, e.g. condor_sk_…x9Qe; the key itself is shown only when it is created.')),
  scopes: v.array(v.picklist(SCOPES)),
  created_at: v.string(),
  expires_at: v.nullable(v.string()),
  last_used_at: v.pipe(v.nullable(v.string()), v.description('The last request made with the key, to the minute; null: never used.')),
  revoked_at: v.nullable(v.string()),
  created_by_key_id: v.pipe(v.nullable(v.string()), v.description('The key that created this one (revoking it revokes this one too); null: created by the person.')),
  current: v.pipe(v.boolean(), v.description('Whether this is the key making this call.')),
});

export type ApiKeyViewOutput = v.InferOutput<typeof ApiKeyView>;

const timeOrNull = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));

/** The view of `key`; `currentKeyId` is the key making the call, if a key is. */
export const apiKeyView = (key: ApiKey, currentKeyId: string | null): ApiKeyViewOutput => ({
  api_key_id: key.id,
  name: key.name,
  key_hint: maskedKey(key.hint),
  scopes: [...key.scopes],
  created_at: isoTime(key.createdAt),
  expires_at: timeOrNull(key.expiresAt),
  last_used_at: timeOrNull(key.lastUsedAt),
  revoked_at: timeOrNull(key.revokedAt),
  created_by_key_id: key.createdBy,
  current: key.id === currentKeyId,
});
