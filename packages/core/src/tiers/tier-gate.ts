import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Tier } from '../ports/user-store.js';
import { blockedForFree, describeFreeParameter, type TierRules } from './tier-rules.js';

/**
 * Gate 3: a free-tier caller passing a premium parameter, or a premium value of a free one, gets
 * TIER_BLOCKED exactly as contract rule 2.1.2 says: the message names the blocked parameters, the
 * tier and the allowed parameters; `suggestion` recommends upgrading; `received` holds the blocked
 * parameters; `tier_upgrade_hint` is true.
 */
export function checkTier(
  tool: string,
  rules: TierRules | undefined,
  tier: Tier,
  given: Readonly<Record<string, unknown>>,
): ResultAsync<void, AppError> {
  if (rules === undefined || tier === 'premium') return okAsync(undefined);
  const blocked = blockedForFree(rules, given);
  const names = Object.keys(blocked);
  if (names.length === 0) return okAsync(undefined);
  const allowed = rules.freeParameters.map((name) => describeFreeParameter(rules, name)).join(', ');
  const plural = names.length > 1;
  return errAsync(
    appError('TIER_BLOCKED', {
      message:
        `The parameter${plural ? 's' : ''} ${names.join(', ')} ${plural ? 'are' : 'is'} not available on your current tier (${tier}). ` +
        `Parameters allowed for ${tool} on the ${tier} tier: ${allowed}.`,
      suggestion: `Upgrade to the premium tier (subscribe) to use ${names.join(', ')}, or call ${tool} again without ${plural ? 'them' : 'it'}.`,
      expected: `only these parameters on the ${tier} tier: ${allowed}`,
      received: blocked,
      seeTool: 'subscribe',
      tierUpgradeHint: true,
    }),
  );
}
