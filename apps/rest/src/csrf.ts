const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** `none`: the user started the request (typed URL, bookmark) — no page can send it on their behalf. */
const SAME_ORIGIN_FETCH_SITES = new Set(['same-origin', 'none']);

/** A request's headers by lower-case name, as Hono's `c.req.header()` returns them. */
export type RequestHeaders = Readonly<Record<string, string | undefined>>;

/**
 * True when a cookie-authenticated, state-changing request may come from another site. It passes only
 * when at least one of `Sec-Fetch-Site`, `Origin` and `Referer` is present and every one present says
 * this origin: `Sec-Fetch-Site` is `same-origin` or `none`, and `Origin` and `Referer` name either the
 * deployment's public URL (scheme, host and port exactly: behind a proxy that rewrites `Host`, as nginx's
 * `proxy_set_header Host $host` drops the port) or the host in `host`. Every browser in use sends
 * `Sec-Fetch-Site` or `Origin` on a write, so a cookie write with none of the three is refused too;
 * clients that are not browsers send `Authorization: Bearer`. An unparsable `Origin` or `Referer` (such
 * as `null` from a sandboxed frame) counts as foreign.
 *
 * @example isCrossSiteWrite('POST', { host: 'condor.example', 'sec-fetch-site': 'cross-site' }) // true
 * @example isCrossSiteWrite('POST', { host: 'condor.example', origin: 'https://condor.example:8443' }, 'https://condor.example:8443') // false
 */
export function isCrossSiteWrite(method: string, headers: RequestHeaders, publicUrl: string | null = null): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const { host, origin, referer } = headers;
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === undefined && origin === undefined && referer === undefined) return true;
  const publicOrigin = publicUrl === null ? null : (parseUrl(publicUrl)?.origin ?? null);
  return (
    (fetchSite !== undefined && !SAME_ORIGIN_FETCH_SITES.has(fetchSite.trim().toLowerCase())) ||
    (origin !== undefined && !namesThisServer(origin, host, publicOrigin)) ||
    (referer !== undefined && !namesThisServer(referer, host, publicOrigin))
  );
}

/**
 * Whether a URL is on `publicOrigin` exactly, or its host (and port) is `host` (the scheme not compared, as TLS
 * may end at a proxy).
 */
function namesThisServer(url: string, host: string | undefined, publicOrigin: string | null): boolean {
  const parsed = parseUrl(url);
  if (parsed === null || parsed.host === '') return false;
  if (publicOrigin !== null && parsed.origin === publicOrigin) return true;
  return host !== undefined && parseUrl(`${parsed.protocol}//${host}`)?.host === parsed.host;
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
