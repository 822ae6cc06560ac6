/** The database URL as logs may show it: a PostgreSQL password in it is replaced by `***`. */
export function displayDatabaseUrl(url: string): string {
  if (!/^postgres(ql)?:\/\//.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(an unparseable URL)';
  }
}
