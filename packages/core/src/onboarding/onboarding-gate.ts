import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import type { Services } from '../services.js';
import { onboardingState } from './onboarding-state.js';

/** Gate 4: trading tools are refused until onboarding is complete, naming the next step. */
export function checkOnboarding(userId: string, services: Services): ResultAsync<void, AppError> {
  return ResultAsync.fromSafePromise(onboardingState(userId, services)).andThen(({ next }) =>
    next === null
      ? okAsync(undefined)
      : errAsync(
          appError('ONBOARDING_REQUIRED', {
            message: `Onboarding is not complete, so trading tools are not available yet. Next step: ${next.instruction}`,
            suggestion: next.instruction,
            seeTool: next.tool,
            expected: 'the current End-User Agreement accepted and the current risk disclosure acknowledged',
          }),
        ),
  );
}
