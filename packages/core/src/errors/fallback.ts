import type { ErrorCode } from './codes.js';

const FALLBACK_CODES: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_ERROR',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The code for a bare HTTP status (contract table 7.9); statuses the table lacks keep their
 * status and get BAD_REQUEST (4xx) or INTERNAL_ERROR (5xx) — design §11.
 */
export const codeForStatus = (status: number): ErrorCode =>
  FALLBACK_CODES[status] ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
