import { err, ok, type Result } from 'neverthrow';
import type { PasskeyRefusal } from './refusals.js';

export const MAX_PASSKEY_NAME = 60;

/** A passkey's name as kept: trimmed, 1–60 characters, no control characters. */
export function passkeyName(raw: unknown): Result<string, PasskeyRefusal> {
  if (typeof raw !== 'string') return err('invalid_name');
  const name = raw.trim();
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.length > MAX_PASSKEY_NAME || /[\u0000-\u001f\u007f-\u009f]/u.test(name)) return err('invalid_name');
  return ok(name);
}
