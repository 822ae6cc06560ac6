import { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import { ERROR_CATALOGUE } from '../errors/catalogue.js';
import type { Services } from '../services.js';
import type { DeskSection } from './desk-types.js';

/**
 * One part of the desk from `read`: its items, or the error's sentence as the part's problem. A part that throws
 * (a store down) is logged and said in words, so one unreadable part never hides the others.
 */
export function deskSection<T>(services: Services, part: string, read: () => ResultAsync<readonly T[], AppError>): ResultAsync<DeskSection<T>, never> {
  const settled = Promise.resolve()
    .then(read)
    .then(
      (result) =>
        result.match(
          (items): DeskSection<T> => ({ items, problem: null }),
          (error): DeskSection<T> => ({ items: [], problem: error.message ?? ERROR_CATALOGUE[error.code].message }),
        ),
      (thrown: unknown): DeskSection<T> => {
        services.logger.error('desk_part_failed', { part, error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
        return { items: [], problem: 'condor could not read this part of your desk just now; it will try again.' };
      },
    );
  return ResultAsync.fromSafePromise(settled);
}
