import type { ErrorCode } from './codes.js';

/** What a bare HTTP status (no domain error behind it) is in an ErrorResult. */
export interface StatusSpec {
  /** The contract's code for the status (table 7.9); absent when the contract does not list it (`codeForStatus`). */
  readonly code?: ErrorCode;
  /** Its words, when nothing more precise is known (a bare `HTTPException`, a request the parser timed out). */
  readonly words: string;
}

/** The bare HTTP statuses the shells answer, one row each: a new status is a new row. */
export const HTTP_STATUSES = {
  400: { code: 'BAD_REQUEST', words: 'The request is malformed.' },
  401: { code: 'UNAUTHORIZED', words: 'Authentication is required.' },
  403: { code: 'FORBIDDEN', words: 'The request is not allowed.' },
  404: { code: 'NOT_FOUND', words: 'Nothing exists at this address.' },
  405: { words: 'This method is not allowed here.' },
  408: { words: 'The request took too long to arrive.' },
  409: { code: 'CONFLICT', words: 'The request conflicts with the current state.' },
  413: { words: 'The request body is too large.' },
  415: { words: 'The request body has an unsupported media type.' },
  422: { code: 'VALIDATION_ERROR', words: 'The request could not be processed.' },
  429: { code: 'TOO_MANY_REQUESTS', words: 'Too many requests.' },
  500: { code: 'INTERNAL_ERROR', words: 'The server failed to handle the request.' },
  503: { code: 'SERVICE_UNAVAILABLE', words: 'The service is unavailable.' },
} as const satisfies Record<number, StatusSpec>;

const BY_STATUS: Readonly<Partial<Record<number, StatusSpec>>> = HTTP_STATUSES;

/** The row of `status`, or undefined when the table has none. */
export const statusSpec = (status: number): StatusSpec | undefined => BY_STATUS[status];

/**
 * The words of a bare status; one the table lacks is refused (below 500) or failed (500 and up) in general terms.
 *
 * @example statusWords(415) // 'The request body has an unsupported media type.'
 */
export const statusWords = (status: number): string =>
  statusSpec(status)?.words ?? (status >= 500 ? HTTP_STATUSES[500].words : 'The request was refused.');
