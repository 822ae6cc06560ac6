const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/**
 * The database URL as logs may show it: for PostgreSQL only scheme, user, host, port and database —
 * a password can also sit in the query (`?password=`, `sslpassword=`), so none of the query is shown.
 */
export function displayDatabaseUrl(url: string): string {
  if (!POSTGRES_URL.test(url)) return url;
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${parsed.username}@`;
    return `${parsed.protocol.toLowerCase()}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(an unparseable URL)';
  }
}
