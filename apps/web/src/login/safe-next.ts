/** Where a login goes when it was not sent from a page (or was sent somewhere it may not go). */
export const DEFAULT_NEXT = '/login';

/**
 * The path to redirect to after logging in: `next` when it is a path on this server, else {@link DEFAULT_NEXT}.
 * No scheme, no host, no `//` or `/\` (which browsers read as another host), no control characters: so
 * the login page never redirects anywhere else.
 *
 * @example safeNext('/approve/abc') // '/approve/abc'; safeNext('//evil.example') // '/login'
 */
export function safeNext(next: string | null | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.length > 2048) return DEFAULT_NEXT;
  if (/^\/[/\\]/.test(next) || next.includes('\\') || hasControlCharacter(next)) return DEFAULT_NEXT;
  const base = 'http://condor.invalid';
  try {
    const url = new URL(next, base);
    // Dot segments are resolved by now ("/x/..%2F%2Fevil" → "//evil"): check the path that would be sent.
    if (url.origin !== base || /^\/[/\\]/.test(url.pathname)) return DEFAULT_NEXT;
    return `${url.pathname}${url.search}`;
  } catch {
    return DEFAULT_NEXT;
  }
}

const hasControlCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};
