import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation } from '../operations/operation.js';
import { SavedStrategyId } from './saved-view.js';

export const deleteSavedStrategy = defineOperation({
  name: 'delete_saved_strategy',
  title: 'Delete a saved strategy',
  description: 'Deletes one of your saved strategies (its optimization run stays in your history).',
  input: v.strictObject({ saved_strategy_id: SavedStrategyId }),
  output: v.object({ deleted: v.literal(true), saved_strategy_id: v.string() }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'DELETE', path: '/strategies/saved/:saved_strategy_id' },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  errors: ['STRATEGY_NOT_FOUND', 'INVALID_UUID'],
  handler: ({ saved_strategy_id: id }, { services, caller }) =>
    ResultAsync.fromSafePromise(services.savedStrategies.delete(caller.userId, id)).andThen((deleted) =>
      deleted
        ? okAsync({ deleted: true as const, saved_strategy_id: id })
        : errAsync(appError('STRATEGY_NOT_FOUND', { received: { saved_strategy_id: id } })),
    ),
});
