import type { GateFinding } from '../condors/entry-rules.js';
import { appError, type AppError, type AppErrorDetails } from '../errors/app-error.js';
import type { Json } from '../ports/json.js';

/**
 * The findings as `received`: one key per reason name; findings about legs (and a reason found more than
 * once) are listed under their reason.
 * @example received([liquidity(A), liquidity(B), creditToWidth]) // { liquidity: [{ leg: A, … }, { leg: B, … }], credit_to_width: 0.096 }
 */
export function receivedOf(findings: readonly GateFinding[]): Record<string, Json> {
  const grouped = new Map<string, GateFinding[]>();
  for (const finding of findings) grouped.set(finding.reason, [...(grouped.get(finding.reason) ?? []), finding]);
  return Object.fromEntries(
    [...grouped].map(([reason, group]) => {
      const [only] = group;
      return [reason, group.length === 1 && only !== undefined && only.leg === undefined ? only.found : group.map((f) => f.found)];
    }),
  );
}

/**
 * ENTRY_REJECTED naming every failed check: the message says each reason in a sentence, `expected` each
 * limit once, `received` what was found under the reasons' names.
 */
export function gateRejected(what: string, findings: readonly GateFinding[], details: AppErrorDetails = {}): AppError {
  const limits = new Map(findings.map((f) => [f.reason, f.limit]));
  return appError('ENTRY_REJECTED', {
    message: `${what}. ${findings.map((f) => f.sentence).join(' ')}`,
    expected: [...limits].map(([reason, limit]) => `${reason}: ${limit}`).join('; '),
    received: receivedOf(findings),
    ...details,
  });
}
