import { okAsync, type ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import type { AnyOperation, Caller, HandlerContext } from './operation.js';

/**
 * Gates 3–6 of design §3, in their fixed order. Each answers ok to let the call through.
 * Tier, onboarding, broker and quota rules arrive with their issues; until then they admit every call.
 */
export interface Gate {
  readonly name: 'tier' | 'onboarding' | 'broker' | 'quota';
  readonly applies: (operation: AnyOperation, caller: Caller) => boolean;
  readonly check: (operation: AnyOperation, input: unknown, ctx: HandlerContext<'user'>) => ResultAsync<void, AppError>;
}

const admit = (): ResultAsync<void, AppError> => okAsync(undefined);

export const GATES: readonly Gate[] = [
  { name: 'tier', applies: () => true, check: admit },
  { name: 'onboarding', applies: (op) => op.access === 'trading', check: admit },
  { name: 'broker', applies: (op) => op.needsBroker, check: admit },
  { name: 'quota', applies: (op, caller) => op.quota && caller.tier === 'free', check: admit },
];
