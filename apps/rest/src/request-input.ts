import { renderHttpStatus, type AnyOperation, type RenderedError } from '@condor/core';
import { getQueryParams } from 'hono/utils/url';
import { typedQuery } from './query-types.js';

/** The raw input of an operation, or the HTTP-level failure that stopped it being read. */
export type InputOutcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: RenderedError };

const JSON_MEDIA_TYPE = 'application/json';

/**
 * Reads an operation's raw input: the query string for GET (numbers and booleans typed as the
 * operation declares them), the JSON body otherwise (an empty body is `{}`), with the path parameters
 * `params` merged over either. Only the core validates it.
 */
export async function readInput(request: Request, params: Readonly<Record<string, string>>, operation: AnyOperation): Promise<InputOutcome> {
  const outcome =
    operation.rest.method === 'GET'
      ? { ok: true as const, value: typedQuery(operation, queryInput(getQueryParams(request.url) as Record<string, string[]>)) }
      : await bodyInput(request);
  if (!outcome.ok || Object.keys(params).length === 0 || !isPlainObject(outcome.value)) return outcome;
  return { ok: true, value: { ...outcome.value, ...params } };
}

/** Query parameters as an object: a repeated name becomes an array of its values. */
export const queryInput = (queries: Record<string, string[]>): Record<string, string | string[]> =>
  Object.fromEntries(
    Object.entries(queries).map(([name, values]) => [name, values.length === 1 ? (values[0] ?? '') : values]),
  );

async function bodyInput(request: Request): Promise<InputOutcome> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: {} };
  if (!isJsonMediaType(request.headers.get('Content-Type') ?? undefined)) {
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
