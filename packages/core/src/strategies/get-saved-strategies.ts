import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { SavedStrategyView, savedStrategyView } from './saved-view.js';

export const getSavedStrategies = defineOperation({
  name: 'get_saved_strategies',
  title: 'Saved strategies',
  description: 'Your saved strategies, newest first; at most one per ticker is active.',
  input: v.strictObject({}),
  output: v.object({ strategies: v.array(SavedStrategyView) }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/strategies/saved' },
  annotations: READ_ONLY,
  errors: [],
  handler: (_input, { services, caller }) =>
    ResultAsync.fromSafePromise(services.savedStrategies.list(caller.userId)).map((saved) => ({ strategies: saved.map(savedStrategyView) })),
});
