import { ResultAsync } from 'neverthrow';

/**
 * Runs asynchronous work one piece at a time, in call order: a process answers one paper account's
 * calls the way a broker's matching engine does, so its own calls never race each other for the
 * account's version in the ledger (which is what keeps calls of several instances apart).
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T, E>(work: () => ResultAsync<T, E>): ResultAsync<T, E> {
    const result = this.tail.then(() => work());
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return new ResultAsync(result);
  }
}
