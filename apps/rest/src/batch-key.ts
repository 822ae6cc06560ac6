/** The header a REST client uses to mark several calls as one tool-call batch (design §5). */
export const BATCH_HEADER = 'X-Batch-Id';

const MAX_LENGTH = 128;

/**
 * The batch key of a request: the `X-Batch-Id` header when present, otherwise a fresh UUID so
 * that every request is its own batch. Null when the header is longer than 128 characters.
 */
export function batchKeyOf(header: string | undefined): string | null {
  if (header === undefined || header === '') return crypto.randomUUID();
  return header.length <= MAX_LENGTH ? header : null;
}
