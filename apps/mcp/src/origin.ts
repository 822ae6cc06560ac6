const originOf = (text: string): string | null => {
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a browser-sent `Origin` may reach the MCP endpoint: absent (not a browser), the request's
 * own host, or one of `allowedOrigins` (full origins such as `https://app.example.com`).
 */
export function isOriginAllowed(request: Request, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const parsed = originOf(origin);
  if (parsed === null) return false;
  if (new URL(parsed).host === new URL(request.url).host) return true;
  return allowedOrigins.some((allowed) => originOf(allowed) === parsed);
}
