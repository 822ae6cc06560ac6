import type { ToolName } from '../operations/tool-names.js';
import type { Scope } from '../scopes/scopes.js';
import type { ErrorCode } from './codes.js';

/**
 * A failure as the domain reports it: a code plus whatever is specific to this occurrence.
 * Anything left out falls back to the catalogue's defaults when rendered.
 */
export interface AppError {
  readonly code: ErrorCode;
  readonly message?: string;
  readonly suggestion?: string;
  readonly expected?: string | null;
  readonly received?: Readonly<Record<string, unknown>> | null;
  readonly seeTool?: ToolName | null;
  readonly tierUpgradeHint?: boolean;
  /** For 429/503: seconds until a retry can succeed (shells turn it into `Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** For a refusal by the scope gate: the scope the call needs (shells turn it into an `insufficient_scope` challenge). */
  readonly requiredScope?: Scope;
  /**
   * For a CONFIRM_BLOCKED that waits for a person: where they may approve — only on the approval page (`page`), or
   * also in an MCP client that asks them or shows the order ticket (`page_or_client`). Shells decide on this, never
   * on the words of `message` or `expected`.
   */
  readonly personApproval?: PersonApproval;
}

/** Where a person may give the approval a CONFIRM_BLOCKED waits for (see `AppError.personApproval`). */
export type PersonApproval = 'page' | 'page_or_client';

export type AppErrorDetails = Omit<AppError, 'code'>;

/** @example appError('INVALID_QTY', { received: { qty: 0 } }) */
export const appError = (code: ErrorCode, details: AppErrorDetails = {}): AppError => ({ code, ...details });
