import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { nextUtcMidnight, utcDay } from './utc-day.js';

/**
 * Gate 6: counts the call against the free tier's daily quota for the tool — only once every
 * other gate has admitted it — or answers QUOTA_EXCEEDED with the reset time.
 */
export function chargeQuota(tool: string, userId: string, services: Services): ResultAsync<void, AppError> {
  const limit = services.config.freeQuotas[tool as keyof typeof services.config.freeQuotas];
  if (limit === undefined) return okAsync(undefined);
  const now = services.clock.now();
  return ResultAsync.fromSafePromise(services.quotas.consume(userId, tool, utcDay(now), limit)).andThen(({ admitted }) =>
    admitted ? okAsync(undefined) : errAsync(quotaExceeded(tool, limit, now)),
  );
}

function quotaExceeded(tool: string, limit: number, now: number): AppError {
  const resetAt = nextUtcMidnight(now);
  const seconds = Math.ceil((resetAt - now) / 1000);
  const resetText = new Date(resetAt).toISOString();
  return appError('QUOTA_EXCEEDED', {
    message: `You have used all ${String(limit)} ${tool} calls of the free tier for today. The quota resets at ${resetText} (in ${inWords(seconds)}).`,
    suggestion: `Wait until ${resetText} (00:00 UTC), or upgrade to the premium tier, which has no daily quota.`,
    expected: `at most ${String(limit)} ${tool} calls per UTC day on the free tier`,
    received: { tool, used: limit, resets_at: resetText },
    tierUpgradeHint: true,
    retryAfterSeconds: seconds,
  });
}

function inWords(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds % 3600) / 60);
  return hours > 0 ? `${String(hours)} h ${String(minutes)} min` : `${String(Math.max(minutes, 1))} min`;
}
