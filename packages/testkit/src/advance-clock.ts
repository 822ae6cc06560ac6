import type * as fc from 'fast-check';
import type { FakeClock } from './fakes/fake-clock.js';

/**
 * The model-based tests' "time passes" command: advances the real side's FakeClock and, when the
 * model keeps a `now`, the model's too.
 */
export class AdvanceClock<M extends object, R extends { readonly services: { readonly clock: FakeClock } }>
  implements fc.AsyncCommand<M, R>
{
  constructor(readonly ms: number) {}
  check = (): boolean => true;
  run(model: M, real: R): Promise<void> {
    if ('now' in model && typeof model.now === 'number') (model as { now: number }).now += this.ms;
    real.services.clock.advance(this.ms);
    return Promise.resolve();
  }
  toString = (): string => `advance(${String(this.ms)})`;
}
