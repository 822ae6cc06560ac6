/**
 * Seconds to wait from a `Retry-After` header, in either form HTTP allows (delay seconds or an HTTP date), or
 * undefined when absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
