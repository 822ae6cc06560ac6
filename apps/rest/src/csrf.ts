const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * True when a cookie-authenticated, state-changing request comes from another origin: its
 * `Origin` names a host other than the request's `Host`. An unparsable `Origin` (such as
 * `null` from a sandboxed frame) counts as foreign. Requests without `Origin` pass.
 */
export function isCrossSiteWrite(method: string, origin: string | undefined, host: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase()) || origin === undefined) return false;
  const originUrl = parseUrl(origin);
  if (originUrl === null) return true;
  const hostUrl = parseUrl(`${originUrl.protocol}//${host}`);
  return hostUrl === null || hostUrl.host !== originUrl.host;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
