/** The request headers the origin check reads, by lower-case name. */
export interface OriginHeaders {
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly referer: string | undefined;
}

/**
 * Whether a form post comes from one of this server's own pages: its `Origin` (or, when a browser sent none, its
 * `Referer`) names either the deployment's public URL (scheme, host and port exactly; behind a proxy that rewrites
 * `Host`) or the host and port in `Host` (the scheme is not compared, as TLS may end at a proxy). A post naming
 * neither is refused, and so is `Origin: null` (a sandboxed frame, a redirect from elsewhere, a no-referrer page).
 *
 * @example isOwnOrigin({ host: 'condor.example', origin: 'https://condor.example', referer: undefined }, null) // true
 */
export function isOwnOrigin(headers: OriginHeaders, publicUrl: string | null): boolean {
  const claimed = parse(headers.origin ?? headers.referer);
  if (claimed === null || claimed.host === '') return false;
  if (publicUrl !== null && claimed.origin === parse(publicUrl)?.origin) return true;
  return headers.host !== undefined && claimed.host === parse(`${claimed.protocol}//${headers.host}`)?.host;
}

function parse(text: string | undefined): URL | null {
  if (text === undefined) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
