import type { ErrorCode } from './codes.js';
import { statusSpec } from './http-statuses.js';

/**
 * The code for a bare HTTP status (contract table 7.9, the codes of `HTTP_STATUSES`); other statuses keep
 * their status and get BAD_REQUEST (4xx) or INTERNAL_ERROR (5xx) — design §11.
 */
export const codeForStatus = (status: number): ErrorCode =>
  statusSpec(status)?.code ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
