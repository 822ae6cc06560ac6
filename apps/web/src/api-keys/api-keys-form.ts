import { SCOPES, type NewKeyRequest } from '@condor/core';
import { field } from '../shared/form-field.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The create form as a key request: the ticked scopes, and the expiry day as its first instant (UTC). Core checks
 * the rest (a name, at least one scope, a future expiry); a day that is no date is passed on for core to refuse.
 */
export function keyRequestOf(form: Readonly<Record<string, unknown>>): NewKeyRequest {
  const day = (field(form, 'expires_on') ?? '').trim();
  return {
    name: (field(form, 'name') ?? '').trim(),
    scopes: SCOPES.filter((scope) => field(form, `scope_${scope}`) === 'on'),
    ...(day === '' ? {} : { expires_at: DAY.test(day) ? `${day}T00:00:00Z` : day }),
  };
}
