import { renderHttpStatus, type AnyOperation, type RenderedError } from '@condor/core';
import type { Context } from 'hono';
import { typedQuery } from './query-types.js';

/** The raw input of an operation, or the HTTP-level failure that stopped it being read. */
export type InputOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RenderedError };

const JSON_MEDIA_TYPE = 'application/json';

/**
 * Reads an operation's raw input: the query string for GET (numbers and booleans typed as the
 * operation declares them), the JSON body otherwise (an empty body is `{}`), with path parameters
 * merged over either. Only the core validates it.
 */
export async function readInput(c: Context, operation: AnyOperation): Promise<InputOutcome> {
  const outcome =
    operation.rest.method === 'GET' ? { ok: true as const, value: typedQuery(operation, queryInput(c.req.queries())) } : await bodyInput(c);
  const params = c.req.param() as Record<string, string>;
  if (!outcome.ok || Object.keys(params).length === 0 || !isPlainObject(outcome.value)) return outcome;
  return { ok: true, value: { ...outcome.value, ...params } };
}

/** Query parameters as an object: a repeated name becomes an array of its values. */
export const queryInput = (queries: Record<string, string[]>): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(queries).map(([name, values]) => [name, values.length === 1 ? (values[0] ?? '') : values]),
  );

async function bodyInput(c: Context): Promise<InputOutcome> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: {} };
  if (!isJsonMediaType(c.req.header('Content-Type'))) {
    return fail(415, 'The request body must be JSON: send it with Content-Type: application/json.');
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // JSON.parse's own message quotes the body, which may hold a password.
    return fail(400, 'The request body is not valid JSON. Send one JSON object, for example {"email": "..."}.');
  }
}

/** True for `application/json`, with or without parameters such as `charset`. */
export const isJsonMediaType = (contentType: string | undefined): boolean =>
  contentType?.split(';', 1)[0]?.trim().toLowerCase() === JSON_MEDIA_TYPE;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fail = (status: number, message: string): InputOutcome => ({ ok: false, error: renderHttpStatus(status, message) });
