import { okAsync, ResultAsync, type Result } from 'neverthrow';

export interface CoalescingCacheOptions {
  /** How long a fetched value is reused, milliseconds from when its fetch finished. */
  readonly ttlMs: number;
  /** Epoch milliseconds. */
  readonly now: () => number;
}

/**
 * Values by key, each fetched once and reused for `ttlMs`. While a key's fetch is in flight, every
 * other `get` of that key waits for it and shares its result, so a burst of callers costs one fetch.
 * A failure is handed to the callers that waited for it but not kept: the next `get` fetches again.
 * @example
 * const chains = new CoalescingCache<readonly OptionContract[], MarketDataError>({ ttlMs: 30_000, now });
 * chains.get('SPY|2026-12-18', () => fetchChain('SPY', '2026-12-18'));
 */
export class CoalescingCache<V, E> {
  private readonly settled = new Map<string, { readonly at: number; readonly value: V }>();
  private readonly inFlight = new Map<string, Promise<Result<V, E>>>();

  constructor(private readonly options: CoalescingCacheOptions) {}

  /** The fresh value of `key`, else the result of the fetch in flight for it, else of a new `fetch()`. */
  get(key: string, fetch: () => ResultAsync<V, E>): ResultAsync<V, E> {
    const cached = this.settled.get(key);
    if (cached && this.isFresh(cached.at)) return okAsync(cached.value);
    const pending = this.inFlight.get(key) ?? this.start(key, fetch);
    return new ResultAsync(pending);
  }

  private start(key: string, fetch: () => ResultAsync<V, E>): Promise<Result<V, E>> {
    const pending = Promise.resolve(fetch())
      .then((result) => {
        if (result.isOk()) this.keep(key, result.value);
        return result;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, pending);
    return pending;
  }

  /** Stores the value and drops the stale ones, so keys asked once do not pile up. */
  private keep(key: string, value: V): void {
    for (const [other, entry] of this.settled) if (!this.isFresh(entry.at)) this.settled.delete(other);
    this.settled.set(key, { at: this.options.now(), value });
  }

  private isFresh(at: number): boolean {
    return this.options.now() - at < this.options.ttlMs;
  }
}
