import type { Json, JsonObject } from '@condor/core';

/** The JSON a text column holds; throws naming the column when it holds text that is not JSON. */
function parseJson(text: string, column: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${column} holds text that is not JSON`, { cause: error });
  }
}

/** The JSON object a text column holds; throws naming the column when it holds anything else. */
export function parseJsonObject(text: string, column: string): JsonObject {
  const parsed = parseJson(text, column);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${column} holds JSON that is not an object`);
  }
  return parsed as JsonObject;
}

/** The JSON array a text column holds; throws naming the column when it holds anything else. */
export function parseJsonArray(text: string, column: string): readonly Json[] {
  const parsed = parseJson(text, column);
  if (!Array.isArray(parsed)) throw new Error(`${column} holds JSON that is not an array`);
  return parsed as Json[];
}
