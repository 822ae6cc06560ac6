import { ResultAsync } from 'neverthrow';

/**
 * Runs asynchronous work one piece at a time, in call order: a paper account answers its calls the
 * way a broker's matching engine does, so a check and the write it guards never interleave with
 * another call (50 concurrent submits of one client order id place one order).
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
