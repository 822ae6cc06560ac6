import { codeForStatus } from './fallback.js';
import type { Scope } from '../scopes/scopes.js';
import type { AppError, PersonApproval } from './app-error.js';
import { ERROR_CATALOGUE } from './catalogue.js';
import type { SoftCode } from './codes.js';
import type { ErrorResult } from './error-result.js';
import { redactSecrets, scrubText } from './redact.js';

export interface RenderedError {
  readonly status: number;
  readonly body: ErrorResult;
  readonly retryAfterSeconds: number | null;
  /** The scope the call lacked, when the scope gate refused it (an `insufficient_scope` challenge); else null. */
  readonly requiredScope: Scope | null;
  /** Where a person may approve, when the call waits for one (`AppError.personApproval`); else null. */
  readonly personApproval: PersonApproval | null;
}

/**
 * The one renderer of failures: catalogue defaults, then the occurrence's details, secrets masked.
 * `secrets` are raw secret values from the caller's input, scrubbed from every text field too.
 */
export function renderError(error: AppError, secrets: readonly string[] = []): RenderedError {
  const spec = ERROR_CATALOGUE[error.code];
  const scrub = (text: string | null): string | null => (text === null ? null : scrubText(text, secrets));
  const received = error.received ?? null;
  return {
    status: spec.status,
    retryAfterSeconds: error.retryAfterSeconds ?? null,
    requiredScope: error.requiredScope ?? null,
    personApproval: error.personApproval ?? null,
    body: {
      error: error.code,
      message: scrub(error.message ?? spec.message) ?? spec.message,
      suggestion: scrub(error.suggestion ?? spec.suggestion),
      expected: scrub(error.expected ?? null),
      received: received === null ? null : scrubDeep(redactSecrets(received), secrets),
      see_tool: error.seeTool === undefined ? spec.seeTool : error.seeTool,
      tier_upgrade_hint: error.tierUpgradeHint ?? false,
    },
  };
}

function scrubDeep(value: unknown, secrets: readonly string[]): Record<string, unknown> {
  return JSON.parse(scrubText(JSON.stringify(value), secrets.map((s) => JSON.stringify(s).slice(1, -1)))) as Record<
    string,
    unknown
  >;
}

/** The `error`/`message`/`suggestion` fields a soft result carries beside its normal fields (HTTP 200). */
export interface SoftResultFields {
  readonly error: SoftCode;
  readonly message: string;
  readonly suggestion: string;
}

export const softResult = (code: SoftCode, message?: string): SoftResultFields => ({
  error: code,
  message: message ?? ERROR_CATALOGUE[code].message,
  suggestion: ERROR_CATALOGUE[code].suggestion,
});

/** Renders a bare HTTP status (no domain error behind it) through the fallback table, keeping the status. */
export function renderHttpStatus(status: number, message?: string): RenderedError {
  const rendered = renderError({ code: codeForStatus(status), ...(message === undefined ? {} : { message }) });
  return { ...rendered, status };
}
