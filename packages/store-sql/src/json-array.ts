import type { Json } from '@condor/core';

/** The JSON array a text column holds; throws naming the column when it holds anything else. */
export function parseJsonArray(text: string, column: string): readonly Json[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${column} holds text that is not JSON`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new Error(`${column} holds JSON that is not an array`);
  return parsed as Json[];
}
