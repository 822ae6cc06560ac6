import * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError } from '../errors/app-error.js';
import { defineOperation, WRITE } from '../operations/operation.js';
import { SavedStrategyId, SavedStrategyView, savedStrategyView } from './saved-view.js';

export const activateSavedStrategy = defineOperation({
  name: 'activate_saved_strategy',
  title: 'Activate a saved strategy',
  description: 'Makes a saved strategy the active one for its ticker; the previously active one of that ticker is deactivated.',
  input: v.strictObject({ saved_strategy_id: SavedStrategyId }),
  output: v.object({ strategy: SavedStrategyView }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'POST', path: '/strategies/saved/:saved_strategy_id/activate' },
  annotations: { ...WRITE, idempotentHint: true },
  errors: ['STRATEGY_NOT_FOUND', 'INVALID_UUID'],
  handler: ({ saved_strategy_id: id }, { services, caller }) =>
    ResultAsync.fromSafePromise(services.savedStrategies.activate(caller.userId, id)).andThen((strategy) =>
      strategy === undefined
        ? errAsync(appError('STRATEGY_NOT_FOUND', { received: { saved_strategy_id: id } }))
        : okAsync({ strategy: savedStrategyView(strategy) }),
    ),
});
