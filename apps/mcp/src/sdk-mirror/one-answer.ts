type Json = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a 2025-era POST can only ever be answered by one message: a single request (not a list) that asks for
 * no progress. Stateless serving cannot send the client requests and condor sends no log messages, so progress is
 * the one message that could come before the result.
 */
export function answersOnce(body: unknown): boolean {
  if (!isRecord(body) || typeof body.method !== 'string' || !('id' in body)) return false;
  const meta = isRecord(body.params) ? body.params._meta : undefined;
  return !isRecord(meta) || meta.progressToken === undefined;
}
