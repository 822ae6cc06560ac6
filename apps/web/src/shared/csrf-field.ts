import { timingSafeEqual } from 'node:crypto';

/** The hidden form field that carries the CSRF token. */
export const CSRF_FIELD = 'csrf_token';

/** Whether a posted CSRF token equals the session's, compared in constant time. */
export function csrfMatches(expected: string, posted: string | null): boolean {
  if (posted === null) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(posted, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
