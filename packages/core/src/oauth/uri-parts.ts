/** A URI split as RFC 3986 appendix B does; the host keeps IPv6 brackets and is lower-cased. */
export interface UriParts {
  readonly scheme: string;
  /** Null when the URI has no `//authority`. */
  readonly host: string | null;
  readonly port: string | null;
  readonly hasUserinfo: boolean;
  readonly path: string;
  readonly query: string | null;
  readonly fragment: string | null;
}

const URI = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const AUTHORITY = /^(?:([^@]*)@)?(\[[0-9A-Fa-f:.]+\]|[^:@[\]]*)(?::(\d*))?$/;

/**
 * The parts of an absolute URI, or null when it is not one (or holds whitespace or control characters, which
 * no redirect URI or client id may).
 *
 * @example uriParts('http://127.0.0.1:8080/cb?x=1') // { scheme: 'http', host: '127.0.0.1', port: '8080', path: '/cb', query: 'x=1', … }
 */
export function uriParts(text: string): UriParts | null {
  if (hasSpaceOrControl(text)) return null;
  const match = URI.exec(text);
  if (match === null) return null;
  const [, scheme = '', authority, path = '', query, fragment] = match;
  const base = { scheme: scheme.toLowerCase(), path, query: query ?? null, fragment: fragment ?? null };
  if (authority === undefined) return { ...base, host: null, port: null, hasUserinfo: false };
  const parts = AUTHORITY.exec(authority);
  if (parts === null) return null;
  const [, userinfo, host = '', port] = parts;
  return { ...base, host: host.toLowerCase(), port: port === undefined || port === '' ? null : port, hasUserinfo: userinfo !== undefined };
}

/** The loopback names a native client's redirect (RFC 8252 §7.3) may use. */
export const isLoopbackHost = (host: string | null): boolean => host === '127.0.0.1' || host === '[::1]' || host === 'localhost';

const hasSpaceOrControl = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
};
