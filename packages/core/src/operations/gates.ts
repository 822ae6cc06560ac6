import type { ResultAsync } from 'neverthrow';
import type { AppError } from '../errors/app-error.js';
import { checkBrokerConnected } from '../brokers/user-broker.js';
import { checkOnboarding } from '../onboarding/onboarding-gate.js';
import { chargeQuota } from '../quotas/quota-gate.js';
import { checkTier } from '../tiers/tier-gate.js';
import type { AnyOperation, HandlerContext } from './operation.js';

/** What a gate sees: the operation, the parameters exactly as the caller gave them, and the call. */
export interface GateCall {
  readonly operation: AnyOperation;
  readonly given: Readonly<Record<string, unknown>>;
  readonly ctx: HandlerContext<'user'>;
}

/** Gates 3–6 of design §3, in their fixed order; each admits the call or answers why not. */
export interface Gate {
  readonly name: 'tier' | 'onboarding' | 'broker' | 'quota';
  readonly applies: (operation: AnyOperation, ctx: HandlerContext<'user'>) => boolean;
  readonly check: (call: GateCall) => ResultAsync<void, AppError>;
}

export const GATES: readonly Gate[] = [
  {
    name: 'tier',
    applies: (op) => op.tier !== undefined,
    check: ({ operation, given, ctx }) => checkTier(operation.name, operation.tier, ctx.caller.tier, given),
  },
  {
    name: 'onboarding',
    applies: (op) => op.access === 'trading',
    check: ({ ctx }) => checkOnboarding(ctx.caller.userId, ctx.services),
  },
  {
    name: 'broker',
    applies: (op) => op.needsBroker,
    check: ({ ctx }) => checkBrokerConnected(ctx.caller.userId, ctx.services),
  },
  {
    name: 'quota',
    applies: (op, ctx) => op.quota && ctx.caller.tier === 'free',
    check: ({ operation, ctx }) => chargeQuota(operation.name, ctx.caller.userId, ctx.services),
  },
];
