import type { JsonObject } from '@condor/core';

/** The JSON object a text column holds; throws naming the column when it holds anything else. */
export function parseJsonObject(text: string, column: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${column} holds text that is not JSON`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${column} holds JSON that is not an object`);
  }
  return parsed as JsonObject;
}
